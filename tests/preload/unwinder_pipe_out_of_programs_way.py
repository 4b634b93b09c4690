"""libunwind's pipe is kept out of the program's way. libunwind checks
memory by writing bytes into a pipe of its own and reading them back; it
makes the pipe at its set-up, the first sample, and would take the lowest
free descriptors (3 and 4), which a program that closes descriptors it
did not open (a daemon, a child before exec) then reuses: its checks would
read and write the program's files and sockets. reuses_low_fds allocates
until a sample, lists its descriptors, closes 3 to 63, fills the lowest
with pipes holding a line each, allocates again (each allocation sampled)
and reads the lines back. Under libunwind, the pipe lies at 1008 or above;
under a libunwind that checks memory through its pipe at every walk, as
1.6 does when it is unsure of an address, the program's pipes keep their
lines (before: bytes read from and written into them); the output is the
same as without heapline but for the first line. 1008 is the floor under
a soft limit of 1024 or more; under a lower one, 16 below it."""

import os
import resource
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
fake = t.fake_libunwind("libpipecheckingwalk.so")
argv = [t.program("reuses_low_fds")]
env = dict(HEAPLINE_SITES="1", HEAPLINE_SITES_RATE="4K", HEAPLINE_QUIET="1")
soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
floor = min(soft if soft != resource.RLIM_INFINITY else 1024, 1024) - 16
plain = t.run(argv, t.clean_env())
t.check((plain.returncode, plain.stdout) ==
        (0, "open above 2:\n8 pipes intact\n"),
        "without heapline: nothing open above 2, the pipes intact: %d %r %r"
        % (plain.returncode, plain.stdout, plain.stderr))

for name, extra in (("libunwind", {}),
                    ("a libunwind checking memory at every walk",
                     {"LD_LIBRARY_PATH": fake})):
    res = t.run(argv, t.preload_env(os.path.join(work, "rec.csv"),
                                    **env, **extra))
    first, _, rest = res.stdout.partition("\n")
    fds = [int(f) for f in first.split(":")[1].split()] \
        if first.startswith("open above 2:") else [-1]
    t.check(len(fds) == 2 and min(fds) >= floor,
            "%s: its pipe's two descriptors lie at %d or above: %r"
            % (name, floor, first))
    t.check((res.returncode, rest, res.stderr) ==
            (0, "8 pipes intact\n", ""),
            "%s: the program's pipes keep their lines, exit 0: %d %r %r"
            % (name, res.returncode, rest, res.stderr[-300:]))
    if os.path.exists(os.path.join(work, "rec.csv")):
        os.unlink(os.path.join(work, "rec.csv"))
t.done()
