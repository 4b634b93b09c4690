#!/usr/bin/env python3
"""heapline-site --format html, made from a forged site folder and read by
a real Chromium, headless, with tests/browser/page.py's helpers: the page
is well-formed XML with no script, link, image or outside reference; its
tables hold, for every user, account and listed job, and every user's
advice, the figures of
--format json (GiB-hours as the text rounds them, counts exact, "~"
before an estimate and the note that says so); a user and an account named
with markup show as text, escaped; the chart has a bar of requested and
used GiB-hours per user, used over requested in proportion; Chromium logs
no error, its DOM holds the same rows, and its screenshot is not blank.
Exit 77 only where chromium is not installed."""
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.environ.get("HEAPLINE_TEST_BROWSER_DIR", os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "browser")))
import page  # noqa: E402  (the path above first)

SITE = os.environ.get("HEAPLINE_TEST_SITE", "")
X = page.XHTML
S = page.SVG
G = 1 << 30
HEADER = ("end,host,job,step,uid,user,account,partition,request_bytes,"
          "cgroup_peak_bytes,vmhwm_sum_bytes,oom_kills,tasks,elapsed,"
          "concurrent_peak_bytes\n")
MARKUP_USER = "<b>eve</b> & \"co\""
MARKUP_ACCOUNT = "<i>lab</i>"


def _quoted(text):
    return '"%s"' % text.replace('"', '""')


