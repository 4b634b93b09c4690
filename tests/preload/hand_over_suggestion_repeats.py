"""Identical runs of a program with hand-offs get the same suggestion
(issue 36: two identical runs were told --mem=272M and --mem=338M): three
runs of hand_over (two processes that pass 100 MiB back and forth twenty
times) get from heapline-report suggestions within 5% of each other,
based on the node's concurrent PSS or RSS (no cgroup here), or on the
VmHWM of one process where that is larger (a fast machine reads the
hand-offs closely enough that the concurrent figure is one process's 100
MiB), and never below the node's lower bound.

Between one's release and the other's allocation hand_over waits 100 ms,
or as long as the turn took if longer: more than the concurrent figure's
cells are wide, on any machine. A hand-off within one cell is counted
twice, as the report says (4 ms hand-offs made one run of three 222 MiB
where the others were 113; so did 100 ms ones in runs that a loaded
machine stretched to 45 s, whose cells were 128 ms). A cell is at most
1/256 of the run, and each of the twenty turns is followed by a gap at
least as long as it: a gap is then about six times a cell or more, unless
one turn takes a hundred times as long as the others."""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

RUNS = 3

t.require_built()
if not t.REPORT:
    t.skip("heapline-report not built")
suggested = []
for i in range(RUNS):
    work = t.tmpdir()
    res = t.run([t.program("hand_over"), "20", "100", "30", "100"],
                t.preload_env(os.path.join(work, "rec.%p.csv"),
                              HEAPLINE_QUIET="1"))
    t.check(res.returncode == 0, "run %d: hand_over exits 0: %r"
            % (i + 1, res.returncode))
    report = t.run([t.REPORT, "--no-sacct", "--format", "json", work],
                   t.clean_env())
    t.check(report.returncode == 0, "run %d: the report reads the records: %r"
            % (i + 1, report.stderr))
    j = json.loads(report.stdout) if report.returncode == 0 else {}
    sug = j.get("suggestion") or {}
    nodes = j.get("nodes") or [{}]
    lower = nodes[0].get("concurrent_lower_bound_bytes") or 0
    t.check(sug.get("basis") in ("largest node concurrent PSS",
                                 "largest node concurrent RSS",
                                 "VmHWM of one process"),
            "run %d: the suggestion rests on the concurrent figure or one "
            "process's VmHWM: %r" % (i + 1, sug.get("basis")))
    t.check(sug.get("basis_bytes", 0) >= lower > 0,
            "run %d: its basis %r not below the lower bound %r"
            % (i + 1, sug.get("basis_bytes"), lower))
    suggested.append(sug.get("bytes", 0))
lo, hi = min(suggested), max(suggested)
t.check(lo > 0 and hi <= lo * 1.05,
        "the %d suggestions within 5%% of each other: %s MiB"
        % (RUNS, ", ".join("%.0f" % (b / 2**20) for b in suggested)))
t.done()
