"""Two processes of one node that pass 100 MiB back and forth twenty times
(hand_over: one allocates, touches, holds and frees it, then the other),
never holding more together than a hold of one and the base of the other:
heapline-report's lower bound of the node, from their records'
timelines, is within 10% of that, not the sum of their peaks (issue 36:
"RSS 216.9 MiB" where they held about 108 MiB, called a lower bound); the
estimate and the upper bound are not below it."""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
if not t.REPORT:
    t.skip("heapline-report not built")
work = t.tmpdir()
res = t.run([t.program("hand_over"), "20", "100", "30"],
            t.preload_env(os.path.join(work, "rec.%p.csv"),
                          HEAPLINE_QUIET="1"))
t.check(res.returncode == 0, "hand_over exits 0: %r" % res.returncode)
said = [line.split() for line in res.stdout.splitlines()]
held = [int(w[1]) for w in said if w[0] == "held"]
released = [int(w[1]) for w in said if w[0] == "released"]
t.check(len(held) == 20 and len(released) == 20,
        "twenty holds and releases: %d, %d" % (len(held), len(released)))
# At each moment one of them holds at most its largest hold, the other its
# base, at most the largest release.
most = max(held) + max(released)
peaks = 2 * min(held)

report = t.run([t.REPORT, "--no-sacct", "--format", "json", work],
               t.clean_env())
t.check(report.returncode == 0,
        "the report reads the records: %r" % report.stderr)
nodes = json.loads(report.stdout)["nodes"] if report.returncode == 0 else []
t.check(len(nodes) == 1, "one node: %d" % len(nodes))
node = nodes[0] if len(nodes) == 1 else {}
got = node.get("concurrent_lower_bound_bytes") or 0
t.check(abs(got - most) <= most * 0.10,
        "lower bound %.1f MiB within 10%% of the %.1f MiB held at once "
        "(their peaks sum to %.1f MiB at least)"
        % (got / 2**20, most / 2**20, peaks / 2**20))
est = node.get("concurrent_rss_bytes") or 0
upper = node.get("concurrent_upper_bound_bytes") or 0
t.check(got <= est <= upper,
        "lower bound %d <= estimate %d <= upper bound %d" % (got, est, upper))
t.done()
