#include "node_memory.h"

#include <stdlib.h>
#include <string.h>

#include "run_cmd.h"
#include "shared/slurm_size.h"

/* Nodes asked about in one scontrol run: a node's line is under 1.5 KiB,
 * and the lines of a run must fit in HL_CMD_OUT_MAX. */
#define _BATCH 8

/* The value of KEY (with its '=') in line[0..len), after a space or at its
 * start; NULL when absent. */
static const char *_value(const char *line, size_t len, const char *key,
                          size_t *vlen)
{
    size_t klen = strlen(key);

    for (size_t i = 0; i + klen <= len; i++)
        if ((i == 0 || line[i - 1] == ' ') &&
            memcmp(line + i, key, klen) == 0) {
            *vlen = strcspn(line + i + klen, " \n");
            if (i + klen + *vlen > len)
                *vlen = len - i - klen;
            return line + i + klen;
        }
    return NULL;
}

/* The RealMemory= of the node named name in out, the output of
 * `scontrol -o show node`, one line per node; 0 when absent. */
static uint64_t _real_memory_of(const char *out, const char *name)
{
    size_t nlen = strlen(name);

    for (const char *line = out; *line;) {
        size_t len = strcspn(line, "\n"), vlen;
        const char *v = _value(line, len, "NodeName=", &vlen);
        uint64_t bytes;

        if (v && vlen == nlen && memcmp(v, name, nlen) == 0 &&
            (v = _value(line, len, "RealMemory=", &vlen)) &&
            hl_parse_slurm_figure(v, vlen, 20, &bytes) == 0)
            return bytes;
        line += len + (line[len] == '\n');
    }
    return 0;
}

/* Runs argv until it ends or until deadline_ms. Returns its exit status,
 * or -1 when it could not start, was killed or did not end in time. */
static int _run(char *const argv[], struct hl_cmd *c, int64_t deadline_ms)
{
    if (hl_cmd_start(c, argv) < 0)
        return -1;
    while (!c->ended && hl_cmd_wait(c, 1, deadline_ms) < 0)
        if (hl_now_ms() >= deadline_ms) {
            hl_cmd_stop(c);
            return -1;
        }
    return c->status;
}

/* A name scontrol would read as one node: no hostlist syntax in it. */
static int _plain_name(const char *s)
{
    return s[0] && s[0] != '-' && !strpbrk(s, ",[] \t\n");
}

void hl_ask_real_memory(struct hl_summary *sum, const struct hl_procset *set,
                        int64_t deadline_ms)
{
    struct hl_cmd *c = malloc(sizeof(*c));
    char *names = NULL;
    size_t cap = 0;

    for (size_t first = 0; c && first < sum->nnodes; first += _BATCH) {
        size_t last =
            first + _BATCH < sum->nnodes ? first + _BATCH : sum->nnodes;
        size_t len = 0;
        char *argv[] = {"scontrol", "-o", "show", "node", NULL, NULL};

        for (size_t i = first; i < last; i++) {
            const char *h = hl_strpool_get(&set->hosts, sum->nodes[i].host);
            size_t hlen = strlen(h);
            char *grown;

            if (!_plain_name(h))
                continue;
            if (len + hlen + 2 > cap) {
                grown = realloc(names, cap = (len + hlen + 2) * 2);
                if (!grown)
                    break;
                names = grown;
            }
            if (len)
                names[len++] = ',';
            memcpy(names + len, h, hlen + 1);
            len += hlen;
        }
        argv[4] = names;
        if (!len || hl_now_ms() >= deadline_ms ||
            _run(argv, c, deadline_ms) != 0)
            continue;
        for (size_t i = first; i < last; i++)
            sum->nodes[i].real_memory = _real_memory_of(
                c->out, hl_strpool_get(&set->hosts, sum->nodes[i].host));
    }
    free(names);
    free(c);
}
