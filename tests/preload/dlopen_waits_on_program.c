/* A thread inside dlopen, holding the dynamic loader's lock, runs this
 * object's constructor, which waits for a lock of the program's: the
 * program's hook (dlopen_under_lock.c) says when that lock is free. */
void waiting_constructor(void);

__attribute__((constructor)) static void _construct(void)
{
    waiting_constructor();
}
