"""Proves, on a real job of 4 ranks on 2 nodes (4 processes run at once
with libheapline.so, their ranks and nodes from Slurm's environment), on
its records without their timelines (as heapline 0.1 wrote them) and on
hand-written records, that heapline-report --format html writes one page
that Chromium reads: well-formed XML (its SVG charts too), no external
resource, links to its sections (the ranks' chart only where there are
timelines), a legend of the lines drawn, no error in Chromium's log, a chart per node with the --mem
line, a row per rank, the text report's figures and sentences, and pixels
that are not blank at the width asked; --html=FILE writes the same page
beside the text report. A host name full of markup is shown as text and
breaks nothing; a killed rank's row is marked with a dagger and a space."""

import csv
import os
import re
import subprocess
import xml.etree.ElementTree as ET

from page import (LIB, PYTHON3, XHTML, browse, check, chromium, done, gen_job,
                  png_gray, report, text_of, tmp, variance)

chromium()


def real_job(out):
    """4 processes, 20 to 80 MB each, held half a second together."""
    os.makedirs(out)
    procs = []
    for rank in range(4):
        env = {k: v for k, v in os.environ.items()
               if not re.match(r"(LD_PRELOAD|HEAPLINE_|SLURM|OMPI_|PMI)", k)}
        # Sites off (on by default): their part of the page is
        # sites_icicle_drawn_in_chromium.py's.
        env.update(LD_PRELOAD=LIB, HEAPLINE_QUIET="1", HEAPLINE_SITES="0",
                   HEAPLINE_OUTPUT=os.path.join(out, "%r.csv"),
                   SLURM_JOB_ID="4242", SLURM_STEP_ID="0",
                   SLURM_PROCID=str(rank),
                   SLURMD_NODENAME="n%d" % (rank % 2 + 1))
        code = ("import time; x = [bytes(10**6) for i in range(%d)]; "
                "time.sleep(0.5)" % (20 * (rank + 1)))
        procs.append(subprocess.Popen([PYTHON3, "-c", code], env=env))
    for p in procs:
        p.wait()


def undated(page):
    """The page without the time it was made, which two runs differ by."""
    return re.sub(rb"<time datetime=\"[^\"]*\">[^<]*</time>", b"<time/>",
                  page)


def sizes(text):
    return set(re.findall(r"\b\d+(?:\.\d)? (?:B|KiB|MiB|GiB|TiB)\b", text))


def page_checks(name, records, nnodes, nranks, mem, timelines):
    page = os.path.join(tmp, name + ".html")
    out, status = report("--format=html", "--mem=" + mem, records)
    check(status == 0, "%s: heapline-report --format=html exits 0" % name)
    with open(page, "wb") as f:
        f.write(out)
    src = out.decode()
    root = ET.fromstring(src)
    check(root.tag == XHTML + "html", "%s: the page is well-formed XML" % name)
    svgs = re.findall(r"<svg\b.*?</svg>", src, flags=re.S)
    for s in svgs:
        ET.fromstring(s)
    check(len(svgs) > nnodes, "%s: each of %d SVG parts parses alone"
          % (name, len(svgs)))
    check(not re.search(r"<(script|link|img|iframe|object)\b|@import|url\(",
                        src), "%s: no script, link or image" % name)
    refs = re.findall(r"\b(?:href|src)=\"([^\"]*)\"", src)
    check(all(r.startswith("#") for r in refs),
          "%s: every reference inside the page: %s" % (name, refs[:3]))
    check(all('id="%s"' % r[1:] in src for r in refs),
          "%s: and each leads to a part of it" % name)
    nav = re.findall(r'<a href="#([^"]*)"', src)
    check(nav == ["nodes", "rank-timelines", "ranks"] if timelines else
          nav == ["nodes", "ranks"],
          "%s: links to the sections at the top: %s" % (name, nav))

    seen = browse(page, 1024, 900)
    check(not seen.errors, "%s: Chromium logs no error: %s"
          % (name, seen.errors))
    dom = seen.dom
    figures = re.findall(r"<figure class=\"node\">.*?</figure>", dom, re.S)
    check(len(figures) == nnodes, "%s: %d node charts in Chromium's DOM, "
          "%d expected" % (name, len(figures), nnodes))
    check(all('class="mem"' in f for f in figures),
          "%s: every node chart has its --mem line" % name)
    legend = re.search(r'<section id="nodes">.*?</p>', dom, re.S).group(0)
    check(("moment by moment" in legend and
           re.search(r"concurrent (PSS or RSS|RSS) peak", legend) is not None)
          == timelines, "%s: the nodes' legend names the sums over time "
          "only where they are drawn" % name)
    rows = re.findall(r"<tr class=\"rank", dom)
    check(len(rows) == nranks, "%s: %d rank rows, %d expected"
          % (name, len(rows), nranks))

    text, _ = report("--mem=" + mem, records)
    also = os.path.join(tmp, name + "-also.html")
    same_text, status = report("--mem=" + mem, "--html=" + also, records)
    with open(also, "rb") as f:
        check(status == 0 and same_text == text and
              undated(f.read()) == undated(out),
              "%s: --html=FILE writes the same page beside the text" % name)
    text = text.decode()
    words = text_of(dom)
    missing = [s for s in sizes(text) if s not in words]
    check(not missing, "%s: the page shows every size of the text report "
          "(missing: %s)" % (name, missing))
    flat = " ".join(text.split())
    for start in ("heapline-report:", "Request:", "Suggested request:"):
        m = re.search(re.escape(start) + r"[^\n]*?(?:margin\)\.|it\.| s )",
                      flat)
        check(m and m.group(0).strip() in words,
              "%s: the page says %r" % (name, m and m.group(0).strip()))

    w, h, gray = png_gray(seen.png)
    check(w == 1024, "%s: the screenshot is 1024 pixels wide (%d)" % (name, w))
    v = variance(gray)
    check(v > 100, "%s: the screenshot is not blank (variance %.0f)"
          % (name, v))
    return words


