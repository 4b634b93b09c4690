/* late_toucher HEAP_MIB MAP_MIB: allocates HEAP_MIB MiB at once in its
 * first moments (its heap's only milestones), sleeps 1.2 s, then touches
 * them and maps and touches MAP_MIB MiB more that the allocator never
 * sees, prints "held N" (its VmRSS then, in bytes) and sleeps until it is
 * killed, with no call of the allocator after its first second. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static long _vmrss(void)
{
    char line[256];
    long kib = -1;
    FILE *f = fopen("/proc/self/status", "r");

    while (f && fgets(line, sizeof(line), f))
        if (!strncmp(line, "VmRSS:", 6))
            kib = atol(line + 6);
    if (f)
        fclose(f);
    return kib * 1024;
}

int main(int argc, char **argv)
{
    size_t heap = (size_t)atol(argc > 1 ? argv[1] : "0") << 20;
    size_t map = (size_t)atol(argc > 2 ? argv[2] : "0") << 20;
    struct timespec young = {1, 200000000};
    char *block = malloc(heap), *mapped;
    long held;

    if (!block || !heap)
        return 2;
    nanosleep(&young, NULL);
    mapped = mmap(NULL, map, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED)
        return 2;
    memset(block, 1, heap);
    memset(mapped, 1, map);
    held = _vmrss();
    printf("held %ld\n", held);
    fflush(stdout);
    for (;;)
        pause();
}
