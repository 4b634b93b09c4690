/*
 * The step folder: its path, the site folder's part of a pattern, and the
 * walk from "/" that makes and opens it: links, strangers' folders and
 * folders writable by others refused wherever they are in the path, each
 * named; a missing site folder never made by a job.
 */
#include <errno.h>
#include <pwd.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plugin/pattern.h"
#include "stepd/stepdir.h"
#include "../../tap.h"

static char why[1024];

static int _open(const char *path, size_t site_len, bool make, uid_t uid)
{
    int fd;

    why[0] = '\0';
    fd = hl_stepdir_open(path, site_len, make, uid, why, sizeof(why));
    if (fd >= 0)
        close(fd);
    return fd >= 0 ? 0 : errno;
}

static void _paths(void)
{
    char path[512], cwd[256], user[64], want[512];

    ok(hl_stepdir_path(".", "/home/a", "12.0", path, sizeof(path)) == 0,
       "relative base");
    is_str(path, "/home/a/heapline-12.0", "taken from the working dir");
    ok(hl_stepdir_path("./out/x", "/home/a", "12.0", path, sizeof(path)) == 0,
       "relative base with ./");
    is_str(path, "/home/a/out/x/heapline-12.0", "without the ./");
    ok(hl_stepdir_path("/scratch/a", "/home/a", "81_2.3", path, sizeof(path)) ==
           0,
       "absolute base");
    is_str(path, "/scratch/a/heapline-81_2.3",
           "the working dir is not used, the step's name is");
    ok(hl_stepdir_path("/scratch", "/", "1.2", path, 10) < 0,
       "too long is an error");

    if (!getcwd(cwd, sizeof(cwd)))
        exit(99);
    hl_user_name(getuid(), user, sizeof(user));
    snprintf(want, sizeof(want), "%s/out/%s-7/heapline-7.1", cwd, user);
    ok(hl_stepdir_locate("out/%u-%j", 7, 1, "7.1", getuid(), path, sizeof(path),
                         why, sizeof(why)) == 0,
       "locate a relative pattern");
    is_str(path, want, "from the working directory, %%u and %%j expanded");
    ok(hl_stepdir_locate("/x/%N", 7, 1, "7.1", getuid(), path, sizeof(path),
                         why, sizeof(why)) < 0 &&
           strstr(why, "bad folder pattern"),
       "a bad pattern is told: %s", why);

    ok(hl_stepdir_site_len("/scratch/hl/%u") == 11,
       "site folder of /scratch/hl/%%u: /scratch/hl");
    ok(hl_stepdir_site_len("/scratch/%u/heapline") == 8,
       "site folder of /scratch/%%u/heapline: /scratch");
    ok(hl_stepdir_site_len("/scratch/hl-%j") == 8,
       "site folder of /scratch/hl-%%j: /scratch");
    ok(hl_stepdir_site_len("/scratch/hl//") == 11,
       "a pattern without letters is all site folder, trailing / aside");
    ok(hl_stepdir_site_len("out/%u") == 0 && hl_stepdir_site_len(".") == 0,
       "a relative pattern names no site folder");
}

