"""In a static program linked with heapline, libunwind's pipe is kept out
of the program's way too (libheapline-static.a renames libunwind's pipe2 to
heapline's): reuses_low_fds, linked statically, finds the pipe's two
descriptors at the top of the first 1024 (1008 or above under a soft limit
of 1024 or more; before, 3 and 4), and its own pipes, made at the lowest
numbers once it has closed 3 to 63, keep their lines."""

import os
import resource
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402
import static_link  # noqa: E402

work = t.tmpdir()
exe = os.path.join(work, "reuses_low_fds")
res = t.run(["gcc", "-static", "-O2", "-o", exe,
             os.path.join(static_link.SRCDIR, "reuses_low_fds.c")]
            + static_link.link_flags(), t.clean_env())
if not t.check(res.returncode == 0 and not res.stderr,
               "links statically with heapline, with no warning: %r"
               % res.stderr):
    t.done()
soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
floor = min(soft if soft != resource.RLIM_INFINITY else 1024, 1024) - 16
res = t.run([exe], t.clean_env(HEAPLINE_OUTPUT=os.path.join(work, "r.csv"),
                               HEAPLINE_SITES="1", HEAPLINE_SITES_RATE="4K",
                               HEAPLINE_QUIET="1"))
first, _, rest = res.stdout.partition("\n")
fds = [int(f) for f in first.split(":")[1].split()] \
    if first.startswith("open above 2:") else [-1]
t.check(len(fds) == 2 and min(fds) >= floor,
        "libunwind's pipe's two descriptors lie at %d or above: %r"
        % (floor, first))
t.check((res.returncode, rest, res.stderr) == (0, "8 pipes intact\n", ""),
        "the program's pipes keep their lines, exit 0: %d %r %r"
        % (res.returncode, rest, res.stderr[-300:]))
with open(os.path.join(work, "r.csv")) as f:
    t.check(",4096," in f.read(), "the record says it sampled every 4 KiB")
t.done()
