/* hl_close_from and its fallback hl_close_each: a range closed, the
 * descriptors outside it kept, and the fallback bounded by the open-file
 * limit (a kernel without close_range, as RHEL 8's, takes that path). */
#define _GNU_SOURCE /* close_range */
#include <fcntl.h>
#include <sys/resource.h>

#include "../tap.h"
#include "close_from.h"

static int _open_at(int fd)
{
    int tmp = open("/dev/null", O_RDONLY);

    if (tmp < 0 || dup2(tmp, fd) != fd)
        return -1;
    close(tmp);
    return fd;
}

static int _is_open(int fd)
{
    return fcntl(fd, F_GETFD) >= 0;
}

static void _range(const char *how, void (*close_fn)(unsigned, unsigned))
{
    ok(_open_at(10) == 10 && _open_at(11) == 11 && _open_at(200) == 200 &&
           _open_at(201) == 201,
       "%s: descriptors 10, 11, 200 and 201 open", how);
    close_fn(11, 200);
    ok(_is_open(10) && !_is_open(11) && !_is_open(200) && _is_open(201),
       "%s: 11 to 200 closed, 10 and 201 kept", how);
    close_fn(201, ~0U);
    ok(!_is_open(201) && _is_open(10), "%s: 201 to the end closed", how);
    close(10);
}

static void _each(unsigned first, unsigned last)
{
    hl_close_each(first, last);
}

static void _from(unsigned first, unsigned last)
{
    hl_close_from(first, last);
}

int main(void)
{
    struct rlimit lim;

    _range("close_range", _from);
    _range("one by one", _each);

    /* The fallback stops at the limit: a descriptor above a lowered soft
     * limit stays open (the loop never reaches it). */
    ok(_open_at(300) == 300, "descriptor 300 open");
    getrlimit(RLIMIT_NOFILE, &lim);
    lim.rlim_cur = 256;
    ok(setrlimit(RLIMIT_NOFILE, &lim) == 0, "soft limit lowered to 256");
    hl_close_each(3, ~0U);
    ok(_is_open(300), "one by one: nothing above the limit tried");
    return done_testing();
}
