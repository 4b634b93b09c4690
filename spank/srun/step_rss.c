/* sacct's row of a step, from slurmdbd in srun (see step_rss.h). */
#define _GNU_SOURCE
#include "step_rss.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "child.h"
#include "sacct_row.h"
#include "slurm_compat.h"

/* The pause between queries starts short, since the row comes a few
 * tenths of a second after the step's end, and doubles up to half a
 * second: a step end costs a handful of queries, and a slow slurmdbd is
 * not asked ever faster. */
#define _FIRST_PAUSE_MS 20
#define _MAX_PAUSE_MS 500

/*
 * srun's own libslurm's calls, looked up rather than linked: a second
 * libslurm in srun would not share its configuration (job_memory.c).
 * Each has the type that the headers built against declare, which is
 * the form of srun's release (the plugin is built for it).
 */
struct _api {
    __typeof__(slurmdb_connection_get) *connection_get;
    __typeof__(slurmdb_connection_close) *connection_close;
    __typeof__(slurmdb_connection_commit) *connection_commit;
    __typeof__(slurmdb_jobs_get) *jobs_get;
    __typeof__(slurm_list_create) *list_create;
    __typeof__(slurm_list_append) *list_append;
    __typeof__(slurm_list_destroy) *list_destroy;
    __typeof__(slurm_list_iterator_create) *iterator_create;
    __typeof__(slurm_list_next) *list_next;
    __typeof__(slurm_list_iterator_destroy) *iterator_destroy;
    __typeof__(slurm_hostlist_create) *hostlist_create;
    __typeof__(slurm_hostlist_shift) *hostlist_shift;
    __typeof__(slurm_hostlist_destroy) *hostlist_destroy;
};

static int _load(struct _api *api)
{
    static const char *const names[] = {
        "slurmdb_connection_get",    "slurmdb_connection_close",
        "slurmdb_connection_commit", "slurmdb_jobs_get",
        "slurm_list_create",         "slurm_list_append",
        "slurm_list_destroy",        "slurm_list_iterator_create",
        "slurm_list_next",           "slurm_list_iterator_destroy",
        "slurm_hostlist_create",     "slurm_hostlist_shift",
        "slurm_hostlist_destroy",
    };
    void **slot = (void **)api;

    _Static_assert(sizeof(struct _api) ==
                       sizeof(names) / sizeof(names[0]) * sizeof(void *),
                   "one name per call");
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (!(slot[i] = dlsym(RTLD_DEFAULT, names[i])))
            return -1;
    return 0;
}

/* Shared by srun's thread and the query's: whoever lets go last frees. */
struct _query {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int refs;
    bool done;     /* the answer is final */
    bool answered; /* slurmdbd answered a query */
    bool had_row;  /* with the step's row, if without usage */
    enum hl_step_rss_answer answer;
    char row[256];
    struct _api api;
    uint32_t job, step;
    char name[64];
    int64_t deadline_ms;
};

static void _release(struct _query *q)
{
    bool last;

    pthread_mutex_lock(&q->lock);
    last = --q->refs == 0;
    pthread_mutex_unlock(&q->lock);
    if (!last)
        return;
    pthread_mutex_destroy(&q->lock);
    pthread_cond_destroy(&q->cond);
    free(q);
}

/* The name of the nth node of a step's node list ("n[1-2]"), as sacct's
 * MaxRSSNode. */
static void _nth_node(const struct _api *api, const char *nodes, uint64_t nth,
                      char *out, size_t size)
{
    hl_hostlist hl = nodes ? api->hostlist_create(nodes) : NULL;
    char *host = NULL;

    out[0] = '\0';
    if (!hl)
        return;
    for (uint64_t i = 0; i <= nth; i++) {
        free(host);
        if (!(host = api->hostlist_shift(hl)))
            break;
    }
    if (host)
        snprintf(out, size, "%s", host);
    free(host);
    api->hostlist_destroy(hl);
}

/* The step's row in jobs, if it has its usage figures: 1; 0 if not (yet),
 * noting whether the row itself came. */
