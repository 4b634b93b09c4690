"""Test driver for the counts_* and threads_* programs: runs the program
under the library twice, as "baseline" (the runtime's own allocations) and
for real, and checks that the record's figures minus the baseline's are
exactly what the program computed from malloc_usable_size. Any other test
program (a unit test) runs as it is."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

prog = os.path.abspath(sys.argv[1])
if not os.path.basename(prog).startswith(("counts_", "threads_")):
    os.execv(prog, [prog] + sys.argv[2:])
t.require_built()
work = t.tmpdir()


def measured(args, name):
    out = os.path.join(work, name + ".csv")
    res = t.run([prog] + args, t.preload_env(out))
    t.check(res.returncode == 0, "%s %s exits 0, stderr: %s"
            % (prog, args, res.stderr))
    exp = t.expectations(res.stdout)
    t.check(len(exp) == 1, "one expect line: %r" % res.stdout)
    return t.read_record(out), exp[0], res


base, _, _ = measured(["baseline"], "baseline")
rec, exp, res = measured([], "run")
got = {
    "allocs": rec["allocs"] - base["allocs"],
    "frees": rec["frees"] - base["frees"],
    "live": rec["live_heap_at_exit_bytes"] - base["live_heap_at_exit_bytes"],
}
for key in ("allocs", "frees", "live"):
    t.check(got[key] == exp[key], "%s: record %d (over baseline), program %d"
            % (key, got[key], exp[key]))
if "peak" in exp:
    want = max(base["peak_heap_bytes"],
               base["live_heap_at_exit_bytes"] + exp["peak"])
    t.check(rec["peak_heap_bytes"] == want, "peak: record %d, expected %d"
            % (rec["peak_heap_bytes"], want))
if "peak_within_bound" in exp:
    peak = rec["peak_heap_bytes"]
    bound = (1 << 20) + peak // 1000
    want = base["peak_heap_bytes"] + exp["peak_within_bound"]
    t.check(abs(peak - want) <= bound,
            "peak %d within %d of %d (off by %d)"
            % (peak, bound, want, peak - want))
# The summary line tells the same counts as the record.
lines = t.summary_lines(res.stderr)
t.check(len(lines) == 1, "one summary line: %r" % res.stderr)
if lines:
    m = t.SUMMARY.match(lines[0])
    t.check(m and int(m.group(1)) == rec["allocs"]
            and int(m.group(2)) == rec["frees"],
            "summary %r agrees with the record" % lines[0])
t.done()