int main(void)
{
    char tmpl[] = "/tmp/hl-stepdir-XXXXXX", path[512], other[512];
    char *top = mkdtemp(tmpl);
    struct passwd *nobody = getpwnam("nobody");
    uid_t me = getuid();
    struct stat st;

    if (!top)
        return 99;
    _paths();

    umask(022);
    snprintf(path, sizeof(path), "%s/a/b/heapline-5.0", top);
    ok(_open(path, 0, true, me) == 0, "made with its missing parents: %s", why);
    ok(stat(path, &st) == 0 && S_ISDIR(st.st_mode) &&
           (st.st_mode & 0777) == 0755,
       "a folder, mode 0755 under umask 022");
    ok(_open(path, 0, true, me) == 0,
       "a second task finds it made (EEXIST is fine)");
    ok(_open(path, 0, false, me) == 0, "opened without making");
    snprintf(other, sizeof(other), "%s/a/b/heapline-5.1", top);
    ok(_open(other, 0, false, me) == ENOENT && access(other, F_OK) < 0,
       "not made when only opening: %s", why);

    snprintf(other, sizeof(other), "%s/a/b/heapline-6.0", top);
    ok(symlink("/tmp", other) == 0, "plant a symlink where a folder goes");
    ok(_open(other, 0, true, me) == ELOOP && strstr(why, "heapline-6.0 is a "
                                                         "symbolic link"),
       "a symlink is refused, and named: %s", why);

    snprintf(other, sizeof(other), "%s/link", top);
    snprintf(path, sizeof(path), "%s/a", top);
    ok(symlink(path, other) == 0, "plant a symlink to a folder in the path");
    snprintf(path, sizeof(path), "%s/link/b/heapline-5.0", top);
    snprintf(other, sizeof(other), "%s/link is a symbolic link", top);
    ok(_open(path, 0, true, me) == ELOOP && strstr(why, other),
       "a symlink above the folder is refused, and named: %s", why);
    ok(_open(path, 0, false, me) == ELOOP, "and never opened through");

    snprintf(path, sizeof(path), "%s/ww", top);
    ok(mkdir(path, 0777) == 0 && chmod(path, 0777) == 0,
       "a folder writable by all, not sticky, in the path");
    snprintf(path, sizeof(path), "%s/ww/heapline-9.0", top);
    ok(_open(path, 0, true, me) == EPERM &&
           strstr(why, "/ww is writable by other users and not sticky"),
       "refused, and named: %s", why);
    snprintf(path, sizeof(path), "%s/ww", top);
    ok(chmod(path, 01777) == 0, "made sticky, like /tmp");
    snprintf(path, sizeof(path), "%s/ww/heapline-9.0", top);
    ok(_open(path, 0, true, me) == 0, "a sticky shared folder is fine: %s",
       why);
    snprintf(path, sizeof(path), "%s/ww/heapline-9.1", top);
    ok(mkdir(path, 0777) == 0 && chmod(path, 0777) == 0 &&
           _open(path, 0, true, me) == EPERM &&
           strstr(why, "heapline-9.1 is writable by other users"),
       "the step folder itself writable by others is refused: %s", why);

    snprintf(path, sizeof(path), "%s/site/alice/heapline-3.0", top);
    ok(_open(path, strlen(top) + 5, true, me) == ENOENT &&
           strstr(why, "site folder") && strstr(why, "/site does not exist"),
       "a missing site folder is refused, not made: %s", why);
    snprintf(path, sizeof(path), "%s/site", top);
    ok(access(path, F_OK) < 0, "and it is still missing");
    ok(mkdir(path, 01777) == 0 && chmod(path, 01777) == 0,
       "the administrator makes it, 1777");
    snprintf(path, sizeof(path), "%s/site/alice/heapline-3.0", top);
    ok(_open(path, strlen(top) + 5, true, me) == 0,
       "then the user's folder in it is made: %s", why);

    snprintf(path, sizeof(path), "%s/file/heapline-8.0", top);
    snprintf(other, sizeof(other), "%s/file", top);
    fclose(fopen(other, "w"));
    ok(_open(path, 0, true, me) == ENOTDIR && strstr(why, "is not a folder"),
       "a file in the way is an error: %s", why);
    ok(_open("relative/heapline-1.0", 0, true, me) == EINVAL,
       "a relative path is refused: %s", why);

    snprintf(path, sizeof(path), "%s/a/b/heapline-5.0", top);
    ok(_open(path, 0, true, me + 1) == EPERM &&
           strstr(why, "heapline-5.0 belongs to"),
       "a step folder of another user is refused: %s", why);
    if (me == 0 && nobody) {
        snprintf(path, sizeof(path), "%s/a", top);
        ok(chown(path, nobody->pw_uid, nobody->pw_gid) == 0,
           "a folder in the path given to another user");
        snprintf(path, sizeof(path), "%s/a/b/heapline-5.0", top);
        ok(_open(path, 0, true, me) == 0,
           "is crossed: a project folder may be its leader's: %s", why);
        snprintf(path, sizeof(path), "%s/a", top);
        ok(chmod(path, 0777) == 0, "then made writable by all, not sticky");
        snprintf(path, sizeof(path), "%s/a/b/heapline-5.0", top);
        ok(_open(path, 0, true, me) == EPERM &&
               strstr(why, "/a is writable by other users and not sticky"),
           "refused, and named: %s", why);
        snprintf(path, sizeof(path), "%s/sh", top);
        ok(mkdir(path, 0755) == 0 && chmod(path, 01777) == 0,
           "a shared folder, 1777");
        snprintf(path, sizeof(path), "%s/sh/bob", top);
        ok(mkdir(path, 01777) == 0 && chmod(path, 01777) == 0 &&
               chown(path, nobody->pw_uid, nobody->pw_gid) == 0,
           "where another user plants the user's folder, sticky too");
        snprintf(path, sizeof(path), "%s/sh/bob/heapline-7.0", top);
        ok(_open(path, 0, true, me) == EPERM &&
               strstr(why, "/sh/bob belongs to nobody, in a folder others "
                           "may write"),
           "refused, and named: %s", why);
    } else {
        for (int i = 0; i < 7; i++)
            skip("needs root and user nobody");
    }

    snprintf(path, sizeof(path), "rm -rf '%s'", top);
    if (system(path) != 0)
        return 99;
    return done_testing();
}
