/* Exit files written with the job user's rights, never through a symlink. */
#include <errno.h>
#include <pwd.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../spank/as_user.h"
#include "tap.h"

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

    if (!top)
        return 99;
    ok(hl_write_as_user(&me, top, "task-0.exit", "hello\n") == 0,
       "written as ourselves");
    snprintf(path, sizeof(path), "%s/task-0.exit", top);
    is_str(_slurp(path, buf, sizeof(buf)), "hello\n", "with its text");
    ok(hl_write_as_user(&me, top, "task-0.exit", "again\n") == 0 &&
           strcmp(_slurp(path, buf, sizeof(buf)), "again\n") == 0,
       "replaced, not appended");

    snprintf(path, sizeof(path), "%s/task-1.exit", top);
    ok(symlink("/tmp/hl-asuser-target-never", path) == 0, "plant a symlink");
    ok(hl_write_as_user(&me, top, "task-1.exit", "x\n") == ELOOP,
       "a symlinked file is not followed");
    ok(access("/tmp/hl-asuser-target-never", F_OK) < 0,
       "and its target not created");

    if (getuid() == 0 && nobody) {
        struct hl_user other = {nobody->pw_uid, nobody->pw_gid, NULL, 0};

        ok(hl_write_as_user(&other, top, "task-2.exit", "x\n") != 0,
           "root writing for another user cannot use root's folder");
        ok(chown(top, nobody->pw_uid, nobody->pw_gid) == 0, "give it away");
        ok(hl_write_as_user(&other, top, "task-2.exit", "x\n") == 0,
           "written in the user's folder");
        snprintf(path, sizeof(path), "%s/task-2.exit", top);
        ok(stat(path, &st) == 0 && st.st_uid == nobody->pw_uid,
           "owned by the user, not by root");
    } else {
        printf("ok %d # SKIP needs root and user nobody\n", ++tap_n);
    }
    snprintf(buf, sizeof(buf), "rm -rf '%s'", top);
    if (system(buf) != 0)
        return 99;
    return tap_done();
}
