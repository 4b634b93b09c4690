"""Proves, on a real run outside MPI (a Python process that forks three
children holding 40, 20 and 10 MB, each with its record, all rank -1),
that the HTML page lists the processes, not one row of rank -1, and draws
them: Chromium reads the page with no error; its table is "Processes by
peak heap", a row per process, the largest first, with pid and parent;
its chart is the processes' heap over time, a line per process, each
named in the legend by its program and pid; the links at the top lead to
both; the screenshot is not blank."""

import csv
import os
import re
import subprocess
import xml.etree.ElementTree as ET

from page import (LIB, PYTHON3, XHTML, browse, check, chromium, done,
                  png_gray, report, tmp, variance)

chromium()

CODE = """
import os, sys, time
own = b"x" * (5 * 10**6)
print(os.getpid(), 5, flush=True)
for mb in (20, 40, 10):
    pid = os.fork()
    if pid == 0:
        x = b"x" * (mb * 10**6)
        time.sleep(0.2)
        print(os.getpid(), mb, flush=True)
        os._exit(0)
    os.waitpid(pid, 0)
"""


def run(out):
    """The run's processes, "pid MB" each, the parent first."""
    os.makedirs(out)
    env = {k: v for k, v in os.environ.items()
           if not re.match(r"(LD_PRELOAD|HEAPLINE_|SLURM|OMPI_|PMI)", k)}
    # Sites off (on by default): their part of the page is
    # sites_icicle_drawn_in_chromium.py's.
    env.update(LD_PRELOAD=LIB, HEAPLINE_QUIET="1", HEAPLINE_SITES="0",
               HEAPLINE_OUTPUT=os.path.join(out, "%p.csv"))
    r = subprocess.run([PYTHON3, "-c", CODE], env=env, check=True,
                       stdout=subprocess.PIPE)
    return [line.split() for line in r.stdout.decode().splitlines()]


records = os.path.join(tmp, "run")
procs = run(records)
parent = procs[0][0]
# The table's order: the children by size, then the parent.
want = [p for p, _ in sorted(procs[1:], key=lambda p: -int(p[1]))] + [parent]
with open(os.path.join(records, parent + ".csv"), newline="") as f:
    f.readline()
    program = next(csv.DictReader(f))["program"]

out, status = report("--format=html", records)
check(status == 0, "heapline-report --format=html exits 0")
page = os.path.join(tmp, "processes.html")
with open(page, "wb") as f:
    f.write(out)
src = out.decode()
check(ET.fromstring(src).tag == XHTML + "html", "the page is well-formed XML")
nav = re.findall(r'<a href="#([^"]*)"', src)
check(nav == ["nodes", "rank-timelines", "processes"],
      "links to the nodes, the processes' chart and their table: %s" % nav)

seen = browse(page, 1024, 900)
check(not seen.errors, "Chromium logs no error: %s" % seen.errors)
dom = seen.dom
table = re.search(r'<section id="processes">.*?</section>', dom, re.S)
check(table and "Processes by peak heap (4 of 4)" in table.group(0),
      "the table is of the processes, 4 of 4")
rows = re.findall(r'<tr class="process[^"]*"><td>(\d+)</td>'
                  r'<td class="num">(\d+|-)</td>', table.group(0)
                  if table else "")
check([pid for pid, _ in rows] == want,
      "a row per process, the largest first: %s, %s expected" % (rows, want))
check(all(pp == parent for pid, pp in rows if pid != parent),
      "each child's parent is the first process, %s" % parent)
check(not re.search(r'<tr class="rank', dom), "no row of rank -1")
chart = re.search(r'<section id="rank-timelines">.*?</section>', dom, re.S)
chart = chart.group(0) if chart else ""
check("<h2>Heap of the processes over time</h2>" in chart,
      "the chart is of the processes' heap over time")
lines = re.findall(r'<path class="(r\d)" d="M', chart)
check(sorted(set(lines)) == ["r0", "r1", "r2", "r3"],
      "a line per process listed: %s" % sorted(set(lines)))
for i, pid in enumerate(want):
    check("%s (pid %s) on " % (program, pid) in chart,
          "the legend names line r%d %s (pid %s)" % (i, program, pid))

w, h, gray = png_gray(seen.png)
check(w == 1024, "the screenshot is 1024 pixels wide (%d)" % w)
check(variance(gray) > 100, "the screenshot is not blank")
done()
