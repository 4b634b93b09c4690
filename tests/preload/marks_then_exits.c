/* Allocates, then calls close(-77), the mark that kill_at_syscall counts
 * from, and returns 0: what follows the mark is the exit path. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *volatile _kept;

int main(void)
{
    for (int i = 0; i < 10; i++) {
        _kept = malloc(1 << 20);
        memset(_kept, i, 1 << 20);
    }
    (void)!close(-77);
    return 0;
}
