"""Proves that the page's charts use the page's width (issue 35, item 6:
they used about 60% of it): on the records of a real program run with
sites on and a timeline, in windows 800, 1280 and 1920 pixels wide, every
chart (the node's, the ranks' heap over time, the icicle of the sites)
is as wide as the page's text column, which is the window less its
margins, and Chromium draws the node chart's grid to within 2% of the
column's right edge."""

import os
import subprocess

from page import (LIB, SRCDIR, browse, check, chromium, done, png_gray,
                  report, tmp)

chromium()
prog = os.path.join(tmp, "three-calls")
subprocess.run(["cc", "-g", "-O1", "-o", prog,
                os.path.join(SRCDIR, "..", "report", "job",
                             "callsites-three-calls.c")], check=True)
rec = os.path.join(tmp, "rec.csv")
env = {k: v for k, v in os.environ.items() if not k.startswith("HEAPLINE_")}
env.update(LD_PRELOAD=LIB, HEAPLINE_SITES="1", HEAPLINE_OUTPUT=rec,
           HEAPLINE_QUIET="1")
subprocess.run([prog], env=env, check=True)
out, status = report("--format=html", rec)
check(status == 0, "heapline-report --format=html exits 0")
page = os.path.join(tmp, "page.html")
with open(page, "wb") as f:
    f.write(out)

# The charts' boxes, the text column's width (the body less its padding)
# and the window's.
BOXES = """(() => {
  const s = getComputedStyle(document.body);
  return {charts: [...document.querySelectorAll('svg.chart')].map(e => {
            const b = e.getBoundingClientRect();
            return [e.getAttribute('class'), b.x, b.y, b.width, b.height];
          }),
          left: document.body.getBoundingClientRect().x +
                parseFloat(s.paddingLeft),
          column: document.body.clientWidth - parseFloat(s.paddingLeft) -
                  parseFloat(s.paddingRight),
          window: document.documentElement.clientWidth};
})()"""
for window in (800, 1280, 1920):
    # Taller than the page: no scroll bar, one layout for boxes and pixels.
    seen = browse(page, window, 4000, expression=BOXES)
    v = seen.value
    check(not seen.errors, "%d: Chromium logs no error: %s"
          % (window, seen.errors))
    kinds = sorted(c[0] for c in v["charts"])
    check(kinds == ["chart icicle", "chart node-chart", "chart rank-chart"],
          "%d: the three charts: %s" % (window, kinds))
    check(v["column"] >= v["window"] - 2 * 15,
          "%d: the text column is the window less its margins (%.0f of %d)"
          % (window, v["column"], v["window"]))
    for cls, x, y, w, h in v["charts"]:
        check(abs(w - v["column"]) < 1,
              "%d: %s: as wide as the column (%.0f of %.0f)"
              % (window, cls, w, v["column"]))
    width, _, gray = png_gray(seen.png)
    node = next(c for c in v["charts"] if c[0] == "chart node-chart")
    # The grid's top line, across the plot: its rightmost drawn pixel.
    row = int(node[2] + node[4] * 10 / 180)
    ink = [x for x in range(width) if gray[row * width + x] < 240]
    right = v["left"] + v["column"]
    check(ink and ink[-1] >= right - 0.02 * v["column"],
          "%d: the node chart's grid drawn to pixel %s, the column ends at "
          "%.0f" % (window, ink and ink[-1], right))
done()
