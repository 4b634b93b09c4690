/* heapline-admin-comment: Slurm's EpilogSlurmctld helper that stores a
 * job's heapline figures, from the site folder, in its AdminComment
 * (doc/heapline-admin-comment.8). The job is finished when it runs, so
 * slurmctld refuses to update it: the field is read and written in the
 * accounting database, through slurmdbd, as sacctmgr does. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "comment_entry.h"
#include "comment_site.h"
#include "config.h"
#include "install_dirs.h"
#include "decimal.h"
#include "slurm_compat.h"

#define HL_PROGRAM "heapline-admin-comment"
/* How long to wait for slurmdbd to record the job's end. */
#define HL_WAIT_END_S 30

/* libslurm's configuration, read by slurm_init (not in its headers). */
extern slurm_conf_t slurm_conf;

static const char _usage[] =
    "Usage: heapline-admin-comment [OPTION]... [JOBID]\n"
    "Store a compact summary of a finished job's heapline figures, read\n"
    "from the site folder, in the job's AdminComment, as the word\n"
    "heapline:{...}, keeping what other tools wrote there. Meant to be\n"
    "Slurm's EpilogSlurmctld; JOBID defaults to $SLURM_JOB_ID.\n"
    "\n"
    "      --site=DIR    the plugin's site=DIR (default " HL_DEFAULT_SITE ")\n"
    "      --print       print the new AdminComment, store nothing\n"
    "  -h, --help        print this help and exit\n"
    "  -V, --version     print the version and exit\n"
    "\n"
    "Exit status: 0 when the entry is stored (or the job has no heapline\n"
    "line), 1 when it is not, 2 when an option was wrong.\n";

struct _opts {
    const char *site;
    uint32_t job;
    bool print;
};