def write_folder(folder):
    """alice asks 4 GiB and uses 1 on two nodes; bob is OOM-killed; the
    user named with markup runs 300 one-node jobs (an estimate of her
    jobs and steps)."""
    os.makedirs(folder)
    lines = {"n1": [], "n2": []}
    for node in ("n1", "n2"):
        lines[node].append("1796086200,%s,81,0,1001,alice,physics,debug,%d,"
                           "%d,%d,0,1,3600.000,\n" % (node, 4 * G, G, G))
    lines["n1"].append("1796086300,n1,82,0,1002,bob,chem,debug,%d,%d,,1,1,"
                       "1800.000,\n" % (G, G))
    for i in range(300):
        lines["n2"].append("1796086400,n2,%d,0,1003,%s,%s,debug,%d,%d,,0,1,"
                           "%d.000,\n" % (1000 + i, _quoted(MARKUP_USER),
                                          _quoted(MARKUP_ACCOUNT), 2 * G,
                                          G // 2, 60 + i))
    for node, rows in lines.items():
        with open(os.path.join(folder, "%s-2026-12-01.csv" % node), "w") as f:
            f.write("# heapline site 1\n" + HEADER + "".join(rows))


def run(*args):
    r = subprocess.run([SITE, "--all-users"] + list(args),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    sys.stderr.write(r.stderr.decode(errors="replace"))
    return r.stdout, r.returncode


def text(el):
    return "".join(el.itertext()).strip()


def gibh_matches(cell, value):
    """A cell as hl_site_fmt_gibh rounds the JSON's value."""
    got = float(cell)
    if value >= 100:
        return abs(got - value) <= 0.5
    return abs(got - value) <= max(5e-4 * value, 5e-7)


def count_matches(cell, value, exact):
    return cell == ("%d" % value if exact else "~%d" % value)


def rows(root, section):
    sec = [s for s in root.iter(X + "section") if s.get("id") == section]
    return [[text(td) for td in tr.findall(X + "td")]
            for tr in sec[0].iter(X + "tr") if tr.findall(X + "td")] \
        if sec else []


def check_who(cells, w, key):
    """name, jobs, steps, requested, used, efficiency, wasted, OOM."""
    return (cells[0] == w[key] and
            count_matches(cells[1], w["jobs"], w["jobs_exact"]) and
            count_matches(cells[2], w["steps"], w["steps_exact"]) and
            gibh_matches(cells[3], w["requested_gib_hours"]) and
            gibh_matches(cells[4], w["used_gib_hours"]) and
            cells[5] == ("-" if w["efficiency_pct"] is None else
                         "%d%%" % w["efficiency_pct"]) and
            gibh_matches(cells[6], w["wasted_gib_hours"]) and
            cells[7] == "%d" % w["oom_killed_steps"])


def main():
    folder = os.path.join(page.tmp, "site")
    write_folder(folder)
    html, rc = run("--format=html", folder)
    page.check(rc == 0, "heapline-site --format html: exit 0")
    js, _ = run("--format=json", folder)
    r = json.loads(js)
    path = os.path.join(page.tmp, "site.html")
    with open(path, "wb") as f:
        f.write(html)

    try:
        root = ET.fromstring(html)
    except ET.ParseError as e:
        page.check(False, "the page is well-formed XML (%s)" % e)
        return page.done()
    page.check(True, "the page is well-formed XML")
    raw = html.decode()
    page.check(not any(t in raw for t in ("<script", "<link", "<img", "src=",
                                          "href=", "url(", "@import")),
               "no script, link, image or outside reference")

    users = rows(root, "users")
    page.check(len(users) == len(r["users"]) and all(
        check_who(c, w, "user") for c, w in zip(users, r["users"])),
        "each user's row: the figures of --format json, most waste first")
    txt, _ = run(folder)
    txt = txt.decode().splitlines()
    advised = [w for w in r["users"] if w["advice"]]
    advice = [c for c in rows(root, "advice") if c[1] == "(all)"]
    page.check(len(advice) == len(advised) and all(
        c[0] == w["user"] and c[2] == "%d" % w["advice"]["steps"] and
        gibh_matches(c[4], w["advice"]["saved_gib_hours"]) and
        c[5] == "%d" % w["advice"]["killed_steps"] and
        any(line.startswith(" " + c[0] + " ") and " (all) " in line and
            (" %s " % c[3]) in line for line in txt)
        for c, w in zip(advice, advised)),
        "each user's advice: the figures of --format json, the --mem the "
        "text says")
    accounts = rows(root, "accounts")
    page.check(len(accounts) == len(r["accounts"]) and all(
        check_who(c, w, "account") for c, w in zip(accounts, r["accounts"])),
        "each account's row: the figures of --format json")
    jobs = rows(root, "jobs")
    page.check(len(jobs) == len(r["wasted_most"]) and all(
        c[0] == "%d%s" % (j["job"], "" if j["whole"] else "*") and
        c[1] == j["user"] and c[2] == j["account"] and
        gibh_matches(c[6], j["wasted_gib_hours"]) and
        c[7] == "%d" % j["oom_killed_steps"]
        for c, j in zip(jobs, r["wasted_most"])),
        "each listed job's row: the figures of --format json")
    t = r["total"]
    memory = text([p for p in root.iter(X + "p") if p.get("id") == "memory"][0])
    period = text([p for p in root.iter(X + "p") if p.get("id") == "period"][0])
    page.check(period.startswith("%d lines" % t["lines"]) and
               ("~%d jobs" % t["jobs"]) in period and
               memory.endswith("OOM-killed steps: %d." % t["oom_killed_steps"]),
               "the headline's lines, estimated jobs and OOM-killed steps")
    page.check(any(p.get("id") == "estimates" for p in root.iter(X + "p")),
               "the note that says what '~' means")

    page.check(MARKUP_USER in [c[0] for c in users] and
               MARKUP_ACCOUNT in [c[0] for c in accounts] and
               "&lt;b&gt;eve&lt;/b&gt; &amp; &quot;co&quot;" in raw and
               not list(root.iter(X + "b")) and not list(root.iter(X + "i")),
               "names with markup: escaped, shown as text")

    svg = [s for s in root.iter(S + "svg") if s.get("class") == "chart"]
    bars = svg[0].findall(S + "g") if svg else []
    page.check(len(bars) == len(r["users"]),
               "the chart: a bar per user (%d)" % len(bars))
    top = r["users"][0]
    req = [b for b in bars[0].findall(S + "rect") if b.get("class") == "req"]
    used = [b for b in bars[0].findall(S + "rect") if b.get("class") == "used"]
    ratio = top["used_gib_hours"] / top["requested_gib_hours"]
    page.check(req and used and abs(int(used[0].get("width")) -
                                    ratio * int(req[0].get("width"))) <= 1,
               "the first bar: used over requested as %.2f" % ratio)
    page.check(MARKUP_USER in [text(b.find(S + "text")) for b in bars],
               "the bar of the user named with markup, her name as text")

    seen = page.browse(path, 900, 900)
    words = page.text_of(seen.dom)
    page.check(not seen.errors, "Chromium logs no error (%s)" % seen.errors)
    page.check(all(c[0] in words for c in users + accounts) and
               "wasted most" in words,
               "Chromium's DOM holds every user's and account's row")
    page.check(seen.dom.count('class="req"') == len(r["users"]) + 1,
               "and the chart's bars, and the legend's")
    w, h, gray = page.png_gray(seen.png)
    page.check(w == 900 and page.variance(gray) > 100,
               "a screenshot of 900 px that is not blank")
    return page.done()


if __name__ == "__main__":
    page.chromium()
    main()
