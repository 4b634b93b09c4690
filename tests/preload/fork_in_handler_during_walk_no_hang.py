"""A signal that comes while the thread walks its own stack, and whose
handler forks, does not hang the program: the fork does not wait for a
walk that cannot end before the handler returns (heapline holds such
signals until the walk's end). fork_in_handler's timer forks a child a
millisecond after each arming while its main thread allocates, every
allocation sampled, under a libunwind whose walk takes 20 microseconds:
300 children run and exit 0 (a hang before: the fork waited for a thread
inside the walk, which was itself; and once, in the forced fallbacks'
run, when the signal came between the two counts of threads inside), with
the output and status of the program without heapline, and a record from
every process."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
fake = t.fake_libunwind("libloaderlockedwalk.so")
recs = t.tmpdir()
argv = [t.program("fork_in_handler")]
plain = t.run(argv, t.clean_env())
res = t.run(argv, t.preload_env(os.path.join(recs, "r-%p.csv"),
                                LD_LIBRARY_PATH=fake, HEAPLINE_SITES="1",
                                HEAPLINE_SITES_RATE="4K", HEAPLINE_QUIET="1"))
t.check((res.returncode, res.stdout, res.stderr) ==
        (plain.returncode, plain.stdout, plain.stderr) ==
        (0, "forked 300\n", ""),
        "ends as without heapline: %d %r %r, %d %r %r"
        % (res.returncode, res.stdout, res.stderr[-300:], plain.returncode,
           plain.stdout, plain.stderr))
t.check(len(os.listdir(recs)) == 301,
        "a record from the program and each of its 300 children: %d"
        % len(os.listdir(recs)))
t.done()