static int _row(struct _query *q, list_t *jobs, char *row, size_t size)
{
    list_itr_t *ji = q->api.iterator_create(jobs), *si;
    slurmdb_job_rec_t *job;
    slurmdb_step_rec_t *s, *found = NULL;
    uint64_t rss, nodeid, task;
    char node[256];
    bool has_rss;

    while (!found && (job = q->api.list_next(ji))) {
        if (!job->steps)
            continue;
        si = q->api.iterator_create(job->steps);
        while ((s = q->api.list_next(si)))
            if (s->step_id.step_id == q->step) {
                found = s;
                break;
            }
        q->api.iterator_destroy(si);
    }
    q->api.iterator_destroy(ji);
    if (!found)
        return 0;
    q->had_row = true;
    if (!found->stats.tres_usage_in_tot || !found->stats.tres_usage_in_tot[0])
        return 0;
    has_rss =
        hl_tres_value(found->stats.tres_usage_in_max, HL_TRES_MEM, &rss) == 0;
    node[0] = '\0';
    if (has_rss && hl_tres_value(found->stats.tres_usage_in_max_nodeid,
                                 HL_TRES_MEM, &nodeid) == 0)
        _nth_node(&q->api, found->nodes, nodeid, node, sizeof(node));
    if (!has_rss ||
        hl_tres_value(found->stats.tres_usage_in_max_taskid, HL_TRES_MEM,
                      &task) < 0 ||
        task > UINT32_MAX)
        task = UINT64_MAX;
    return hl_sacct_row_format(q->name, has_rss, rss, node, task != UINT64_MAX,
                               (uint32_t)task, row, size) == 0;
}

static void _pause(int64_t until_ms)
{
    int64_t left = until_ms - hl_now_ms();
    struct timespec ts;

    if (left <= 0)
        return;
    ts = (struct timespec){left / 1000, (left % 1000) * 1000000};
    nanosleep(&ts, NULL);
}

/* Whether host:port accepts a TCP connection before deadline_ms. */
static bool _accepts(const char *host, uint16_t port, int64_t deadline_ms)
{
    struct addrinfo hints = {.ai_socktype = SOCK_STREAM}, *ai, *a;
    char service[8];
    bool ok = false;

    snprintf(service, sizeof(service), "%u", port);
    if (getaddrinfo(host, service, &hints, &ai) != 0)
        return false;
    for (a = ai; a && !ok; a = a->ai_next) {
        int fd =
            socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC,
                   a->ai_protocol);
        struct pollfd p = {fd, POLLOUT, 0};
        int err = 0;
        socklen_t len = sizeof(err);
        int64_t left;

        if (fd < 0)
            continue;
        if (connect(fd, a->ai_addr, a->ai_addrlen) == 0)
            ok = true;
        else if (errno == EINPROGRESS &&
                 (left = deadline_ms - hl_now_ms()) > 0 &&
                 poll(&p, 1, (int)left) == 1 &&
                 getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) == 0)
            ok = err == 0;
        close(fd);
    }
    freeaddrinfo(ai);
    return ok;
}

/*
 * Whether slurmdbd (or its backup) listens. A stopped slurmdbd refuses at
 * once; libslurm would say so in lines of its own on srun's standard
 * error at every query, so it is not asked then. True when srun's
 * configuration cannot be read: libslurm is asked anyway.
 */
static bool _slurmdbd_listens(int64_t deadline_ms)
{
    const slurm_conf_t *conf = dlsym(RTLD_DEFAULT, "slurm_conf");

    if (!conf || !conf->accounting_storage_host)
        return true;
    return _accepts(conf->accounting_storage_host,
                    conf->accounting_storage_port, deadline_ms) ||
           (conf->accounting_storage_backup_host &&
            _accepts(conf->accounting_storage_backup_host,
                     conf->accounting_storage_port, deadline_ms));
}

/* One connection to slurmdbd, or NULL: sacct's way of telling. */
static void *_connect(const struct _api *api, int64_t deadline_ms)
{
    uint16_t flags = 0;
    void *conn;

    if (!_slurmdbd_listens(deadline_ms))
        return NULL;
    errno = 0;
    conn = api->connection_get(&flags);
    if (conn && errno) {
        api->connection_close(&conn);
        conn = NULL;
    }
    return conn;
}

/* The query's thread: one connection, then the step's row asked for until
 * it has its usage or the deadline passes. */
