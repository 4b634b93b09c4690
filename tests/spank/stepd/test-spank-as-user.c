/*
 * Exit files written with the job user's rights, never through a symlink,
 * and never into a FIFO (which would block slurmstepd) or anything else
 * than a regular file.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "stepd/as_user.h"
#include "../../tap.h"

/* The child's deadline: none in effect (49 days); a hang is CI's to
 * catch. */
#define T UINT_MAX

static char *_slurp(const char *path, char *buf, size_t size)
{
    FILE *f = fopen(path, "r");
    size_t n;

    if (!f)
        return NULL;
    n = fread(buf, 1, size - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

int main(void)
{
    char tmpl[] = "/tmp/hl-asuser-XXXXXX", path[512], buf[128];
    char *top = mkdtemp(tmpl);
    struct hl_user me = {getuid(), getgid(), NULL, 0};
    struct passwd *nobody = getpwnam("nobody");
    struct stat st;
    int dfd, reader;

    if (!top || (dfd = open(top, O_RDONLY | O_DIRECTORY)) < 0)
        return 99;
    ok(hl_write_as_user(&me, dfd, "task-0.exit", "hello\n", T) == 0,
       "written as ourselves");
    snprintf(path, sizeof(path), "%s/task-0.exit", top);
    is_str(_slurp(path, buf, sizeof(buf)), "hello\n", "with its text");
    ok(hl_write_as_user(&me, dfd, "task-0.exit", "again\n", T) == 0 &&
           strcmp(_slurp(path, buf, sizeof(buf)), "again\n") == 0,
       "replaced, not appended");

    snprintf(path, sizeof(path), "%s/task-1.exit", top);
    ok(symlink("/tmp/hl-asuser-target-never", path) == 0, "plant a symlink");
    ok(hl_write_as_user(&me, dfd, "task-1.exit", "x\n", T) == ELOOP,
       "a symlinked file is not followed");
    ok(access("/tmp/hl-asuser-target-never", F_OK) < 0,
       "and its target not created");

    snprintf(path, sizeof(path), "%s/task-3.exit", top);
    ok(mkfifo(path, 0644) == 0, "plant a FIFO without a reader");
    ok(hl_write_as_user(&me, dfd, "task-3.exit", "x\n", T) == HL_AS_USER_FIFO,
       "refused at once, not waited on: %s",
       hl_as_user_strerror(HL_AS_USER_FIFO));
    reader = open(path, O_RDONLY | O_NONBLOCK);
    ok(reader >= 0 && hl_write_as_user(&me, dfd, "task-3.exit", "x\n", T) ==
                          HL_AS_USER_FIFO,
       "a FIFO with a reader is refused too");
    ok(reader >= 0 && read(reader, buf, sizeof(buf)) <= 0,
       "and nothing was written into it");
    if (reader >= 0)
        close(reader);

    if (getuid() == 0 && nobody) {
        struct hl_user other = {nobody->pw_uid, nobody->pw_gid, NULL, 0};

        ok(hl_write_as_user(&other, dfd, "task-2.exit", "x\n", T) != 0,
           "root writing for another user cannot use root's folder");
        ok(chown(top, nobody->pw_uid, nobody->pw_gid) == 0, "give it away");
        ok(hl_write_as_user(&other, dfd, "task-2.exit", "x\n", T) == 0,
           "written in the user's folder");
        snprintf(path, sizeof(path), "%s/task-2.exit", top);
        ok(stat(path, &st) == 0 && st.st_uid == nobody->pw_uid,
           "owned by the user, not by root");
    } else {
        skip("needs root and user nobody");
    }
    close(dfd);
    snprintf(buf, sizeof(buf), "rm -rf '%s'", top);
    if (system(buf) != 0)
        return 99;
    return done_testing();
}
