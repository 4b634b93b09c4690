"""A thread that holds the dynamic loader's lock, and allocates, is never
made to wait for another thread's stack walk: that walk may be waiting for
the very lock (libunwind's walk calls dl_iterate_phdr for an address it has
not cached; a program's dl_iterate_phdr callback holds the lock while it
runs). alloc_in_phdr_callback's two threads allocate, one inside such a
callback, every allocation sampled, under a libunwind whose walk calls
dl_iterate_phdr: the program ends (a deadlock before: the thread inside
the callback waited for the walk, the walk for the lock), with the output
and status it has without heapline, and samples were taken with stacks."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
fake = t.fake_libunwind("libloaderlockedwalk.so")
argv = [t.program("alloc_in_phdr_callback")]
plain = t.run(argv, t.clean_env())
out = os.path.join(t.tmpdir(), "rec.csv")
res = t.run(argv, t.preload_env(out, LD_LIBRARY_PATH=fake, HEAPLINE_SITES="1",
                                HEAPLINE_SITES_RATE="4K", HEAPLINE_QUIET="1"))
t.check((res.returncode, res.stdout, res.stderr) ==
        (plain.returncode, plain.stdout, plain.stderr) == (0, "done\n", ""),
        "ends as without heapline: %d %r %r, %d %r %r"
        % (res.returncode, res.stdout, res.stderr[-300:], plain.returncode,
           plain.stdout, plain.stderr))
rec = t.read_sites_record(out)
t.check(rec.get("sites_rate_bytes") == "4096" and
        "libunwind.so.8" in rec.get("modules", ""),
        "samples were taken with their stacks (the fake walk's frame): "
        "rate %r, modules %r"
        % (rec.get("sites_rate_bytes"), rec.get("modules", "")[:120]))
t.done()
