/* The step folder: its path, parents made, symlinks and strangers refused. */
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../spank/pattern.h"
#include "../../spank/stepdir.h"
#include "tap.h"

int main(void)
{
    char tmpl[] = "/tmp/hl-stepdir-XXXXXX", path[512], other[512], why[512];
    char *top = mkdtemp(tmpl);
    struct stat st;
    int fd;

    if (!top)
        return 99;
    ok(hl_stepdir_path(".", "/home/a", 12, 0, path, sizeof(path)) == 0,
       "relative base");
    is_str(path, "/home/a/heapline-12.0", "taken from the working dir");
    ok(hl_stepdir_path("./out/x", "/home/a", 12, 0, path, sizeof(path)) == 0,
       "relative base with ./");
    is_str(path, "/home/a/out/x/heapline-12.0", "without the ./");
    ok(hl_stepdir_path("/scratch/a", "/home/a", 12, 3, path, sizeof(path)) == 0,
       "absolute base");
    is_str(path, "/scratch/a/heapline-12.3", "the working dir is not used");
    ok(hl_stepdir_path("/scratch", "/", 1, 2, path, 10) < 0,
       "too long is an error");

    {
        char cwd[256], user[64], want[512];

        if (!getcwd(cwd, sizeof(cwd)))
            return 99;
        hl_user_name(getuid(), user, sizeof(user));
        snprintf(want, sizeof(want), "%s/out/%s/heapline-7.1", cwd, user);
        ok(hl_stepdir_locate("out/%u", 7, 1, getuid(), path, sizeof(path), why,
                             sizeof(why)) == 0,
           "locate a relative pattern");
        is_str(path, want, "from the working directory, %%u expanded");
        ok(hl_stepdir_locate("/x/%N", 7, 1, getuid(), path, sizeof(path), why,
                             sizeof(why)) < 0 &&
               strstr(why, "bad folder pattern"),
           "a bad pattern is told: %s", why);
    }

    umask(022);
    snprintf(path, sizeof(path), "%s/a/b/heapline-5.0", top);
    ok(hl_stepdir_make(path, getuid(), why, sizeof(why)) == 0,
       "made with its missing parents: %s", why);
    ok(stat(path, &st) == 0 && S_ISDIR(st.st_mode) &&
           (st.st_mode & 0777) == 0755,
       "a folder, mode 0755 under umask 022");
    ok(hl_stepdir_make(path, getuid(), why, sizeof(why)) == 0,
       "a second task finds it made (EEXIST is fine)");
    fd = hl_stepdir_open(path, getuid(), why, sizeof(why));
    ok(fd >= 0, "opens for openat");
    close(fd);

    snprintf(other, sizeof(other), "%s/a/b/heapline-6.0", top);
    ok(symlink("/tmp", other) == 0, "plant a symlink where a folder goes");
    ok(hl_stepdir_make(other, getuid(), why, sizeof(why)) != 0,
       "a symlink is refused: %s", why);
    ok(hl_stepdir_open(other, getuid(), why, sizeof(why)) < 0,
       "and never opened through");

    ok(hl_stepdir_make(path, getuid() + 1, why, sizeof(why)) == EPERM,
       "a folder of another uid is refused: %s", why);

    snprintf(other, sizeof(other), "%s/a/b/heapline-7.0", top);
    ok(mkdir(other, 0777) == 0 && chmod(other, 0777) == 0, "a 0777 folder");
    ok(hl_stepdir_make(other, getuid(), why, sizeof(why)) == EPERM,
       "a folder writable by others is refused: %s", why);

    snprintf(other, sizeof(other), "%s/file/heapline-8.0", top);
    snprintf(why, sizeof(why), "%s/file", top);
    fclose(fopen(why, "w"));
    ok(hl_stepdir_make(other, getuid(), why, sizeof(why)) == ENOTDIR,
       "a file in the way is an error: %s", why);

    snprintf(why, sizeof(why), "rm -rf '%s'", top);
    if (system(why) != 0)
        return 99;
    return tap_done();
}
