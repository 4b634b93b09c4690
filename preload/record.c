#define _GNU_SOURCE
#include "record.h"
#include "buf.h"
#include "diag.h"
#include "format_write.h"
#include "identity.h"
#include "output_path.h"
#include "procstatus.h"
#include "provisional.h"
#include "record_format.h"
#include "record_stream.h"
#include "replace.h"
#include "settings.h"
#include "sites.h"
#include "sites_text.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void _format(struct hl_buf *b, const struct hl_figures *f,
                    int64_t elapsed_ns, pid_t pid)
{
    struct hl_record_row row = {0};
    struct hl_memory mem;
    int64_t peak_time = f->peak_time_ns;

    hl_procstatus_read(&mem);
    /* Two clocks: the coarse one may read a tick past the precise one. */
    if (peak_time > elapsed_ns)
        peak_time = elapsed_ns;
    hl_identity_to_record(&hl_identity, pid, &row);
    row.elapsed_ms = hl_ms_of_ns(elapsed_ns);
    row.allocs = f->allocs;
    row.frees = f->frees;
    row.peak_heap = f->peak;
    row.peak_heap_time_ms = hl_ms_of_ns(peak_time);
    row.live_heap_at_exit = f->live;
    row.vmhwm = (uint64_t)mem.vmhwm;
    row.vmrss_at_exit = (uint64_t)mem.vmrss;
    if (mem.vmhwm < 0)
        row.empty |= HL_EMPTY(HL_REC_vmhwm);
    if (mem.vmrss < 0)
        row.empty |= HL_EMPTY(HL_REC_vmrss_at_exit);
    if (hl_sites_settings.on) {
        row.sites_rate = hl_sampler_rate();
        row.sites = hl_sites_final_sites();
        row.modules = hl_sites_final_modules();
    }
    hl_format_write(b, &hl_record_format, &row,
                    HL_COL_UNFINISHED |
                        (hl_sites_settings.on ? 0 : HL_COL_SITES));
}

static void _warn(const char *path, const char *reason)
{
    char line[PATH_MAX + 128];
    struct hl_buf b;

    hl_buf_init(&b, line, sizeof(line));
    hl_buf_str(&b, "heapline: cannot write the record ");
    hl_buf_str(&b, path);
    hl_buf_str(&b, ": ");
    hl_buf_str(&b, reason);
    hl_buf_char(&b, '\n');
    if (!b.overflow)
        hl_diag_write(line, b.len);
}

/* Where the record cannot replace the path (a device such as /dev/full, a
 * FIFO, a directory that is not writable but a file in it that is): written
 * in place. Never through a symlink (O_NOFOLLOW), never blocking on a FIFO
 * with no reader (O_NONBLOCK). A regular file is not truncated before it is
 * written but cut to the record's length after, so that a process that
 * maps it never finds its page beyond the end of the file. */
static int _write_in_place(const char *path, const char *text, size_t len)
{
    struct stat st;
    int fd, failed;

    fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK,
              0666);
    if (fd < 0)
        return -1;
    failed = hl_write_all(fd, text, len);
    if (!failed && fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
        failed = ftruncate(fd, (off_t)len);
    if (close(fd) && !failed)
        failed = 1;
    return failed ? -1 : 0;
}

void hl_record_write(const struct hl_figures *f, int64_t elapsed_ns, pid_t pid)
{
    /* Static: the exit path runs once per process, and keeps its stack
     * small for a program that exits from a small signal stack. */
    static char text[HL_SITES_FIELD + HL_MODULES_FIELD + 1024];
    char path[PATH_MAX];
    struct hl_buf b;

    if (hl_record_path(pid, path)) {
        _warn("named by HEAPLINE_OUTPUT", "path too long");
        return;
    }
    hl_buf_init(&b, text, sizeof(text));
    _format(&b, f, elapsed_ns, pid);
    if (hl_settings.output_fd) {
        hl_record_stream_write(hl_settings.output_fd, text, b.len);
        return;
    }
    if (!b.overflow && hl_provisional_finish(text, b.len) == 0)
        return;
    if (hl_replace_file(path, pid, text, b.len, NULL) == 0)
        return;
    if (_write_in_place(path, text, b.len) < 0)
        _warn(path, strerrordesc_np(errno));
}
