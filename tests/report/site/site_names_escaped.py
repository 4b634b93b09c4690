#!/usr/bin/env python3
"""heapline-site over lines whose user, account, partition and job names
hold a newline, a carriage return, a tab, quotes, a backslash, control
bytes (an escape sequence for the terminal among them), markup and bytes
that are not UTF-8: each output says them escaped as its format requires,
and no name breaks a line of it. The text escapes them as `ls -b` does;
the CSV quotes them (RFC 4180) and reads back to the same bytes; the JSON
parses and holds the names (U+FFFD for what is not UTF-8); the HTML holds
no raw control byte and no markup of a name; every OpenMetrics line is a
comment or a sample, promtool accepts it (where installed) and its labels
unescape to the names; --notes writes the note of the user of a plain
name with the job name's control characters as '?', and no note for the
user whose name could not name a file, said in one line. Says ok or FAIL
per check; exits 1 on a failure."""
import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

SITE = os.environ.get("HEAPLINE_TEST_SITE", "")
G = 1 << 30
HEADER = (b"end,host,job,step,uid,user,account,partition,request_bytes,"
          b"cgroup_peak_bytes,vmhwm_sum_bytes,oom_kills,tasks,elapsed,"
          b"concurrent_peak_bytes,job_name\n")
EVIL_USER = b'ev"il\\us\ner\x01\x1b[31m\t\r<b>&'
EVIL_ACCOUNT = b'ac"ct\n\\x'
EVIL_PARTITION = b'pa\nrt"\x7f'
EVIL_JOB = b'jo"b\nname\\\x07\x1b[2J'
NOT_UTF8_JOB = b"bad\xfe\xc3("
# C0 controls and DEL, but line feed: what no output may hold raw
CONTROL = re.compile(rb"[\x00-\x09\x0b-\x1f\x7f]")
FAILED = []


def check(ok, what):
    print("%s - %s" % ("ok" if ok else "FAIL", what))
    if not ok:
        FAILED.append(what)


def _quoted(text):
    return b'"' + text.replace(b'"', b'""') + b'"'


def _line(job, user, account, partition, name):
    return b"1796086200,n1,%d,0,%d,%s,%s,%s,%d,%d,%d,0,1,3600.000,,%s\n" % (
        job, os.getuid(), _quoted(user), _quoted(account),
        _quoted(partition), 4 * G, G, G, _quoted(name))


def write_folder(folder):
    """The user of the names runs 3 jobs; bob, of a plain name, one of the
    job name with an escape sequence, and one whose job name and partition
    are not UTF-8."""
    with open(os.path.join(folder, "n1-2026-12-01.csv"), "wb") as f:
        f.write(b"# heapline site 1\n" + HEADER)
        for job in (81, 82, 83):
            f.write(_line(job, EVIL_USER, EVIL_ACCOUNT, EVIL_PARTITION,
                          EVIL_JOB))
        f.write(_line(99, b"bob", EVIL_ACCOUNT, EVIL_PARTITION, EVIL_JOB))
        f.write(_line(100, b"bob", b"acct", b"p\xffq", NOT_UTF8_JOB))


