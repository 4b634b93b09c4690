"""--format folded writes collapsed stacks for flame graph tools: each
line 'FRAME;FRAME;... COUNT', outermost frame first, frames free of ';'
and line breaks, COUNT a whole number of bytes; every site of the JSON is
there with its bytes; the innermost frames end in the site's function."""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402
import callsites  # noqa: E402

callsites.require_report()
work = t.tmpdir()
recs = []
for seed in (1, 2):
    rec = os.path.join(work, "r%d.csv" % seed)
    t.run([t.program("callsites_three")], callsites.sites_env(rec, seed))
    recs.append(rec)
res = callsites.report(recs, "--format=folded")
t.check(res.returncode == 0 and res.stderr == "",
        "folded: exits 0 quietly: %d %r" % (res.returncode, res.stderr))
line_re = re.compile(r"^[^;\n]+(;[^;\n]+)* (\d+)$")
lines = res.stdout.split("\n")
t.check(lines[-1] == "", "ends with a newline")
total = 0
for line in lines[:-1]:
    if t.check(line_re.match(line) is not None, "grammar: %r" % line):
        total += int(line.rsplit(" ", 1)[1])
doc = callsites.report_json(recs, 1000)
t.check(total == sum(s["bytes"] for s in doc["sites"]["top"]),
        "the bytes of every site: %d" % total)
for name in ("hold_big", "hold_small", "hold_huge"):
    t.check(any(l.rsplit(" ", 1)[0].split(";")[-1] == name for l in lines),
            "a stack ends in %s" % name)
t.done()
