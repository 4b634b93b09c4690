"""A normal end replaces the process's provisional record in one rename
(final_record_cut_at_any_step_still_read.py: never a mix of the two): the
file at the path is a new one, holding exactly the format-1 record, and
nothing else is left beside it. When another file has taken the path
meanwhile, that file is not written into: the record replaces it at the
path, and the other file keeps its text."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

# Prints the inode at the path while the process runs (its provisional
# record), after growing the heap past a few milestones; with argv[2], first
# renames that file over the path, as another process of the same path would.
SCRIPT = """
import os, sys
path = sys.argv[1]
if len(sys.argv) > 2:
    os.replace(sys.argv[2], path)
x = [bytes(10**6) for i in range(40)]
print(os.stat(path).st_ino)
"""

t.require_built()
work = t.tmpdir()
rec_path = os.path.join(work, "rec.csv")
res = t.run([t.PYTHON3, "-c", SCRIPT, rec_path], t.preload_env(rec_path))
t.check(res.returncode == 0, "ran: %d %r" % (res.returncode, res.stderr))
ino_running = int(res.stdout.split()[0])
with open(rec_path, "rb") as f:
    text = f.read()
rec = t.read_record(rec_path)
t.check(os.stat(rec_path).st_ino != ino_running,
        "the record is a new file (inode %d, was %d)"
        % (os.stat(rec_path).st_ino, ino_running))
t.check(b"unfinished" not in text, "no provisional text left: %r" % text)
t.check(rec["peak_heap_bytes"] >= 40 * 10**6,
        "the final figures: peak %d" % rec["peak_heap_bytes"])
t.check(os.listdir(work) == ["rec.csv"],
        "nothing else left beside it: %r" % os.listdir(work))

other = os.path.join(work, "other.csv")
kept = os.path.join(work, "kept")
with open(other, "w") as f:
    f.write("another process's record\n")
os.link(other, kept)
res = t.run([t.PYTHON3, "-c", SCRIPT, rec_path, other],
            t.preload_env(rec_path))
t.check(res.returncode == 0, "ran: %d %r" % (res.returncode, res.stderr))
rec = t.read_record(rec_path)
t.check(rec["pid"] > 0 and rec["peak_heap_bytes"] >= 40 * 10**6,
        "the record replaced the other file at the path: %r" % rec)
with open(kept) as f:
    t.check(f.read() == "another process's record\n",
            "the other file is not written into")
t.check(sorted(os.listdir(work)) == ["kept", "rec.csv"],
        "nothing else left beside them: %r" % os.listdir(work))
t.done()