def run(folder, *args):
    p = subprocess.run([SITE, "--all-users"] + list(args) + [folder],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    check(p.returncode == 0, "%s: exit status 0 (%d)" % (
        " ".join(args) or "text", p.returncode))
    return p.stdout, p.stderr


def ls_b(name):
    """name as `ls -b` writes it (report/shared/escape.h)."""
    named = {0x5c: b"\\\\", 0x07: b"\\a", 0x08: b"\\b", 0x09: b"\\t",
             0x0a: b"\\n", 0x0b: b"\\v", 0x0c: b"\\f", 0x0d: b"\\r"}
    out = b""
    for c in name:
        if c in named:
            out += named[c]
        elif c < 0x20 or c == 0x7f:
            out += b"\\%03o" % c
        else:
            out += bytes([c])
    return out


def text(folder):
    out, _ = run(folder)
    check(not CONTROL.search(out), "text: no control byte but line feeds")
    for what, name in (("user", EVIL_USER), ("account", EVIL_ACCOUNT),
                       ("partition", EVIL_PARTITION), ("job name", EVIL_JOB)):
        check(ls_b(name) in out, "text: the %s escaped, %r" % (
            what, ls_b(name).decode()))
    # each row of the table of users on a line of its own: the header's
    # columns, the user's figures after the name
    rows = [line for line in out.split(b"\n") if line.startswith(b" ev")]
    check(rows and all(line.startswith(b" " + ls_b(EVIL_USER) + b" ")
                       for line in rows),
          "text: every line that names the user holds its whole name "
          "(%d lines)" % len(rows))


def csv_out(folder):
    out, _ = run(folder, "--format=csv")
    rows = list(csv.reader(io.StringIO(out.decode("latin-1"), newline="")))
    widths = {len(r) for r in rows}
    check(len(widths) == 1, "CSV: every row of the header's %d columns, "
          "quoted names and all (%s)" % (len(rows[0]), sorted(widths)))
    names = {(r[0], r[1]) for r in rows}
    for kind, name in (("user", EVIL_USER), ("account", EVIL_ACCOUNT),
                       ("partition", EVIL_PARTITION), ("job_name", EVIL_JOB),
                       ("job_name", NOT_UTF8_JOB)):
        check((kind, name.decode("latin-1")) in names,
              "CSV: the %s reads back to its bytes" % kind)


def json_out(folder):
    out, _ = run(folder, "--format=json")
    try:
        r = json.loads(out)
    except ValueError as e:
        check(False, "JSON: parses (%s)" % e)
        return
    check(True, "JSON: parses")
    users = [u["user"] for u in r["users"]]
    check(EVIL_USER.decode() in users, "JSON: the user's name whole")
    check(EVIL_ACCOUNT.decode() in [a["account"] for a in r["accounts"]],
          "JSON: the account's name whole")
    check(EVIL_PARTITION.decode() in [p["partition"]
                                      for p in r["partitions"]],
          "JSON: the partition's name whole")
    names = [n["job_name"] for u in r["users"] for n in u.get(
        "job_names", [])]
    check(EVIL_JOB.decode() in names, "JSON: the job name whole")
    check("bad\ufffd\ufffd(" in names,
          "JSON: the bytes that are not UTF-8 as U+FFFD")


def html(folder):
    out, _ = run(folder, "--format=html")
    check(not re.search(rb"[\x00-\x08\x0b-\x1f\x7f]", out),
          "HTML: no control byte but tab and line feed")
    check(b"<b>&" not in out and b"&lt;b&gt;&amp;" in out,
          "HTML: the name's markup as text")
    check(b"ev&quot;il\\us" in out, "HTML: the name's quote an entity")
    try:
        out.decode("utf-8")
        check(True, "HTML: UTF-8 throughout")
    except UnicodeDecodeError as e:
        check(False, "HTML: UTF-8 throughout (%s)" % e)


def unescape_label(value):
    return re.sub(r"\\(.)", lambda m: "\n" if m.group(1) == "n"
                  else m.group(1), value)


def openmetrics(folder):
    out, _ = run(folder, "--format=openmetrics")
    sample = re.compile(r'^[a-zA-Z_:][a-zA-Z0-9_:]*(\{.*\})? \S+$')
    lines = out.decode("utf-8").split("\n")
    bad = [line for line in lines[:-1]
           if not line.startswith("#") and not sample.match(line)]
    check(lines[-1] == "" and not bad,
          "OpenMetrics: every line a comment or a sample (%r)" % bad[:2])
    labels = set()
    for line in lines:
        for m in re.finditer(r'(\w+)="((?:[^"\\]|\\.)*)"', line):
            labels.add((m.group(1), unescape_label(m.group(2))))
    for label, name in (("user", EVIL_USER), ("account", EVIL_ACCOUNT),
                        ("partition", EVIL_PARTITION),
                        ("job_name", EVIL_JOB)):
        check((label, name.decode()) in labels,
              "OpenMetrics: the %s label unescapes to the name" % label)
    if shutil.which("promtool"):
        p = subprocess.run(["promtool", "check", "metrics"], input=out,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        check(p.returncode == 0, "OpenMetrics: promtool accepts it (%s)"
              % p.stdout.decode(errors="replace").strip()[:200])
    else:
        print("skip - OpenMetrics: promtool is not installed")


def notes(folder, tmp):
    dest = os.path.join(tmp, "notes")
    p = subprocess.run([SITE, "--all-users", "--notes=" + dest, folder],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    check(p.returncode == 1, "--notes: exit status 1, a user left without "
          "a note (%d)" % p.returncode)
    check(os.listdir(dest) == ["bob.txt"], "--notes: bob's note alone (%s)"
          % os.listdir(dest))
    with open(os.path.join(dest, "bob.txt"), "rb") as f:
        note = f.read()
    check(not CONTROL.search(note), "--notes: no control byte in bob's note")
    check(b'jo"b?name\\??[2J' in note,
          "--notes: the job name's control characters as '?'")
    said = p.stderr.decode("utf-8", "replace").strip().split("\n")
    check(len(said) == 1 and "no note for the user named" in said[0]
          and not CONTROL.search(p.stderr.replace(b"\n", b"")),
          "--notes: the user left out said in one line, escaped: %r"
          % said)


def main():
    if not os.access(SITE, os.X_OK):
        print("heapline-site not built: %s" % SITE)
        return 1
    tmp = tempfile.mkdtemp(prefix="hl-site-names.")
    try:
        folder = os.path.join(tmp, "site")
        os.mkdir(folder)
        write_folder(folder)
        text(folder)
        csv_out(folder)
        json_out(folder)
        html(folder)
        openmetrics(folder)
        notes(folder, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
