"""A program whose SIGSEGV handler runs on a small alternate signal stack
(8 KiB, and sysconf(_SC_MINSIGSTKSZ), which leaves a few hundred bytes
once the kernel's frame is on it) and calls _exit(3) exits 3 under
heapline with HEAPLINE_OUTPUT set, as without it, and leaves its final
record: the exit path runs on a stack of its own (exit_stack.h)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
for size in ("8192", "min"):
    argv = [t.program("exits_on_signal_stack"), size]
    plain = t.run(argv, t.clean_env())
    if not t.check(plain.returncode == 3, "%s: exits 3 without heapline: %d"
                   % (size, plain.returncode)):
        continue
    out = os.path.join(work, "rec-%s.csv" % size)
    res = t.run(argv, t.preload_env(out))
    t.check(res.returncode == 3, "%s: exits 3 under heapline: %d %r"
            % (size, res.returncode, res.stderr))
    lines = t.summary_lines(res.stderr)
    t.check(len(lines) == 1 and t.SUMMARY.match(lines[0]),
            "%s: its summary line: %r" % (size, res.stderr))
    if t.check(os.path.isfile(out), "%s: a record" % size):
        rec = t.read_record(out)
        t.check(rec["peak_heap_bytes"] >= 1 << 20, "%s: the final figures: %r"
                % (size, rec))
t.done()
