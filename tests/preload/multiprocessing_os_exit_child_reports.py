"""Python's multiprocessing children end with os._exit, which skips exit
handlers: heapline reports them through its _exit, and each child's record
holds its own peak."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
script = """
import multiprocessing as mp, os
def work(n):
    x = bytearray(n * 10**6)
    return os.getpid()
if __name__ == "__main__":
    ctx = mp.get_context("fork")
    ps = [ctx.Process(target=work, args=(50 + 10 * i,)) for i in range(2)]
    for p in ps: p.start()
    for p in ps: p.join()
    print(" ".join(str(p.pid) for p in ps), flush=True)
    # os._exit in the parent too, which flushes no buffer
    os._exit(0)
"""
res = t.run([t.PYTHON3, "-c", script],
            t.preload_env(os.path.join(work, "rec.%p.csv")))
t.check(res.returncode == 0, "exit 0: %s" % res.stderr)
child_pids = [int(p) for p in res.stdout.split()]
t.check(len(child_pids) == 2, "two children: %r" % res.stdout)
t.check(len(t.summary_lines(res.stderr)) == 3,
        "three summary lines (parent and two children): %r" % res.stderr)
for i, pid in enumerate(child_pids):
    path = os.path.join(work, "rec.%d.csv" % pid)
    if t.check(os.path.isfile(path), "record of child %d" % pid):
        rec = t.read_record(path)
        want = (50 + 10 * i) * 10**6
        t.check(want <= rec["peak_heap_bytes"] < want + 20 * 2**20,
                "child %d peak %d holds its %d bytes"
                % (pid, rec["peak_heap_bytes"], want))
t.check(len(os.listdir(work)) == 3, "three records: %r" % os.listdir(work))
t.done()
