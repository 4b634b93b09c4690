"""Stacks are walked one thread at a time: libunwind 1.6 is not safe to
enter from two threads at once (its check of memory shares one pipe among
all threads; under Open MPI's TCP start-up, two threads sampling at once
crashed a rank in 2 to 3 jobs of 150). threads_at_once_exact's 8 threads
allocate at once, every MiB of them sampled (some 50,000 samples), under a libunwind whose walk
takes 50 microseconds and aborts when a second thread enters it: the
program exits 0 with its counts exact, and the samples were taken."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
fake = t.fake_libunwind("libonewalk.so")
out = os.path.join(t.tmpdir(), "rec.csv")
res = t.run([t.program("threads_at_once_exact")],
            t.preload_env(out, LD_LIBRARY_PATH=fake, HEAPLINE_SITES="1",
                          HEAPLINE_SITES_RATE="1M", HEAPLINE_QUIET="1"))
t.check(res.returncode == 0 and "two threads inside" not in res.stderr,
        "8 threads sampling at once: no second thread inside the walk, "
        "exit 0: %r %r" % (res.returncode, res.stderr[-300:]))
rec = t.read_sites_record(out)
t.check(rec.get("sites_rate_bytes") == "1048576" and
        "libunwind.so.8" in rec.get("modules", ""),
        "the samples were taken, with their stacks (the walk's one frame, "
        "in the fake libunwind): rate %r, modules %r"
        % (rec.get("sites_rate_bytes"), rec.get("modules", "")[:120]))
t.done()
