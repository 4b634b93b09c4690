"""The sections of merged node files (node-NAME.heapline, layout=node), for
the cluster scripts; an oracle of its own, not the report's reader.

  merged-sections.py rows KIND COLUMN FILE...  COLUMN of each row of the
      KIND sections (record, exit, node, merged), one a line; a row whose
      section lacks COLUMN gives an empty line
  merged-sections.py split DIR OUT  the merged node files of DIR as the
      per-task files of layout=task in OUT
"""
import csv
import io
import os
import sys

MAGIC = {"record": "# heapline 1", "exit": "# heapline exit 1",
         "node": "# heapline node 1", "merged": "# heapline merged 1"}


def sections(path):
    """[magic, header, row...] for each section of a merged node file."""
    out = []
    with open(path, newline="") as f:
        for rec in csv.reader(io.StringIO(f.read())):
            if rec and rec[0].startswith("# heapline "):
                out.append([rec[0]])
            elif out:
                out[-1].append(rec)
    return out


def rows(kind, col, paths):
    for path in paths:
        for s in sections(path):
            if s[0] != MAGIC[kind]:
                continue
            for row in s[2:]:
                print(row[s[1].index(col)] if col in s[1] else "")


def _line(fields):
    b = io.StringIO()
    csv.writer(b, lineterminator="\n").writerow(fields)
    return b.getvalue()


def split(src, out):
    os.makedirs(out, exist_ok=True)
    for name in os.listdir(src):
        if not name.endswith(".heapline"):
            continue
        for s in sections(os.path.join(src, name)):
            for row in s[2:]:
                r = dict(zip(s[1], row))
                if s[0] == MAGIC["record"]:
                    f = "task-%s.%s.csv" % (r["rank"], r["pid"])
                elif s[0] == MAGIC["exit"]:
                    f = "task-%s.exit" % r["task"]
                elif s[0] == MAGIC["node"]:
                    f = "node-%s.csv" % r["host"]
                else:
                    continue
                with open(os.path.join(out, f), "w") as o:
                    o.write(s[0] + "\n" + _line(s[1]) + _line(row))


if __name__ == "__main__":
    if sys.argv[1] == "rows":
        rows(sys.argv[2], sys.argv[3], sys.argv[4:])
    else:
        split(sys.argv[2], sys.argv[3])
