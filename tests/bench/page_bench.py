"""The HTML page's part of `make bench` (issue 13): how long Chromium takes
to open the page of a made-up job of 100,000 ranks on 1,000 nodes
(tests/browser/gen_job.py, timelines included), against an empty page.

Chromium runs headless, driven over the DevTools protocol
(tests/browser/cdp.py). Each repetition starts a fresh browser and opens
the empty page and the job's page in a rotated order, each in a tab of its
own, 1024 x 900 pixels; the times are the page's own clock
(performance.now(), from the start of the navigation): "loaded" when its
load event has ended, "drawn" when two frames have been drawn after that,
the page parsed, laid out and painted. The figures are medians. Goal:
the job's page drawn within 2 s.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
BROWSER = os.path.join(HERE, "..", "browser")
sys.path.insert(0, BROWSER)
import cdp  # noqa: E402

GOAL_S = 2.0
EMPTY = "<!DOCTYPE html>\n<html><head><title>empty</title></head>" \
    "<body></body></html>\n"


def _page(args, d, progress):
    """The job's page, written by heapline-report --format html."""
    records = os.path.join(d, "job")
    progress("page: writing %d ranks on %d nodes" %
             (args.page_ranks, args.page_nodes))
    subprocess.run([args.python, os.path.join(BROWSER, "gen_job.py"),
                    records, str(args.page_ranks), str(args.page_nodes)],
                   check=True)
    page = os.path.join(d, "job.html")
    with open(page, "wb") as out:
        subprocess.run([args.heapline_report, "--no-sacct", "--format=html",
                        "--mem=200G", records], stdout=out, check=True)
    shutil.rmtree(records)
    return page


def run(args, progress, rotated):
    """(head, rows, verdict), or None without chromium."""
    chromium = shutil.which("chromium")
    if not chromium:
        return None
    d = tempfile.mkdtemp(prefix="hl-bench-page-")
    try:
        empty = os.path.join(d, "empty.html")
        with open(empty, "w") as f:
            f.write(EMPTY)
        pages = {"empty page": empty, "job's page": _page(args, d, progress)}
        times = {name: {"loaded": [], "drawn": []} for name in pages}
        for rep in range(args.reps):
            progress("page: repetition %d/%d" % (rep + 1, args.reps))
            with cdp.Browser(chromium, d) as b:
                for name in rotated(list(pages), rep):
                    _, t = b.open("file://" + pages[name], 1024, 900)
                    for k in ("loaded", "drawn"):
                        times[name][k].append(t[k] / 1000)
        head = ["page", "bytes", "loaded", "drawn"]
        rows = [[name, "%d" % os.path.getsize(pages[name])] +
                ["%.3f s" % statistics.median(times[name][k])
                 for k in ("loaded", "drawn")] for name in pages]
        drawn = statistics.median(times["job's page"]["drawn"])
        verdict = "The page of %d ranks on %d nodes drawn in %.3f s " \
            "(goal: under %.0f s, %s)." % (
                args.page_ranks, args.page_nodes, drawn, GOAL_S,
                "met" if drawn < GOAL_S else "MISSED")
        return head, rows, verdict
    finally:
        shutil.rmtree(d, True)
