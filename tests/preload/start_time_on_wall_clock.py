"""start_time_s is the process's start on the wall clock, with nine
decimals: between the moments just before and just after the program was
started, and with elapsed_s it ends when the program ended. A forked child
starts at the fork, after its parent, so that the processes of a node line
up on one clock."""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

t.require_built()
work = t.tmpdir()
path = os.path.join(work, "rec.%p.csv")
before = time.time()
res = t.run([t.PYTHON3, "-c",
             "import os, time\n"
             "time.sleep(1)\n"
             "pid = os.fork()\n"
             "if pid == 0:\n"
             "    time.sleep(0.5)\n"
             "    os._exit(0)\n"
             "os.waitpid(pid, 0)\n"], t.preload_env(path))
after = time.time()
t.check(res.returncode == 0, "exit 0: %s" % res.stderr)
recs = sorted((t.read_record(os.path.join(work, name))
               for name in os.listdir(work)),
              key=lambda r: r["start_time_s"])
if t.check(len(recs) == 2, "two records: %r" % os.listdir(work)):
    parent, child = recs
    t.check(before <= parent["start_time_s"] <= after,
            "the parent started between %.3f and %.3f: %.3f"
            % (before, after, parent["start_time_s"]))
    end = parent["start_time_s"] + parent["elapsed_s"]
    t.check(before + 1.5 <= end <= after + 0.002,
            "its start plus elapsed_s, %.3f, is its end, after the child's "
            "0.5 s and before %.3f" % (end, after))
    # 1 ms more: elapsed_s is rounded to the millisecond.
    t.check(parent["start_time_s"] + 1.0 <= child["start_time_s"] <=
            parent["start_time_s"] + parent["elapsed_s"] - 0.5 + 0.001,
            "the child started at the fork, 1 s after its parent: %.3f, %.3f"
            % (parent["start_time_s"], child["start_time_s"]))
t.done()
