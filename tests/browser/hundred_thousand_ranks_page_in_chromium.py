"""Proves that the page of 100,000 ranks on 1,000 nodes stays under 1 MiB
and that Chromium reads it with no error in its log: well-formed XML, a
chart per node with its --mem line, the top 10 ranks' rows, the band of
all ranks, links at the top to the parts after the 1,000 node charts, and
pixels that are not blank."""

import os
import re
import xml.etree.ElementTree as ET

from page import (browse, check, chromium, done, gen_job, png_gray, report,
                  tmp, variance)

chromium()
job = os.path.join(tmp, "job")
gen_job(job, 100000, 1000)
out, status = report("--format=html", "--mem=200G", job)
check(status == 0, "heapline-report --format=html exits 0")
check(len(out) < 1 << 20, "the page weighs %d bytes, under 1 MiB" % len(out))
page = os.path.join(tmp, "job.html")
with open(page, "wb") as f:
    f.write(out)
ET.fromstring(out)
check(True, "the page is well-formed XML")

seen = browse(page, 800, 600)
check(not seen.errors, "Chromium logs no error: %s" % seen.errors)
dom = seen.dom
figures = re.findall(r"<figure class=\"node\">.*?</figure>", dom, re.S)
check(len(figures) == 1000, "%d node charts, 1000 expected" % len(figures))
check(all('class="mem"' in f for f in figures),
      "every node chart has its --mem line")
rows = re.findall(r"<tr class=\"rank", dom)
check(len(rows) == 10, "%d rank rows, 10 expected (--top)" % len(rows))
check('class="band"' in dom and "100000 ranks on 1000 nodes" in dom,
      "the band of all ranks, and the headline")
nav = re.findall(r'<nav>.*?</nav>', dom)
check(nav and all('id="%s"' % a in dom for a in re.findall(
      r'href="#([^"]*)"', nav[0])) and "Per node (1000)" in nav[0],
      "links at the top lead past the 1000 node charts: %s" % nav)
w, h, gray = png_gray(seen.png)
check(w == 800, "the screenshot is 800 pixels wide (%d)" % w)
v = variance(gray)
check(v > 100, "the screenshot is not blank (variance %.0f)" % v)
done()
