#include "slurm_facts.h"

#include <stdio.h>
#include <string.h>

#include "run_cmd.h"
#include "sacct.h"
#include "scontrol.h"

/* sacct is asked again, while the step's row or its usage figures have not
 * come, after a pause that starts short (the row comes a few tenths of a
 * second after the step's end) and doubles up to a second, so that a slow
 * database is not asked ever faster. */
#define _FIRST_PAUSE_MS 50
#define _MAX_PAUSE_MS 1000

/* The queries of one report: the step's row (asked again until it has its
 * usage), the job's own row (whether sacct knows the job; its ReqMem), and
 * scontrol's request. */
enum { _STEP, _JOB, _SCONTROL, _NCMDS };

struct _ask {
    const char *job;
    bool whole_job; /* job names no step */
    int64_t deadline;
    struct hl_cmd cmd[_NCMDS];
    bool want[_NCMDS];  /* to be started (again) */
    bool asked[_NCMDS]; /* started at least once */
    int64_t start_at[_NCMDS];
    int pause_ms;
    struct hl_sacct_row row, req;
    bool sacct_given; /* its answer came on the command line */
    bool step_row, job_row, no_job, answered, failed;
    int fail_status;
    bool have_sc;
    struct hl_scontrol_request sc;
};

static void _start(struct _ask *a, int i)
{
    char id[64], *argv[10];

    if (i == _SCONTROL)
        hl_scontrol_argv(a->job, id, argv);
    else
        hl_sacct_argv(a->job, i == _JOB, id, argv);
    a->want[i] = false;
    a->asked[i] = true;
    hl_cmd_start(&a->cmd[i], argv);
}

static void _again(struct _ask *a, int i, int64_t now)
{
    a->want[i] = true;
    a->start_at[i] = now + a->pause_ms;
    a->pause_ms =
        a->pause_ms * 2 < _MAX_PAUSE_MS ? a->pause_ms * 2 : _MAX_PAUSE_MS;
}

/* Whether the step's row says all that will come. */
static bool _step_done(const struct _ask *a)
{
    return a->step_row &&
           (a->whole_job || a->row.has_maxrss || a->row.has_usage);
}

static void _got_step(struct _ask *a, const struct hl_cmd *c, int64_t now)
{
    unsigned got;

    if (c->status != 0) {
        a->failed = true;
        a->fail_status = c->status;
        return;
    }
    a->answered = true;
    got = hl_sacct_pick(a->job, c->out, &a->row, &a->req);
    a->step_row |= (got & HL_SACCT_GOT_STEP) != 0;
    a->job_row |= (got & HL_SACCT_GOT_JOB) != 0;
    if (a->whole_job && !a->job_row) {
        a->no_job = true;
        return;
    }
    if (_step_done(a))
        return;
    /* No row of the step yet: does sacct know the job at all? The step is
     * asked again only once the job's answer says it is worth it (_got_job),
     * so that a slow sacct is not asked twice at once, whichever answer
     * comes first: the job's query may be out already, started when
     * scontrol failed (_got_scontrol). */
    if (!a->step_row && !a->asked[_JOB]) {
        a->want[_JOB] = true, a->start_at[_JOB] = now;
        return;
    }
    if (!a->step_row && (a->want[_JOB] || a->cmd[_JOB].pid))
        return;
    _again(a, _STEP, now);
}

static void _got_job(struct _ask *a, const struct hl_cmd *c, int64_t now)
{
    struct hl_sacct_row ignored;
    bool step_waits = !a->step_row && !a->want[_STEP] && !a->cmd[_STEP].pid;

    if (c->status == 0 &&
        hl_sacct_pick(a->job, c->out, &ignored, &a->req) & HL_SACCT_GOT_JOB)
        a->job_row = true;
    else if (c->status == 0 && !a->step_row)
        a->no_job = true;
    if (step_waits && !a->no_job && a->answered)
        _again(a, _STEP, now);
}

