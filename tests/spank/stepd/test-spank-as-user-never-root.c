/*
 * What an adversary's setup makes of root's writes for a user in
 * slurmstepd: a uid that has no passwd entry, a folder owned by another
 * user, a symlink the user planted in the record folder towards a folder
 * only root may write in, and a uid the kernel refuses to switch to (not
 * mapped in the user namespace the write runs in). Nothing is created
 * with root's rights nor through the link; the child that writes holds
 * the user's uid, gid and groups alone, and cannot take root back.
 * Needs root.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <pwd.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "stepd/as_user.h"
#include "../../tap.h"

/* The child's deadline: none in effect (49 days); a hang is CI's to
 * catch. */
#define T UINT_MAX

/* What _identity() returns when the child is not only the user. */
enum { WRONG_IDS = 101, WRONG_GROUPS, ROOT_BACK };

static uid_t _unnamed_uid(uid_t from)
{
    while (getpwuid(from) || getgrgid(from))
        from++;
    return from;
}

static int _identity(void *arg)
{
    const struct hl_user *u = arg;
    gid_t groups[8];
    int n = getgroups(8, groups);

    if (getuid() != u->uid || geteuid() != u->uid || getgid() != u->gid ||
        getegid() != u->gid)
        return WRONG_IDS;
    if (n != u->ngids || (n > 0 && groups[0] != u->gids[0]))
        return WRONG_GROUPS;
    if (setuid(0) == 0 || seteuid(0) == 0)
        return ROOT_BACK;
    return 0;
}

static int _write_file(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ssize_t n = fd < 0 ? -1 : write(fd, text, strlen(text));

    return fd < 0 || n < 0 || close(fd) < 0 ? -1 : 0;
}

/*
 * In a process of its own: a user namespace where only uid 0 is mapped
 * (to root) and every gid, as a container that does not map the job's
 * uid; there hl_write_as_user() writes into a folder anyone may write in.
 * The maps are written from here, in the parent namespace, where root
 * may map any gid. Returns what it returned, or 255 when no such
 * namespace can be made, -1 on a failure of the test's own.
 */
static int _write_unmapped(uid_t uid, gid_t gid, int dfd)
{
    struct hl_user user = {uid, gid, NULL, 0};
    char path[64], map[64];
    int ready[2], mapped[2], status, ok = 0;
    pid_t pid;
    char c = 0;

    if (pipe(ready) < 0 || pipe(mapped) < 0 || (pid = fork()) < 0)
        return -1;
    if (pid == 0) {
        c = unshare(CLONE_NEWUSER) == 0;
        if (write(ready[1], &c, 1) != 1 || !c || read(mapped[0], &c, 1) != 1 ||
            !c)
            _exit(255);
        _exit(hl_write_as_user(&user, dfd, "task-3.exit", "x\n", T));
    }
    if (read(ready[0], &c, 1) == 1 && c) {
        snprintf(path, sizeof(path), "/proc/%d/uid_map", (int)pid);
        ok = _write_file(path, "0 0 1\n") == 0;
        snprintf(path, sizeof(path), "/proc/%d/gid_map", (int)pid);
        snprintf(map, sizeof(map), "0 0 %u\n", UINT_MAX - 1);
        ok = ok && _write_file(path, map) == 0;
    }
    c = ok;
    if (write(mapped[1], &c, 1) != 1 || waitpid(pid, &status, 0) != pid ||
        !WIFEXITED(status))
        return -1;
    return WEXITSTATUS(status);
}

int main(void)
{
    char tmpl[] = "/tmp/hl-never-root-XXXXXX", path[512], cmd[600];
    char *top = mkdtemp(tmpl);
    uid_t uid = _unnamed_uid(61000), other = _unnamed_uid(uid + 1);
    gid_t gid = uid, group = other;
    struct hl_user user = {uid, gid, &group, 1};
    struct stat st;
    int mine, theirs, shared, err;

    if (getuid() != 0)
        skip_all("needs root, as slurmstepd is");
    if (!top || chmod(top, 0755) < 0)
        return 99;
    snprintf(path, sizeof(path), "%s/mine", top);
    if (mkdir(path, 0700) < 0 || chown(path, uid, gid) < 0 ||
        (mine = open(path, O_RDONLY | O_DIRECTORY)) < 0)
        return 99;
    snprintf(path, sizeof(path), "%s/theirs", top);
    if (mkdir(path, 0755) < 0 || chown(path, other, other) < 0 ||
        (theirs = open(path, O_RDONLY | O_DIRECTORY)) < 0)
        return 99;
    snprintf(path, sizeof(path), "%s/shared", top);
    if (mkdir(path, 0777) < 0 || chmod(path, 01777) < 0 ||
        (shared = open(path, O_RDONLY | O_DIRECTORY)) < 0)
        return 99;

    is_int(hl_as_user_run(&user, _identity, &user, NULL, 0, T), 0,
           "the child holds uid %u and gid %u (no passwd or group entry) and "
           "the job's one supplementary group alone, and cannot take root "
           "back",
           (unsigned)uid, (unsigned)gid);

    is_int(hl_write_as_user(&user, mine, "task-0.exit", "x\n", T), 0,
           "a uid without a passwd entry: written in its own folder");
    snprintf(path, sizeof(path), "%s/mine/task-0.exit", top);
    ok(stat(path, &st) == 0 && st.st_uid == uid && st.st_gid == gid,
       "owned by that uid and gid, not by root");

    is_int(hl_write_as_user(&user, theirs, "task-1.exit", "x\n", T), EACCES,
           "a folder owned by another user: refused");
    snprintf(path, sizeof(path), "%s/theirs/task-1.exit", top);
    ok(access(path, F_OK) < 0, "and nothing created there");

    snprintf(path, sizeof(path), "%s/mine/task-2.exit", top);
    snprintf(cmd, sizeof(cmd), "%s/planted-target", top);
    ok(symlink(cmd, path) == 0 && lchown(path, uid, gid) == 0,
       "the user plants a symlink in the record folder, to root's folder");
    is_int(hl_write_as_user(&user, mine, "task-2.exit", "x\n", T), ELOOP,
           "the link is not followed");
    ok(access(cmd, F_OK) < 0, "and nothing created at its target");

    err = _write_unmapped(uid, gid, shared);
    snprintf(path, sizeof(path), "%s/shared/task-3.exit", top);
    if (err == 255) {
        skip("no user namespace here (unshare(CLONE_NEWUSER))");
        skip("no user namespace here");
    } else {
        is_int(err, EINVAL,
               "a uid that cannot be switched to (not mapped in the user "
               "namespace): the write fails with setuid's error");
        ok(access(path, F_OK) < 0,
           "and nothing is created with root's rights in a folder root may "
           "write in");
    }

    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", top);
    if (system(cmd) != 0)
        return 99;
    return done_testing();
}
