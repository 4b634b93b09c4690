"""Proves that the other tests' "Chromium logs no error" can fail: the
page of a 4-rank job logs none, and each copy of it with one fault put in
logs the fault. The faults are those a change to the page's writer could
make: a path whose d attribute Chromium cannot parse (a NaN or an
unfinished command), an attribute such as viewBox with a word for a
number, and a script that throws or calls console.error."""

import os
import re

from page import browse, check, chromium, done, gen_job, report, tmp

chromium()
job = os.path.join(tmp, "job")
gen_job(job, 4, 2)
out, status = report("--format=html", "--mem=16M", job)
src = out.decode()
check(status == 0 and re.search(r'<path class="[^"]*" d="M', src),
      "heapline-report --format=html writes a page with paths")


def seen_errors(name, page_src):
    page = os.path.join(tmp, name + ".html")
    with open(page, "w") as f:
        f.write(page_src)
    return browse(page, 800, 600).errors


errors = seen_errors("as-written", src)
check(not errors, "the page as written: no error (%s)" % errors)

faults = {
    "a NaN in a path":
        (r'(<path class="[^"]*" d=")M', r"\1MNaN NaN", "attribute d"),
    "an unfinished path command":
        (r'(<path class="[^"]*" d=")[^"]*"', r'\1M1 2 L"', "attribute d"),
    "a word in viewBox":
        (r'viewBox="0 0 ', 'viewBox="0 zero ', "attribute viewBox"),
    "a script that throws":
        (r"</body>", "<script>notDefined();</script></body>", "Uncaught"),
    "console.error":
        (r"</body>", "<script>console.error('broken');</script></body>",
         "console.error: broken"),
}
for what, (pattern, repl, said) in faults.items():
    faulty, n = re.subn(pattern, repl, src, count=1)
    errors = seen_errors(re.sub(r"\W+", "-", what), faulty)
    check(n == 1 and any(said in e for e in errors),
          "%s: Chromium logs it (%s)" % (what, errors))
done()
