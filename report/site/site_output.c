#include "site_output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "site_cli.h"

/* The hidden name beside path: DIR/.BASE.XXXXXX, which node_exporter's
 * collector leaves alone (it reads *.prom). -1 when too long. */
static int _tmp_name(const char *path, char *tmp, size_t size)
{
    const char *slash = strrchr(path, '/');
    int dir = slash ? (int)(slash - path + 1) : 0;
    int n = snprintf(tmp, size, "%.*s.%s.XXXXXX", dir, path, path + dir);

    return n < 0 || (size_t)n >= size ? -1 : 0;
}

int hl_site_output_open(struct hl_site_output *o, const char *path)
{
    mode_t mask;
    int fd;

    o->path = path;
    o->f = stdout;
    if (!path)
        return 0;
    if (_tmp_name(path, o->tmp, sizeof(o->tmp)) < 0) {
        fprintf(stderr, "%s: %s: name too long\n", HL_SITE_PROGRAM, path);
        return -1;
    }
    /* mkstemp creates it anew (O_EXCL): nothing planted there is followed */
    if ((fd = mkstemp(o->tmp)) < 0) {
        fprintf(stderr, "%s: %s: %s\n", HL_SITE_PROGRAM, o->tmp,
                strerror(errno));
        return -1;
    }
    /* as a file made by the shell's redirection: 0666 less the umask */
    mask = umask(0);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) < 0 || !(o->f = fdopen(fd, "w"))) {
        fprintf(stderr, "%s: %s: %s\n", HL_SITE_PROGRAM, o->tmp,
                strerror(errno));
        close(fd);
        unlink(o->tmp);
        return -1;
    }
    return 0;
}

int hl_site_output_close(struct hl_site_output *o)
{
    const char *name = o->path ? o->tmp : "stdout";
    int err = 0;

    if (fflush(o->f) != 0 || ferror(o->f))
        err = errno ? errno : EIO;
    if (!o->path) {
        if (err)
            fprintf(stderr, "%s: stdout: %s\n", HL_SITE_PROGRAM, strerror(err));
        return err ? -1 : 0;
    }
    if (!err && fsync(fileno(o->f)) < 0)
        err = errno;
    if (fclose(o->f) != 0 && !err)
        err = errno;
    if (!err && rename(o->tmp, o->path) < 0) {
        err = errno;
        name = o->path;
    }
    if (err) {
        fprintf(stderr, "%s: %s: %s\n", HL_SITE_PROGRAM, name, strerror(err));
        unlink(o->tmp);
        return -1;
    }
    return 0;
}
