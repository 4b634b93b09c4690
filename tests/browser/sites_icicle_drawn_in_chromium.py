"""Proves that Chromium draws the page's icicle of the sites at the peak
(issue 35, item 5), on the records of a real program run with sites on
(tests/report/job/callsites-three-calls.c: main calls unpack, which calls
grow, which holds three blocks of 16 MiB): no error in Chromium's log; in
the DOM, the sites table and the icicle's frames: "all" across the page,
main below it, unpack and grow each on the row under its caller's, grow
as wide as the whole; and in the pixels, each frame in its colour (the
program's own orange, the C library's blue) where Chromium placed it."""

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
env.update(LD_PRELOAD=LIB, HEAPLINE_SITES="1", HEAPLINE_SITES_SEED="1",
           HEAPLINE_OUTPUT=rec, HEAPLINE_QUIET="1")
subprocess.run([prog], env=env, check=True)
out, status = report("--format=html", rec)
check(status == 0, "heapline-report --format=html exits 0")
page = os.path.join(tmp, "sites.html")
with open(page, "wb") as f:
    f.write(out)

# Each frame's box as Chromium laid it out, in the page's pixels.
FRAMES = """[...document.querySelectorAll('svg.icicle g')].map(g => {
  const b = g.querySelector('rect').getBoundingClientRect();
  return [g.querySelector('text').textContent, b.x + scrollX,
          b.y + scrollY, b.width, b.height];
})"""
# A window taller than the page: no scroll bar, one layout for the boxes
# and the pixels.
seen = browse(page, 1024, 3000, expression=FRAMES)
check(not seen.errors, "Chromium logs no error: %s" % seen.errors)
check(seen.dom.count('<tr class="site">') == 3,
      "the sites table: 3 rows in Chromium's DOM")
frames = {name: box for name, *box in seen.value or []}
width, _, gray = png_gray(seen.png)
whole = frames.get("all sites at the peak: 48.0 MiB")
check(whole and whole[2] > 500, "the 'all' frame spans the page: %s"
      % whole)
above = whole
for name in ("main", "unpack", "grow"):
    box = frames.get(name)
    row = (box[1] > above[1] + above[3] - 1 if above is whole else
           abs(box[1] - above[1] - above[3]) < 1) if box and above else False
    check(row and box[0] >= above[0] - 0.5 and box[2] <= above[2] + 0.5,
          "%s: %s, within its span (%s)" % (name, "below 'all'" if above is
                                            whole else "on the row under "
                                            "its caller's", box))
    above = box or above
check(above and whole and abs(above[2] - whole[2]) < 1,
      "grow: as wide as the whole (%s, %s)" % (above, whole))


def colour(box):
    """The grey level at the middle of the box's left tenth: its fill,
    off its text."""
    x, y = int(box[0] + box[2] / 20), int(box[1] + box[3] / 2)
    return gray[y * width + x]


# Orange e69f00 is grey 129; blue 9ecae1, 195.
for name, want in (("main", 129), ("grow", 129),
                   ("__libc_start_call_main", 195)):
    box = frames.get(name)
    check(box and abs(colour(box) - want) <= 6,
          "%s drawn in its colour: grey %s, %d expected"
          % (name, box and colour(box), want))
done()
