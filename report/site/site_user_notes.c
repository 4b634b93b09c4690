/* A note per user, worded for them, that a site can mail (--notes=DIR):
 * DIR/USER.txt, a message with its To, Subject and MIME headers, so that
 * `sendmail -t < DIR/USER.txt` sends it as it is (see site_out.h,
 * doc/admin.md). */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "shared/slurm_size.h"
#include "shared/text_table.h"
#include "shared/utf8.h"
#include "site_cli.h"
#include "site_figures.h"
#include "site_out.h"

/* A name that is safe as a file's and in a mail header: POSIX's portable
 * user names ([A-Za-z0-9._-], no '-' or '.' first), short enough for
 * ".txt" after it. */
static bool _mailable(const char *user)
{
    size_t n = strlen(user);

    if (!n || n > 64 || user[0] == '-' || user[0] == '.')
        return false;
    return strspn(user, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                        "0123456789._-") == n;
}

/* A job name as text: control characters as '?', bytes that are not
 * UTF-8 as U+FFFD (the note says UTF-8). */
static void _clean(const char *in, char *out, size_t size)
{
    const unsigned char *p = (const unsigned char *)in;
    size_t o = 0, n;
    uint32_t code;

    while (*p && o + 4 < size) {
        if (!(n = hl_utf8_next(p, &code))) {
            memcpy(out + o, "\xef\xbf\xbd", 3);
            o += 3;
            p++;
        } else if (code < 0x20 || code == 0x7f) {
            out[o++] = '?';
            p++;
        } else {
            memcpy(out + o, p, n);
            o += n;
            p += n;
        }
    }
    out[o] = '\0';
}

/* The day of t (UTC), 2026-11-30. */
static void _day(int64_t t, char buf[16])
{
    time_t tt = (time_t)t;
    struct tm tm;

    if (!gmtime_r(&tt, &tm) || !strftime(buf, 16, "%Y-%m-%d", &tm))
        snprintf(buf, 16, "?");
}

/* The period the note speaks of: --since and --until where given (until
 * exclusive), else the user's first and last step. */
static void _period(const struct hl_site_view *v, const struct hl_site_who *w,
                    char from[16], char to[16])
{
    _day(v->opt->since != INT64_MIN ? v->opt->since : w->first, from);
    _day(v->opt->until != INT64_MAX ? v->opt->until - 1 : w->last, to);
}

/* The times the advice is known to have been enough for, and those it
 * may have been: the steps killed under it. */
static void _enough(FILE *out, const struct hl_site_advice *a)
{
    uint64_t maybe = a->measured - a->covered - a->killed;

    fprintf(out,
            "for %" PRIu64 " of the %" PRIu64 " times one of your steps ran "
            "on a node, each at its peak there",
            a->covered, a->measured);
    if (maybe == 1)
        fputs(", and maybe for the one that ran out of memory under it", out);
    else if (maybe)
        fprintf(out,
                ", and maybe for the %" PRIu64 " that ran out of memory "
                "under it",
                maybe);
    fputs(". ", out);
}

static void _advice(FILE *out, const struct hl_site_advice *a,
                    const struct hl_site_view *v)
{
    char mem[40], limit[32], cover[16], saved[32];

    strcpy(mem, "--mem=");
    hl_slurm_size_exact(a->mem, mem + 6);
    hl_site_fmt_cover(v->opt->cover, cover);
    hl_site_fmt_gibh(a->saved < 0 ? -a->saved : a->saved, saved);
    /* a step killed at a limit needed more than it: the advice is never
     * that limit or below, and the user reads that its need is not known */
    if (a->over) {
        hl_slurm_size_exact(a->limit, limit);
        fprintf(out,
                "For %s of your steps, more than %s per node would have been "
                "needed: "
                "one of them was killed for lack of memory at %s, and how "
                "much more it needed is not known. Ask for %s or more (the "
                "next size above %s) and check that it is enough: it would "
                "have been enough ",
                cover, limit, limit, mem, limit);
    } else {
        fprintf(out, "%s per node would have been enough for %s of them: ", mem,
                cover);
    }
    _enough(out, a);
    if (a->saved >= 0)
        fprintf(out, "Asking for it would have reserved %s GiB-hours less",
                saved);
    else
        fprintf(out, "Asking for it would have reserved %s GiB-hours more",
                saved);
    if (a->killed)
        fprintf(out,
                ", and %" PRIu64 " of your steps (on a node) needed more: "
                "%s would have been killed for lack of memory.\n",
                a->killed, a->killed == 1 ? "it" : "they");
    else if (a->measured > a->covered)
        fputs(", and none of your steps is known to have needed more.\n", out);
    else
        fputs(", and none of your steps would have been killed.\n", out);
}

