"""Three known sites alive at the peak (120 MiB in 64 KiB blocks, 60 MiB
in 4 KiB blocks, 10 MiB in 1 MiB blocks), after churn freed before it:
with sites on, for five seeds, the report names the three functions in
order, each estimate within three of its stated standard errors of what the
program held; the same seed gives the same record; the text report shows
them with their errors; a record written to stderr (no provisional record,
whose milestones take the at-peak table otherwise) has them too."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402
import callsites  # noqa: E402

callsites.require_report()
work = t.tmpdir()


def sites_fields(path):
    """The record's sites columns, found by name."""
    with open(path) as f:
        lines = f.read().split("\n")
    names, row = lines[1].split(","), lines[2].split(",")
    return [row[names.index(name)] for name in t.SITES_COLUMNS]


records = {}
for seed in (1, 2, 3, 4, 5):
    rec = os.path.join(work, "seed%d.csv" % seed)
    res = t.run([t.program("callsites_three")], callsites.sites_env(rec, seed))
    t.check(res.returncode == 0, "seed %d: exits 0: %r" % (seed, res.stderr))
    truth = callsites.truths(res.stdout)
    doc = callsites.report_json([rec])
    callsites.check_three(doc, truth, "seed %d" % seed)
    records[seed] = sites_fields(rec)

again = os.path.join(work, "again.csv")
t.run([t.program("callsites_three")], callsites.sites_env(again, 1))
t.check(sites_fields(again) == records[1], "seed 1 again: the same sites")
t.check(records[1] != records[2], "seeds 1 and 2: other samples")

res = t.run([t.program("callsites_three")], callsites.sites_env("/dev/stderr", 6))
lines = res.stderr.split("\n")
on_stderr = os.path.join(work, "stderr.csv")
if t.check("# heapline 1" in lines, "a record on stderr: %r" % res.stderr):
    at = lines.index("# heapline 1")
    with open(on_stderr, "w") as f:
        f.write("\n".join(lines[at:at + 3]) + "\n")
    callsites.check_three(callsites.report_json([on_stderr]), callsites.truths(res.stdout),
                      "record on stderr")

res = callsites.report([os.path.join(work, "seed1.csv")], "--sites", "3")
t.check("Sites at the peak" in res.stdout and "hold_big" in res.stdout
        and "± " in res.stdout, "the text report shows the sites:\n%s"
        % res.stdout)
t.done()
