"""Under another allocator after heapline (as in
other_allocator_after_heapline_counts_exact.py), with sites on, heapline's
size cache (preload/alloc/foreign.h) never holds a sampled block nor one of
the library's own, so that a release the cache serves needs no look at the
sites' table: the counted programs, threads that release each other's
blocks among them, give exact counts with sites at their default rate, at
4 KiB and at 64 bytes (nearly every block sampled); and a release that the
cache serves leaves no sample behind: Python, every object through
malloc, samples 200,000 blocks at 64 bytes, more than the 65,536 that the
sites' table holds, and releases them all, and no sample is dropped. (The
cache serves a process until its second thread.)"""

import os
import sys

# The records then have the sites' columns.
os.environ["HEAPLINE_TEST_SITES_RATE"] = "4K"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
allocators = t.other_allocators()
RATES = {"default": {}, "4K": {"HEAPLINE_SITES_RATE": "4K"},
         "64": {"HEAPLINE_SITES_RATE": "64"}}
for allocator in allocators:
    preload = t.LIB + " " + allocator
    for rate, env in RATES.items():
        for name in ("counts_malloc", "counts_calloc", "counts_realloc",
                     "counts_posix_memalign", "counts_cxx_new_delete",
                     "threads_exact", "threads_hand_over_exact"):
            print("%s, sites at %s: %s" % (allocator, rate, name))
            t.check_counted(t.program(name), preload=preload,
                            HEAPLINE_SITES="1", **env)
    work = t.tmpdir()
    out = os.path.join(work, "python.csv")
    env = t.preload_env(out, HEAPLINE_SITES="1", HEAPLINE_SITES_RATE="64",
                        HEAPLINE_SITES_SEED="1", PYTHONMALLOC="malloc")
    env["LD_PRELOAD"] = preload
    res = t.run([t.PYTHON3, "-c", "for i in range(200000): b = bytes(300)"],
                env)
    t.check(res.returncode == 0, "python exits 0: %s" % res.stderr)
    rec = t.read_record(out)
    t.check(rec["sites_dropped"] == "0", "%s: 200,000 samples released, "
            "none dropped (sites_dropped %r)" % (allocator,
                                                 rec["sites_dropped"]))
t.done()