static void _got_scontrol(struct _ask *a, const struct hl_cmd *c, int64_t now)
{
    a->have_sc =
        c->status == 0 && hl_scontrol_parse_request(c->out, &a->sc) == 0;
    /* The job's ReqMem, then: slurmctld may have forgotten the job. */
    if (!a->have_sc && !a->sacct_given && !a->asked[_JOB] && !a->req.has_reqmem)
        a->want[_JOB] = true, a->start_at[_JOB] = now;
}

/* Whether a query is still wanted: the step until it is done or the job
 * unknown, the others as asked. */
static bool _pending(const struct _ask *a)
{
    for (int i = 0; i < _NCMDS; i++)
        if (a->cmd[i].pid || a->want[i])
            return true;
    return false;
}

static void _run(struct _ask *a)
{
    for (;;) {
        int64_t now = hl_now_ms(), wake = a->deadline;
        int i;

        if (a->no_job || a->failed)
            a->want[_STEP] = false;
        if (!_pending(a) || now >= a->deadline)
            break;
        for (i = 0; i < _NCMDS; i++) {
            if (!a->want[i] || a->cmd[i].pid)
                continue;
            if (a->start_at[i] <= now)
                _start(a, i);
            else if (a->start_at[i] < wake)
                wake = a->start_at[i];
        }
        i = hl_cmd_wait(a->cmd, _NCMDS, wake);
        if (i == _STEP)
            _got_step(a, &a->cmd[i], hl_now_ms());
        else if (i == _JOB)
            _got_job(a, &a->cmd[i], hl_now_ms());
        else if (i == _SCONTROL)
            _got_scontrol(a, &a->cmd[i], hl_now_ms());
    }
    for (int i = 0; i < _NCMDS; i++)
        hl_cmd_stop(&a->cmd[i]);
}

/* What sacct said of the step, as the report shows it. */
static void _sacct_answer(struct hl_step_rss *s, const struct _ask *a,
                          unsigned waited_s)
{
    const struct hl_sacct_row *row = &a->row;

    s->waited_s = waited_s;
    if (a->step_row && row->has_maxrss) {
        s->state = HL_SACCT_MAXRSS;
        s->known = true;
        snprintf(s->step, sizeof(s->step), "%s", row->jobid);
        s->maxrss = row->maxrss;
        snprintf(s->node, sizeof(s->node), "%s", row->node);
        s->has_task = row->has_task;
        s->task = row->task;
    } else if (a->step_row && (row->has_usage || a->whole_job)) {
        s->state = HL_SACCT_UNSAMPLED;
        snprintf(s->step, sizeof(s->step), "%s", row->jobid);
    } else if (a->failed) {
        s->state = HL_SACCT_NO_ANSWER;
        snprintf(s->detail, sizeof(s->detail), "failed (exit status %d)",
                 a->fail_status);
    } else if (a->no_job || (a->answered && !a->step_row)) {
        s->state = HL_SACCT_NO_ROW;
    } else {
        s->state = HL_SACCT_NO_ANSWER;
        snprintf(s->detail, sizeof(s->detail), "%s within %u s",
                 a->step_row ? "did not give the step's usage figures"
                             : "did not answer",
                 waited_s);
    }
}

/* The request from sacct's ReqMem, which only the job's own row carries.
 * Since Slurm 21.08 it is the job's total: each node's share is that over
 * the nodes of the records. */
static void _request_from_sacct(struct hl_report *r,
                                const struct hl_sacct_row *req)
{
    size_t nodes = r->sum->nnodes;

    if (!req->has_reqmem)
        return;
    r->req.kind = req->reqmem_kind == 'c' ? HL_REQ_MEM_PER_CPU : HL_REQ_MEM;
    r->req.bytes = req->reqmem;
    snprintf(r->req.source, sizeof(r->req.source), "sacct ReqMem");
    if (req->reqmem_kind == 't' && nodes > 1) {
        r->req.bytes = req->reqmem / nodes + (req->reqmem % nodes != 0);
        snprintf(r->req.source, sizeof(r->req.source),
                 "sacct ReqMem / %zu nodes", nodes);
    }
}

