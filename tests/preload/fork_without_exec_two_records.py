"""fork without exec: with %p in HEAPLINE_OUTPUT the parent and the child
each write a record of their own. The child counts from the fork: its
allocs and frees are its own calls, and its heap starts from what it
inherited; the parent's figures are the whole run's, the child's calls
excepted. The same holds when the parent has threads."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()


def check_run(args, reporting):
    work = t.tmpdir()
    res = t.run([t.program("fork_child")] + args,
                t.preload_env(os.path.join(work, "rec.%p.csv")))
    t.check(res.returncode == 0, "%s: exit 0: %s" % (args, res.stderr))
    exps = t.expectations(res.stdout)
    t.check(len(exps) == reporting, "%s: %d processes report: %r"
            % (args, reporting, res.stdout))
    t.check(len(os.listdir(work)) == 2, "%s: two records: %r"
            % (args, os.listdir(work)))
    t.check(len(t.summary_lines(res.stderr)) == 2, "two summary lines")
    for exp in exps:
        path = os.path.join(work, "rec.%d.csv" % exp["pid"])
        if not t.check(os.path.isfile(path), "record of pid %d"
                       % exp["pid"]):
            continue
        rec = t.read_record(path)
        for key, field in (("allocs", "allocs"), ("frees", "frees"),
                           ("peak", "peak_heap_bytes"),
                           ("live", "live_heap_at_exit_bytes")):
            if key in exp:
                t.check(rec[field] == exp[key],
                        "%s pid %d %s: record %d, program %d"
                        % (args, exp["pid"], key, rec[field], exp[key]))


check_run([], 2)
# A second thread holds blocks across the fork: the child's own counts are
# still exact.
check_run(["threaded"], 1)
t.done()
