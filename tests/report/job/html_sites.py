#!/usr/bin/env python3
"""Reads the allocation sites of heapline-report's HTML page, as an XML
parser reads it, for the tests of the page's sites. Each check exits 0
when it holds, else 1 with what it found on stderr.

  html_sites.py table PAGE TEXT
      the page's two tables of sites hold the rows of the text report
      TEXT ("Sites at the peak" and "Largest sites of the top ranks", or
      outside MPI "of the top processes"),
      cell by cell, and the page says "[N calls]" under the first exactly
      where the text does.
  html_sites.py icicle PAGE FUNCTION...
      the page's icicle draws, below its "all" frame (as wide as the
      chart), a frame for each FUNCTION of a stack, outermost first, each
      after the first on the row under its caller's and within its span;
      each frame's tooltip names it with its size, and the last (the
      innermost) is as wide as the whole and its tooltip says all of the
      size.
  html_sites.py names PAGE NAME
      the page is well-formed XML with no script element, and NAME (a
      function's name) is text in the sites table and in the icicle (its
      frame's label and tooltip)."""

import re
import sys
import xml.etree.ElementTree as ET

H = "{http://www.w3.org/1999/xhtml}"
S = "{http://www.w3.org/2000/svg}"


def fail(what):
    sys.stderr.write(what + "\n")
    sys.exit(1)


def text(e):
    return "".join(e.itertext())


def page_root(path):
    try:
        return ET.parse(path).getroot()
    except ET.ParseError as e:
        fail("the page is not well-formed XML: %s" % e)


def html_rows(root, cls):
    table = root.find(".//%stable[@class='%s']" % (H, cls))
    if table is None:
        return []
    return [[text(td) for td in tr.findall(H + "td")]
            for tr in table.find(H + "tbody").findall(H + "tr")]


def text_rows(report, title):
    """The rows under a title of the text report, cells split at two
    spaces; a row that continues the previous rank's has its empty cells
    put back."""
    lines = report.split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith(title))
    rows = []
    for line in lines[start + 2:]:
        if not line.strip() or line.startswith("[N calls]"):
            break
        cells = re.split(r"\s{2,}", line.strip())
        if title.startswith("Largest") and len(cells) == 3:
            cells = ["", ""] + cells
        rows.append(cells)
    return rows


def table(page, report_path):
    root = page_root(page)
    with open(report_path, encoding="utf-8") as f:
        report = f.read()
    rows = ("Largest sites of the top processes"
            if "Largest sites of the top processes" in report
            else "Largest sites of the top ranks")
    for title, cls in (("Sites at the peak", "sites"), (rows, "rank-sites")):
        want, got = text_rows(report, title), html_rows(root, cls)
        if not want or want != got:
            fail("%s: the text's rows %s, the page's %s" % (title, want, got))
    note = root.find(".//%sp[@id='merged-calls']" % H)
    said = "[N calls]: N calls that these frames do not tell apart"
    if (note is not None and said in text(note)) != (said in report):
        fail("the [N calls] note: in the text %s, on the page %s"
             % (said in report, note is not None))


def frames(root):
    svg = root.find(".//%ssvg[@class='chart icicle']" % S)
    if svg is None:
        fail("no icicle")
    out = []
    for g in svg.findall(S + "g"):
        r = g.find(S + "rect")
        out.append((g.find(S + "title").text, text(g.find(S + "text")),
                    float(r.get("x")), float(r.get("y")),
                    float(r.get("width"))))
    return svg, out


def icicle(page, functions):
    svg, drawn = frames(page_root(page))
    width = float(svg.get("viewBox").split()[2])
    top = drawn[0]
    if not top[0].startswith("all sites at the peak: ") or top[4] != width:
        fail("the first frame is not all of them: %s" % (top,))
    above = top
    for name in functions:
        found = [f for f in drawn if f[1] == name and f[3] > above[3]]
        if not found:
            fail("no frame %s under %s: %s" % (name, above[1], drawn))
        f = found[0]
        if (above is not top and f[3] != above[3] + 18 or f[2] < above[2] or
                f[2] + f[4] > above[2] + above[4] + 0.1):
            fail("%s is not under %s: %s, %s" % (name, above[1], f, above))
        if not re.match(re.escape(name) + r": \d", f[0]):
            fail("%s's tooltip: %r" % (name, f[0]))
        above = f
    size = top[0].split(": ")[1]
    if above[4] != width or not above[0].startswith(name + ": " + size):
        fail("%s is not all of the sites: %s" % (functions[-1], above))


def names(page, name):
    root = page_root(page)
    with open(page, encoding="utf-8") as f:
        if re.search(r"<script\b", f.read()):
            fail("a script element in the page")
    if not any(row[3].startswith(name + " <- ")
               for row in html_rows(root, "sites")):
        fail("%r is not a site of the table: %s"
             % (name, html_rows(root, "sites")))
    _, drawn = frames(root)
    if not any(f[1] == name and f[0].startswith(name + ": ") for f in drawn):
        fail("%r is not a frame of the icicle: %s" % (name, drawn))


if __name__ == "__main__":
    what, args = sys.argv[1], sys.argv[2:]
    {"table": lambda: table(*args), "icicle": lambda: icicle(args[0], args[1:]),
     "names": lambda: names(*args)}[what]()