static void _request(struct hl_report *r, const struct _ask *a)
{
    if (a->have_sc) {
        r->req.kind = a->sc.per_cpu ? HL_REQ_MEM_PER_CPU : HL_REQ_MEM;
        r->req.bytes = a->sc.bytes;
        r->req.whole_node = a->sc.bytes == 0;
        r->req.cpus_per_rank = a->sc.cpus_per_task;
        snprintf(r->req.source, sizeof(r->req.source), "scontrol");
        return;
    }
    _request_from_sacct(r, &a->req);
}

void hl_ask_slurm(struct hl_report *r, const char *job, int timeout_ms)
{
    struct _ask a = {.job = job, .pause_ms = _FIRST_PAUSE_MS};

    a.whole_job = strchr(job, '.') == NULL;
    a.sacct_given = r->sacct.state != HL_SACCT_NOT_ASKED;
    a.deadline = hl_now_ms() + timeout_ms;
    for (int i = 0; i < _NCMDS; i++)
        a.cmd[i].fd = -1;
    snprintf(r->sacct.asked, sizeof(r->sacct.asked), "%s", job);
    a.want[_STEP] = !a.sacct_given;
    a.want[_SCONTROL] = r->req.kind == HL_REQ_NONE;
    _run(&a);
    if (!a.sacct_given)
        _sacct_answer(&r->sacct, &a, (unsigned)(timeout_ms / 1000));
    if (r->req.kind == HL_REQ_NONE)
        _request(r, &a);
}

int hl_sacct_given(const char *answer, unsigned waited_s, struct hl_step_rss *s)
{
    struct hl_sacct_row row;

    memset(s, 0, sizeof(*s));
    s->waited_s = waited_s;
    if (strcmp(answer, "none") == 0) {
        s->state = HL_SACCT_NO_ROW;
    } else if (strcmp(answer, "timeout") == 0) {
        s->state = HL_SACCT_NO_ANSWER;
        snprintf(s->detail, sizeof(s->detail), "did not answer within %u s",
                 waited_s);
    } else if (strcmp(answer, "failed") == 0) {
        s->state = HL_SACCT_NO_ANSWER;
        snprintf(s->detail, sizeof(s->detail),
                 "could not be asked (slurmdbd unreachable)");
    } else if (strcmp(answer, "later") == 0) {
        s->state = HL_SACCT_LATER;
    } else if (hl_sacct_parse_line(answer, strlen(answer), &row) == 0 &&
               strchr(row.jobid, '.')) {
        s->state = row.has_maxrss ? HL_SACCT_MAXRSS : HL_SACCT_UNSAMPLED;
        s->known = row.has_maxrss;
        snprintf(s->step, sizeof(s->step), "%s", row.jobid);
        s->maxrss = row.maxrss;
        snprintf(s->node, sizeof(s->node), "%s", row.node);
        s->has_task = row.has_task;
        s->task = row.task;
    } else {
        return -1;
    }
    return 0;
}

/* A path as a shell reads it back: bare when it is only safe characters. */
static void _shell_word(char *out, size_t size, const char *path)
{
    size_t n = 0;

    if (path[0] &&
        strspn(path, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP"
                     "QRSTUVWXYZ0123456789/._-+=:,@%") == strlen(path)) {
        snprintf(out, size, "%s", path);
        return;
    }
    if (size < 3)
        return;
    out[n++] = '\'';
    for (; *path && n + 5 < size; path++) {
        if (*path == '\'') {
            memcpy(out + n, "'\\''", 4);
            n += 4;
        } else {
            out[n++] = *path;
        }
    }
    out[n++] = '\'';
    out[n] = '\0';
}

void hl_sacct_later(struct hl_step_rss *s, char *const *paths, int npaths)
{
    size_t len =
        (size_t)snprintf(s->later, sizeof(s->later), "%s", "heapline-report");

    for (int i = 0; i < npaths && len + 2 < sizeof(s->later); i++) {
        s->later[len++] = ' ';
        _shell_word(s->later + len, sizeof(s->later) - len, paths[i]);
        len += strlen(s->later + len);
    }
}