static void _names(FILE *out, const struct hl_site_advised *ad)
{
    char name[3 * 256 + 8], mem[80], saved[32];
    struct hl_table tb;

    fputs("\nPer job name (--job-name), what would have been enough for "
          "each:\n\n",
          out);
    hl_table_init(&tb, 5);
    hl_table_cell(&tb, "job name");
    hl_table_cell(&tb, "--mem");
    hl_table_cell(&tb, "enough for");
    hl_table_cell(&tb, "GiB-hours saved");
    hl_table_cell(&tb, "killed");
    for (uint32_t k = 0; k < ad->nnames; k++) {
        const struct hl_site_named *nm = &ad->names[k];

        _clean(nm->name->name, name, sizeof(name));
        hl_site_fmt_advice(&nm->advice, mem);
        hl_site_fmt_gibh(nm->advice.saved, saved);
        hl_table_cell(&tb, "%s%s", name, nm->name->whole ? "" : " *");
        hl_table_cell(&tb, "%s", mem);
        hl_table_cell(&tb, "%" PRIu64 " of %" PRIu64, nm->advice.covered,
                      nm->advice.measured);
        hl_table_cell(&tb, "%s", saved);
        hl_table_cell(&tb, "%" PRIu64, nm->advice.killed);
    }
    hl_table_print(&tb, out);
    for (uint32_t k = 0; k < ad->nnames; k++)
        if (ad->names[k].advice.over) {
            fputs("\n(over L): one of its steps was killed for lack of memory "
                  "at L; it needed more, how much is not known.\n",
                  out);
            break;
        }
    for (uint32_t k = 0; k < ad->nnames; k++)
        if (!ad->names[k].name->whole) {
            fputs("\n* of its later steps only.\n", out);
            break;
        }
}

static void _note(FILE *out, const char *user, const struct hl_site_who *w,
                  const struct hl_site_advised *ad,
                  const struct hl_site_view *v)
{
    char from[16], to[16], req[32], used[32];
    uint64_t pct = 0;

    _period(v, w, from, to);
    hl_site_fmt_gibh(w->t.requested, req);
    hl_site_fmt_gibh(w->t.used, used);
    hl_site_efficiency(&w->t, &pct);
    fprintf(out,
            "To: %s\nSubject: Your memory requests, %s to %s\n"
            "MIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\n\n"
            "Hello %s,\n\n"
            "From %s to %s (UTC), heapline measured the memory of your job "
            "steps. They asked for %s GiB-hours of memory (1 GiB held for "
            "an hour is one) and used %s of them (%" PRIu64 "%%).\n\n",
            user, from, to, user, from, to, req, used, pct);
    _advice(out, &ad->all, v);
    if (ad->nnames)
        _names(out, ad);
    if (ad->all.oom)
        fprintf(out,
                "\n%" PRIu64 " of your steps (on a node) %s killed for lack "
                "of memory: %s more than %s asked for, how much more is not "
                "known.\n",
                ad->all.oom, ad->all.oom == 1 ? "was" : "were",
                ad->all.oom == 1 ? "it needed" : "they needed",
                ad->all.oom == 1 ? "it" : "they");
    fputs("\nA step's need on a node is its peak of memory there. To ask for "
          "memory, give srun or sbatch --mem (per node).\n",
          out);
}

static int _write(int dfd, const char *dir, const char *user,
                  const struct hl_site_who *w, const struct hl_site_advised *ad,
                  const struct hl_site_view *v)
{
    char name[80];
    FILE *f;
    int fd, err = 0;

    snprintf(name, sizeof(name), "%s.txt", user);
    fd = openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                0600);
    if (fd < 0 || !(f = fdopen(fd, "w"))) {
        err = errno;
        if (fd >= 0)
            close(fd);
    } else {
        _note(f, user, w, ad, v);
        if (fflush(f) != 0 || ferror(f))
            err = errno ? errno : EIO;
        if (fclose(f) != 0 && !err)
            err = errno;
    }
    if (err)
        fprintf(stderr, "%s: %s/%s: %s\n", HL_SITE_PROGRAM, dir, name,
                strerror(err));
    return err ? -1 : 0;
}

int hl_site_write_notes(const char *dir, const struct hl_site_view *v)
{
    const struct hl_site_group *g = &v->agg->users;
    int dfd, status = 0;

    if (mkdir(dir, 0700) < 0 ||
        (dfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) <
            0) {
        fprintf(stderr, "%s: %s: %s%s\n", HL_SITE_PROGRAM, dir, strerror(errno),
                errno == EEXIST ? " (--notes makes a new folder)" : "");
        return 2;
    }
    for (uint32_t i = 0; i < g->names.count && status < 2; i++) {
        const struct hl_site_advised *ad = &v->advised[v->users[i]];
        const char *user = hl_strpool_get(&g->names, v->users[i]);

        if (!ad->all.known)
            continue;
        if (!_mailable(user)) {
            char shown[3 * 256 + 8];

            _clean(user, shown, sizeof(shown));
            fprintf(stderr,
                    "%s: no note for the user named \"%s\": not a name to "
                    "mail or to name a file after\n",
                    HL_SITE_PROGRAM, shown);
            status = 1;
        } else if (_write(dfd, dir, user, &g->who[v->users[i]], ad, v) < 0) {
            status = 2;
        }
    }
    close(dfd);
    return status;
}