def without_timelines(records, out):
    """The records as heapline 0.1 wrote them: no timeline column."""
    os.makedirs(out)
    for name in os.listdir(records):
        with open(os.path.join(records, name), newline="") as f:
            magic = f.readline()
            rows = list(csv.reader(f))
        keep = [i for i, c in enumerate(rows[0]) if c != "timeline"]
        with open(os.path.join(out, name), "w", newline="") as f:
            f.write(magic)
            csv.writer(f, lineterminator="\n").writerows(
                [[r[i] for i in keep] for r in rows])


real = os.path.join(tmp, "real")
real_job(real)
page_checks("real", real, 2, 4, "200M", True)
older = os.path.join(tmp, "older")
without_timelines(real, older)
page_checks("real, no timelines", older, 2, 4, "200M", False)

made = os.path.join(tmp, "made")
gen_job(made, 4, 2)
page_checks("made", made, 2, 4, "16M", True)

# A host named with markup: its record beside the others.
odd = "<b>\"n&1'</b>"
with open(os.path.join(made, "odd.csv"), "w") as f:
    f.write("# heapline 1\nrank,host,pid,job,elapsed_s,allocs,frees,"
            "peak_heap_bytes,peak_heap_time_s,live_heap_at_exit_bytes,"
            "vmhwm_bytes,vmrss_at_exit_bytes\n"
            "4,\"%s\",9,,1.000,1,1,100,0.500,0,4096,4096\n"
            % odd.replace('"', '""'))
words = page_checks("odd host", made, 3, 5, "16M", True)
check(odd in words, "the odd host's name is shown as it is")

# Rank 4 (the odd host's) killed by the OOM killer: its row marked.
with open(os.path.join(made, "task-4.exit"), "w") as f:
    f.write("# heapline exit 1\ntask,host,pid,status,exit_code,signal,oom\n"
            "4,\"%s\",9,signaled,,9,1\n" % odd.replace('"', '""'))
out, status = report("--format=html", "--mem=16M", made)
page = os.path.join(tmp, "killed.html")
with open(page, "wb") as f:
    f.write(out)
seen = browse(page, 1024, 900, expression="[...document.querySelectorAll("
              "'tr.killed td.end')].map(e => getComputedStyle(e, '::before')"
              ".content + e.textContent)")
check(status == 0 and seen.value == ['"\u2020\u00a0"killed: out of memory'],
      "a killed rank's row: a dagger and a space before how it ended (%s)"
      % seen.value)
done()
