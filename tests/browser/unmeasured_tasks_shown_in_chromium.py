"""Proves that the HTML page shows the step's unmeasured tasks (tasks that
ended with no signal and no record: a statically linked program not linked
with heapline, or a setuid one), as the text and JSON reports do: a job
of 4 ranks with records, and two tasks on n1 with an exit file and no
record, one exited 3 with its task cgroup at 200 MiB, one whose end
Slurm did not know. Chromium reads the page with no error; its section
"Unmeasured (2 of 2 tasks)" lists both, by node and pid, with their exit
and the cgroup's peak; it is drawn in the page's style, its heading as
the ranks table's and its list as that of the processes cut short, which
a killed task with no record is among (and not among the unmeasured)."""

import json
import os
import re

from page import browse, check, chromium, done, gen_job, report, text_of, tmp

chromium()
job = os.path.join(tmp, "job")
gen_job(job, 4, 2)


def exit_file(name, task, host, pid, status, code, signal, peak):
    with open(os.path.join(job, name), "w") as f:
        f.write("# heapline exit 1\ntask,host,pid,status,exit_code,signal,"
                "oom,cgroup_peak_bytes\n%s,%s,%s,%s,%s,%s,0,%s\n"
                % (task, host, pid, status, code, signal, peak))


exit_file("task-4.exit", 4, "n1", 9104, "exited", 3, "", 200 << 20)
exit_file("task-5.exit", 5, "n1", 9105, "unknown", "", "", "")
exit_file("task-6.exit", 6, "n2", 9106, "signaled", "", 9, "")

out, status = report("--format=html", job)
check(status == 0, "heapline-report --format=html exits 0")
page = os.path.join(tmp, "unmeasured.html")
with open(page, "wb") as f:
    f.write(out)

# How each part is drawn: the unmeasured section against the page's own
# parts of the same kind.
STYLE = """JSON.stringify((() => {
  const css = (q, p) => {
    const e = document.querySelector(q);
    return e ? getComputedStyle(e)[p] : null;
  };
  const s = document.getElementById('unmeasured');
  const box = s ? s.getBoundingClientRect() : {width: 0, height: 0};
  return {
    shown: box.width > 0 && box.height > 0,
    h2: [css('#unmeasured h2', 'fontSize'), css('#ranks h2', 'fontSize'),
         css('#unmeasured h2', 'fontWeight'),
         css('#ranks h2', 'fontWeight')],
    li: [css('#unmeasured li', 'fontFamily'), css('#cut-short li', 'fontFamily'),
         css('#unmeasured ul', 'listStyleType'),
         css('#cut-short ul', 'listStyleType')]};
})())"""
seen = browse(page, 1024, 900, full_page=True, expression=STYLE)
check(not seen.errors, "Chromium logs no error: %s" % seen.errors)
section = re.search(r'<section id="unmeasured">.*?</section>', seen.dom, re.S)
text = text_of(section.group(0)) if section else ""
check(text.startswith("Unmeasured (2 of 2 tasks): no record; a statically "
                      "linked program not linked with heapline, or a "
                      "setuid one (doc/limitations.md)"),
      "the section's heading: %r" % text[:160])
items = re.findall(r"<li>(.*?)</li>", section.group(0) if section else "")
check([text_of(i) for i in items] == [
    "task 4 on n1, pid 9104: exit 3; its task's cgroup peaked at 200.0 MiB",
    "task 5 on n1, pid 9105: end unknown"],
    "both tasks listed, by node and pid: %s" % items)
cut = re.search(r'<section id="cut-short">.*?</section>', seen.dom, re.S)
check(cut and "task 6 on n2, pid 9106" in cut.group(0) and
      "task 6" not in text,
      "the killed task with no record is cut short, not unmeasured")
style = json.loads(seen.value or "{}")
check(style.get("shown"), "the section is drawn: %s" % style)
h2 = style.get("h2") or [None] * 4
check(h2[0] and h2[0] == h2[1] and h2[2] == h2[3],
      "its heading is drawn as the ranks table's: %s" % h2)
li = style.get("li") or [None] * 4
check(li[0] and li[0] == li[1] and li[2] == li[3],
      "its list is drawn as that of the processes cut short: %s" % li)
done()