static void *_ask(void *arg)
{
    struct _query *q = arg;
    slurm_selected_step_t sel = {
        .array_task_id = NO_VAL,
        .het_job_offset = NO_VAL,
        .step_id = {.job_id = q->job,
                    .step_id = q->step,
                    .step_het_comp = NO_VAL},
    };
    slurmdb_job_cond_t cond = {0};
    enum hl_step_rss_answer answer = HL_STEP_RSS_FAILED;
    int64_t pause = _FIRST_PAUSE_MS, until;
    char row[sizeof(q->row)] = "";
    void *conn = _connect(&q->api, q->deadline_ms);

    cond.flags = JOBCOND_FLAG_NO_TRUNC;
    cond.db_flags = SLURMDB_JOB_FLAG_NOTSET;
    cond.step_list = conn ? q->api.list_create(NULL) : NULL;
    if (cond.step_list)
        q->api.list_append(cond.step_list, &sel);
    while (cond.step_list) {
        list_t *jobs = q->api.jobs_get(conn, &cond);
        int got = 0;

        if (!jobs && !q->answered)
            break;
        if (jobs) {
            pthread_mutex_lock(&q->lock);
            got = _row(q, jobs, row, sizeof(row));
            q->answered = true;
            pthread_mutex_unlock(&q->lock);
            q->api.list_destroy(jobs);
        }
        if (got) {
            answer = HL_STEP_RSS_ROW;
            break;
        }
        if (hl_now_ms() + pause >= q->deadline_ms) {
            answer = q->had_row || !q->answered ? HL_STEP_RSS_TIMEOUT
                                                : HL_STEP_RSS_NONE;
            break;
        }
        /* slurmdbd answers each connection from one database
         * transaction: the step's row or usage, written since, would
         * never show. Ending it (rollback: nothing was written) takes a
         * round trip, spent in the pause. */
        until = hl_now_ms() + pause;
        q->api.connection_commit(conn, false);
        _pause(until);
        pause = pause * 2 < _MAX_PAUSE_MS ? pause * 2 : _MAX_PAUSE_MS;
    }
    if (cond.step_list)
        q->api.list_destroy(cond.step_list);
    if (conn)
        q->api.connection_close(&conn);
    pthread_mutex_lock(&q->lock);
    q->answer = answer;
    snprintf(q->row, sizeof(q->row), "%s", row);
    q->done = true;
    pthread_cond_signal(&q->cond);
    pthread_mutex_unlock(&q->lock);
    _release(q);
    return NULL;
}

/* Waits for the query's answer until its deadline: what it knows then. */
static enum hl_step_rss_answer _wait(struct _query *q, char *row, size_t size)
{
    struct timespec until;
    enum hl_step_rss_answer answer;

    pthread_mutex_lock(&q->lock);
    while (!q->done && hl_now_ms() < q->deadline_ms) {
        int64_t left = q->deadline_ms - hl_now_ms();

        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_sec += left / 1000;
        until.tv_nsec += (left % 1000) * 1000000;
        if (until.tv_nsec >= 1000000000) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000;
        }
        if (pthread_cond_timedwait(&q->cond, &q->lock, &until) == ETIMEDOUT)
            break;
    }
    if (q->done) {
        answer = q->answer;
        snprintf(row, size, "%s", q->row);
    } else {
        answer =
            q->answered && !q->had_row ? HL_STEP_RSS_NONE : HL_STEP_RSS_TIMEOUT;
    }
    pthread_mutex_unlock(&q->lock);
    return answer;
}

/*
 * The query's thread is never joined: it may outlive srun's wait, blocked
 * on a slow slurmdbd, and even when it has answered it still returns
 * through this code. srun unloads the plugin at its end; the plugin is
 * kept mapped, so that the thread never runs unmapped code (srun died of
 * SIGSEGV when it ended right after the answer).
 */
static void _keep_loaded(void)
{
    Dl_info self;

    if (dladdr((void *)_keep_loaded, &self) && self.dli_fname)
        dlopen(self.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
}

enum hl_step_rss_answer hl_step_rss(uint32_t job, uint32_t step,
                                    const char *name, unsigned wait_ms,
                                    char *row, size_t row_size)
{
    struct _query *q = calloc(1, sizeof(*q));
    pthread_condattr_t attr;
    pthread_t thread;
    enum hl_step_rss_answer answer;

    row[0] = '\0';
    if (!q)
        return HL_STEP_RSS_NO_API;
    if (_load(&q->api) < 0) {
        free(q);
        return HL_STEP_RSS_NO_API;
    }
    q->job = job;
    q->step = step;
    snprintf(q->name, sizeof(q->name), "%s", name);
    q->deadline_ms = hl_now_ms() + wait_ms;
    q->refs = 2;
    pthread_mutex_init(&q->lock, NULL);
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&q->cond, &attr);
    pthread_condattr_destroy(&attr);
    _keep_loaded();
    if (pthread_create(&thread, NULL, _ask, q) != 0) {
        pthread_mutex_destroy(&q->lock);
        pthread_cond_destroy(&q->cond);
        free(q);
        return HL_STEP_RSS_FAILED;
    }
    pthread_detach(thread);
    answer = _wait(q, row, row_size);
    _release(q);
    return answer;
}

const char *hl_step_rss_word(enum hl_step_rss_answer answer)
{
    switch (answer) {
    case HL_STEP_RSS_NONE:
        return "none";
    case HL_STEP_RSS_FAILED:
        return "failed";
    default:
        return "timeout";
    }
}