static int _parse(int argc, char **argv, struct _opts *o)
{
    static const struct option longs[] = {
        {"site", required_argument, NULL, 's'},
        {"print", no_argument, NULL, 'p'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    const char *id;
    uint64_t v;
    int c;

    *o = (struct _opts){.site = HL_DEFAULT_SITE};
    while ((c = getopt_long(argc, argv, "hV", longs, NULL)) != -1) {
        if (c == 's')
            o->site = optarg;
        else if (c == 'p')
            o->print = true;
        else if (c == 'h')
            return fputs(_usage, stdout), 0;
        else if (c == 'V')
            return printf("%s (%s) %s\n", HL_PROGRAM, PACKAGE_NAME,
                          PACKAGE_VERSION),
                   0;
        else
            return fprintf(stderr, "Try '%s --help'.\n", HL_PROGRAM), 2;
    }
    id = optind < argc ? argv[optind] : getenv("SLURM_JOB_ID");
    if (argc - optind > 1 || !id || hl_parse_u64(id, strlen(id), &v) < 0 ||
        v == 0 || v >= NO_VAL) {
        fprintf(stderr, "%s: %s\nTry '%s --help'.\n", HL_PROGRAM,
                id ? "bad JOBID" : "no JOBID, and no SLURM_JOB_ID", HL_PROGRAM);
        return 2;
    }
    o->job = (uint32_t)v;
    return -1;
}

/* The job, on this cluster, as the accounting database holds it. */
static void _cond(slurmdb_job_cond_t *cond, uint32_t job,
                  slurm_selected_step_t *step)
{
    memset(cond, 0, sizeof(*cond));
    *step = (slurm_selected_step_t){
        .array_task_id = NO_VAL,
        .het_job_offset = NO_VAL,
        .step_id = {.job_id = job, .step_het_comp = NO_VAL, .step_id = NO_VAL}};
    cond->step_list = slurm_list_create(NULL);
    slurm_list_append(cond->step_list, step);
    cond->cluster_list = slurm_list_create(NULL);
    slurm_list_append(cond->cluster_list, slurm_conf.cluster_name);
    cond->flags = JOBCOND_FLAG_NO_STEP | JOBCOND_FLAG_NO_DEFAULT_USAGE;
    cond->db_flags = SLURMDB_JOB_FLAG_NOTSET;
}

/* The job's record once slurmdbd has its end; NULL after HL_WAIT_END_S.
 * *list holds it, for the caller to destroy. */
static slurmdb_job_rec_t *_ended(void *db, slurmdb_job_cond_t *cond,
                                 uint32_t job, list_t **list)
{
    for (int i = 0; i <= HL_WAIT_END_S; i++) {
        slurmdb_job_rec_t *rec = NULL, *r;
        list_itr_t *it;

        if ((*list = slurmdb_jobs_get(db, cond))) {
            it = slurm_list_iterator_create(*list);
            while ((r = slurm_list_next(it)))
                if (r->jobid == job)
                    rec = r;
            slurm_list_iterator_destroy(it);
            if (rec && rec->end)
                return rec;
            slurm_list_destroy(*list);
            *list = NULL;
        }
        if (i < HL_WAIT_END_S)
            sleep(1);
    }
    return NULL;
}

/*
 * The field as slurmctld holds it, which is what it sends slurmdbd: the
 * database's copy can still be empty when the job's end is recorded
 * (seen on the test cluster, now and then, with a long field set while
 * the job was pending). NULL when slurmctld no longer holds the job; *msg
 * is the caller's to free.
 */
static const char *_ctld_comment(uint32_t job, job_info_msg_t **msg)
{
    if (slurm_load_job(msg, hl_slurm_job_ref(job), SHOW_ALL) != SLURM_SUCCESS) {
        *msg = NULL;
        return NULL;
    }
    for (uint32_t i = 0; i < (*msg)->record_count; i++)
        if ((*msg)->job_array[i].job_id == job)
            return (*msg)->job_array[i].admin_comment
                       ? (*msg)->job_array[i].admin_comment
                       : "";
    return NULL;
}

/* The job's nodes, one name each, into *names (the caller frees). */
static size_t _nodes(const char *list, char ***names)
{
    hl_hostlist hl = list ? slurm_hostlist_create(list) : NULL;
    size_t n = 0, cap = 0;
    char *h;

    *names = NULL;
    while (hl && (h = slurm_hostlist_shift(hl))) {
        char **more =
            n == cap
                ? realloc(*names, (cap = cap ? cap * 2 : 16) * sizeof(*more))
                : *names;

        if (!more) {
            free(h);
            break;
        }
        *names = more;
        (*names)[n++] = h;
    }
    if (hl)
        slurm_hostlist_destroy(hl);
    return n;
}

static int _store(void *db, slurmdb_job_cond_t *cond, uint32_t job,
                  char *comment)
{
    slurmdb_job_rec_t rec;
    list_t *done;
    int stored;

    hl_slurmdb_job_rec_unchanged(&rec);
    rec.admin_comment = comment;
    rec.steps = slurm_list_create(NULL);
    done = slurmdb_job_modify(db, cond, &rec);
    slurm_list_destroy(rec.steps);
    stored = done && slurm_list_count(done) > 0;
    if (done)
        slurm_list_destroy(done);
    if (!stored || slurmdb_connection_commit(db, true) != SLURM_SUCCESS) {
        fprintf(stderr,
                "%s: job %u: the accounting database did not take "
                "the AdminComment: %s\n",
                HL_PROGRAM, job, slurm_strerror(errno));
        return 1;
    }
    return 0;
}

static int _run(const struct _opts *o, void *db)
{
    static char merged[HL_COMMENT_MAX + 1];
    struct hl_comment_summary s = {0};
    slurm_selected_step_t step;
    slurmdb_job_cond_t cond;
    slurmdb_job_rec_t *rec;
    char entry[HL_COMMENT_ENTRY_MAX], **names;
    job_info_msg_t *ctld;
    const char *old;
    list_t *list = NULL;
    size_t n;
    int faults, status = 1, merge;

    _cond(&cond, o->job, &step);
    rec = _ended(db, &cond, o->job, &list);
    if (!rec) {
        fprintf(stderr,
                "%s: job %u: no end record in the accounting "
                "database after %d s\n",
                HL_PROGRAM, o->job, HL_WAIT_END_S);
        goto out;
    }
    n = _nodes(rec->nodes, &names);
    faults = hl_comment_read_site(o->site, names, n,
                                  rec->start ? rec->start : rec->submit,
                                  rec->end, o->job, &s, stderr);
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    if (faults < 0)
        goto out;
    if (!s.lines) {
        status = faults > 0;
        goto out;
    }
    hl_comment_entry(&s, entry);
    /* the database's copy first: another tool may have changed it since */
    ctld = NULL;
    old = rec->admin_comment && rec->admin_comment[0]
              ? rec->admin_comment
              : _ctld_comment(o->job, &ctld);
    merge = hl_comment_merge(old, entry, merged);
    if (ctld)
        slurm_free_job_info_msg(ctld);
    if (merge != HL_COMMENT_OK) {
        fprintf(stderr, "%s: job %u: AdminComment left as it was: %s\n",
                HL_PROGRAM, o->job,
                merge == HL_COMMENT_TOO_LONG
                    ? "with heapline's entry it would pass 65535 bytes"
                    : "it holds a quote or a backslash, which slurmdbd "
                      "would not store as they are");
        goto out;
    }
    if (o->print)
        status = puts(merged) < 0;
    else
        status = _store(db, &cond, o->job, merged);
out:
    if (list)
        slurm_list_destroy(list);
    slurm_list_destroy(cond.step_list);
    slurm_list_destroy(cond.cluster_list);
    return status;
}

int main(int argc, char **argv)
{
    struct _opts o;
    int status = _parse(argc, argv, &o);
    void *db;

    if (status >= 0)
        return status;
    slurm_init(NULL);
    db = slurmdb_connection_get(NULL);
    if (!db) {
        fprintf(stderr, "%s: cannot reach the accounting database: %s\n",
                HL_PROGRAM, slurm_strerror(errno));
        slurm_fini();
        return 1;
    }
    status = _run(&o, db);
    slurmdb_connection_close(&db);
    slurm_fini();
    return status;
}
