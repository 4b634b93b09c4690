"""With sites on, a program that holds more sampled blocks than the
library's table of live blocks has room for (100,000 blocks, every one
sampled) has its dropped samples in its record's sites_dropped: with the
samples its sites hold at the peak, they make the blocks it held. The report
says under its sites, in text, JSON and HTML, that they under-count, and by
how many samples of how many processes; a SIGKILLed process's provisional
record says it too. A program whose samples all found room (1,000 blocks)
has sites_dropped 0, and the report no such note."""

import csv
import json
import os
import re
import signal
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402
import callsites  # noqa: E402

callsites.require_report()
work = t.tmpdir()
MANY, FEW, SIZE = 100000, 1000, 1000
NOTE = re.compile(r"The sites under-count: (\d+) sampled blocks? of (\d+) "
                  r"process(?:es)? found the library's table of live blocks "
                  r"full")


def env(rec):
    # Every block is sampled: each weighs its own size, with no error.
    return callsites.sites_env(rec, 7, HEAPLINE_SITES_RATE="1")


def record(path):
    with open(path, newline="") as f:
        lines = f.read().split("\n")
    return next(csv.DictReader(lines[1:3]))


def sites_section(text):
    """The text report's sites, from their title to the blank line after
    the first table and what is said under it."""
    at = text.find("Sites at the peak")
    if at < 0:
        return ""
    end = text.find("\n\n", at)
    return text[at:end if end >= 0 else len(text)]


def reports(rec):
    """The text, the JSON and the HTML reports of rec."""
    out = []
    for fmt in ("text", "json", "html"):
        res = callsites.report([rec], "--format=" + fmt)
        t.check(res.returncode == 0, "%s report of %s: %d %r"
                % (fmt, rec, res.returncode, res.stderr))
        out.append(res.stdout)
    return out[0], json.loads(out[1]), out[2]


def check_note(rec, dropped, what):
    text, doc, html = reports(rec)
    said = NOTE.findall(sites_section(text).replace("\n", " "))
    t.check(said == [(str(dropped), "1")],
            "%s: the text's sites say %d samples of 1 process were dropped: "
            "%r\n%s" % (what, dropped, said, text))
    t.check(doc["sites"]["dropped_samples"] == dropped
            and doc["sites"]["dropped_processes"] == 1,
            "%s: JSON's dropped_samples %d of 1 process: %r" % (
                what, dropped, {k: v for k, v in doc["sites"].items()
                                if k.startswith("dropped")}))
    para = re.search(r'<section id="sites">.*?<p id="sites-dropped">(.*?)</p>',
                     html, re.S)
    t.check(para is not None and NOTE.findall(para.group(1)) ==
            [(str(dropped), "1")],
            "%s: the page says it under its sites: %r"
            % (what, para and para.group(1)))
    return doc


# --- a table too small: samples dropped, counted, said ---------------------
rec = os.path.join(work, "many.csv")
res = t.run([t.program("holds_blocks"), "free", str(MANY), str(SIZE)],
            env(rec))
t.check(res.returncode == 0, "100,000 blocks: exits 0: %r" % res.stderr)
row = record(rec)
if not t.check("sites_dropped" in row, "the record has sites_dropped: %r"
               % sorted(row)):
    t.done()
dropped = int(row["sites_dropped"])
t.check(dropped > 0, "100,000 live samples: some dropped (%d)" % dropped)
doc = check_note(rec, dropped, "100,000 blocks")
# The at-peak table is of the last milestone, within 1% of the peak.
samples = sum(s["samples"] for s in doc["sites"]["top"])
t.check(MANY - MANY // 50 <= samples + dropped <= MANY + 10,
        "the samples at the peak (%d) and those dropped (%d) make the %d "
        "blocks held" % (samples, dropped, MANY))

# --- killed while holding them: the provisional record says it too --------
killed = os.path.join(work, "killed.csv")
proc = subprocess.Popen([t.program("holds_blocks"), "kill", str(MANY),
                         str(SIZE)], env=env(killed), stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE, text=True)
t.check(proc.stdout.readline().startswith("held"), "the killed one held them")
proc.send_signal(signal.SIGKILL)
proc.stdin.close()
proc.wait()
row = record(killed)
t.check(row.get("end") == "unfinished", "a provisional record is left: %r"
        % row.get("end"))
t.check(re.fullmatch(r"\d{20}", row.get("sites_dropped", "")) is not None
        and int(row["sites_dropped"]) > 0,
        "its sites_dropped is a figure of 20 digits, above 0: %r"
        % row.get("sites_dropped"))
if int(row.get("sites_dropped") or 0) > 0:
    check_note(killed, int(row["sites_dropped"]), "killed")

# --- a table large enough: none dropped, nothing said ----------------------
rec = os.path.join(work, "few.csv")
res = t.run([t.program("holds_blocks"), "free", str(FEW), str(SIZE)],
            env(rec))
t.check(res.returncode == 0, "1,000 blocks: exits 0: %r" % res.stderr)
t.check(record(rec).get("sites_dropped") == "0",
        "1,000 blocks: sites_dropped 0: %r" % record(rec).get("sites_dropped"))
text, doc, html = reports(rec)
t.check("Sites at the peak" in text and "under-count" not in text,
        "1,000 blocks: the text shows sites and no note:\n%s" % text)
t.check(doc["sites"]["dropped_samples"] == 0
        and doc["sites"]["dropped_processes"] == 0,
        "1,000 blocks: JSON's dropped_samples 0")
t.check('id="sites"' in html and "sites-dropped" not in html
        and "under-count" not in html,
        "1,000 blocks: the page shows sites and no note")
t.done()
