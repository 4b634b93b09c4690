"""The checks of site-advice.sh: heapline-site's advice over the site
folder of a real run, against the lines themselves and against what each
step was known to touch.

usage: site-advice-check.py SITE_BIN SITE_DIR NOTES_DIR STEP...
STEP is USER:JOB_NAME:MEM_MIB:TOUCH_MB:OOM (OOM 1 for the step the OOM
killer ends), one per srun step of the run, in the order they ran, each
on one node.

Prints one line per check, "0 what" when it holds, "1 what" when not, for
the shell's TAP helpers. The advice is computed again from the lines as
doc/heapline-site.1 says it ("ADVICE FROM HISTORY"): the smallest size of
the grid that holds the need of the share's rank among the step-nodes, an
OOM-killed one ranked as needing the grid's next size above its limit,
after the needs of that size (where the rank falls on it, the advice is
that size, said over its limit); those whose need passes it killed, and
the OOM-killed ones whose limit was it or more."""
import csv
import glob
import json
import math
import os
import re
import subprocess
import sys

MIB = 1 << 20
GIB_HOUR = 3600 * (1 << 30)

site_bin, site_dir, notes_dir = sys.argv[1:4]
plan = []
for spec in sys.argv[4:]:
    user, name, mem, touch, oom = spec.split(":")
    plan.append((user, name, int(mem) * MIB, int(touch) * 10**6, oom == "1"))


def say(ok, what):
    print("%d %s" % (0 if ok else 1, what))


def grid():
    """The advice's sizes in bytes, smallest first, up to 1 PiB."""
    sizes = list(range(1, 17))
    o = 4
    while (1 << o) < (1 << 30):
        sizes += [(1 << o) + k * (1 << (o - 3)) for k in range(1, 9)]
        o += 1
    return [s * MIB for s in sizes]


GRID = grid()


def advise(lines, cover):
    """(mem, steps, killed, saved GiB-hours, the limit it is over or None)
    of a group's lines, or None when none is in the share."""
    at = []
    for x in lines:
        if x["oom"]:
            at.append((next(i for i, s in enumerate(GRID) if s > x["request"]),
                       1, x["request"]))
        else:
            at.append((next(i for i, s in enumerate(GRID) if s >= x["need"]),
                       0, x["need"]))
    if not at:
        return None
    at.sort()
    rank = max(1, math.ceil(len(at) * cover / 100))
    index, oom, _ = at[rank - 1]
    mem = GRID[index]
    over = max(b for i, o, b in at if (i, o) == (index, 1)) if oom else None
    killed = sum(1 for x in lines if not x["oom"] and x["need"] > mem)
    killed += sum(1 for x in lines if x["oom"] and x["request"] >= mem)
    saved = sum((x["request"] - mem) * x["elapsed"] for x in lines)
    return mem, len(at), killed, saved / GIB_HOUR, over


lines = []
for path in sorted(glob.glob(os.path.join(site_dir, "*.csv"))):
    with open(path) as f:
        rows = list(csv.reader(l for l in f if not l.startswith("#")))
    h = rows[0]
    for r in rows[1:]:
        c = dict(zip(h, r))
        lines.append({
            "user": c["user"], "name": c.get("job_name", ""),
            "request": int(c["request_bytes"]),
            "need": int(c["cgroup_peak_bytes"] or 0),
            "oom": int(c["oom_kills"]) > 0, "elapsed": float(c["elapsed"]),
            "end": int(c["end"])})
lines.sort(key=lambda x: x["end"])

# --- the lines: one per step, what each step touched under its peak -------------

say(len(lines) == len(plan),
    "the site folder holds a line per step (%d of %d)" % (len(lines), len(plan)))
for user, name in sorted({(p[0], p[1]) for p in plan}):
    mine = [x for x in lines if (x["user"], x["name"]) == (user, name)]
    steps = [p for p in plan if (p[0], p[1]) == (user, name)]
    ok = len(mine) == len(steps)
    peaks = []
    for x, p in zip(sorted(mine, key=lambda x: x["need"]),
                    sorted(steps, key=lambda p: (p[4], p[3]))):
        ok &= x["oom"] == p[4] and x["request"] == p[2]
        if not p[4]:
            # the cgroup's true peak: what the task touched, and the
            # interpreter's own pages and the files it read, under 64 MiB
            ok &= p[3] <= x["need"] <= p[3] + 64 * MIB
            peaks.append("%d MB: %.1f MiB" % (p[3] // 10**6, x["need"] / MIB))
        else:
            peaks.append("OOM-killed at %d MiB" % (x["request"] // MIB))
    say(ok, "%s's %s: its lines' requests and OOM kills are the steps', "
        "each true peak what the step touched and less than 64 MiB more (%s)"
        % (user, name, ", ".join(peaks)))


# --- the advice, per user and job name, against the lines ------------------------

def report(cover):
    out = subprocess.run([site_bin, "--format=json", "--cover=%d%%" % cover,
                          site_dir], stdout=subprocess.PIPE)
    say(out.returncode == 0, "heapline-site --cover=%d%%: exit 0" % cover)
    return json.loads(out.stdout or "{}")


def same(got, want):
    if want is None:
        return got is None
    a = got or {}
    return (a.get("mem_bytes"), a.get("steps"), a.get("killed_steps")) == \
        want[:3] and abs(a.get("saved_gib_hours", 1e9) - want[3]) < 1.5e-6 \
        and a.get("over_oom_limit_bytes", 0) == want[4]


def shown(a):
    if a is None:
        return "none"
    over = a.get("over_oom_limit_bytes")
    return "--mem=%dM%s, %d steps, %d killed, %.6f GiB-hours saved" % (
        a["mem_bytes"] // MIB,
        " (over %dM)" % (over // MIB) if over is not None else "",
        a["steps"], a["killed_steps"], a["saved_gib_hours"])


advice = {}
for cover in (95, 50):
    r = report(cover)
    users = {u["user"]: u for u in r.get("users", [])}
    for user in sorted({p[0] for p in plan}):
        u = users.get(user, {})
        mine = [x for x in lines if x["user"] == user]
        want = advise(mine, cover)
        say(same(u.get("advice"), want),
            "--cover=%d%%: %s's advice from their lines (%s)"
            % (cover, user, shown(u.get("advice"))))
        names = {n["job_name"]: n for n in u.get("job_names", [])}
        for name in sorted({x["name"] for x in mine}):
            got = names.get(name, {}).get("advice")
            want = advise([x for x in mine if x["name"] == name], cover)
            say(same(got, want) and names[name]["whole"],
                "--cover=%d%%: %s's job name %s: its advice from its lines (%s)"
                % (cover, user, name, shown(got)))
            advice[cover, user, name] = got

# --- the advice, against what the steps were known to touch ----------------------

for (user, name) in sorted({(p[0], p[1]) for p in plan}):
    touched = [p[3] for p in plan if (p[0], p[1]) == (user, name) and not p[4]]
    limits = [p[2] for p in plan if (p[0], p[1]) == (user, name) and p[4]]
    a = advice.get((95, user, name)) or {}
    mem = a.get("mem_bytes", 0)
    # each step's known use under the advice: those that fitted would fit
    # again; an OOM-killed one under a limit at or above the advice would
    # not. At 95% the share of a job name's few steps is all of them: the
    # advice is above the limit of each killed one, and says the limit of
    # the one its rank falls on
    fits = all(t < mem for t in touched)
    over = a.get("over_oom_limit_bytes")
    above = all(m < mem for m in limits) and \
        (over == max(limits) if limits else over is None)
    say(fits and above and
        a.get("killed_steps") == sum(1 for m in limits if m >= mem),
        "--cover=95%%: %s's %s: --mem=%dM holds what each of its steps touched "
        "(%s MB), is above the limit of each OOM-killed one (%s), said over "
        "%s, and kills none of them (%d)"
        % (user, name, mem // MIB, ", ".join(str(t // 10**6) for t in touched),
           ", ".join("%d MiB" % (m // MIB) for m in limits) or "none",
           "%dM" % (over // MIB) if over is not None else "none",
           a.get("killed_steps", -1)))

# --- each user's note ---------------------------------------------------------------

for user in sorted({p[0] for p in plan}):
    path = os.path.join(notes_dir, user + ".txt")
    text = open(path).read() if os.path.exists(path) else ""
    ok = text.startswith("To: %s\n" % user)
    names = sorted({p[1] for p in plan if p[0] == user})
    others = sorted({p[1] for p in plan if p[0] != user} - set(names))
    for name in names:
        a = advice.get((95, user, name)) or {}
        over = a.get("over_oom_limit_bytes")
        row = r"^ %s +--mem=%dM%s +%d of %d +[0-9.]+ +%d$" % (
            re.escape(name), a.get("mem_bytes", 0) // MIB,
            re.escape(" (over %dM)" % (over // MIB)) if over else "",
            a.get("covered_steps", 0), a.get("steps", 0),
            a.get("killed_steps", 0))
        ok &= re.search(row, text, re.M) is not None
    ok &= not any(re.search(r"^ %s " % re.escape(o), text, re.M) for o in others)
    oom = any(p[4] for p in plan if p[0] == user)
    ok &= ("killed for lack of memory" in text) == oom
    limits = [p[2] for p in plan if p[0] == user and p[4]]
    ok &= all(re.search(r"^For 95%% of your steps, more than %dM per node "
                        r"would have been needed: one of them was killed for "
                        r"lack of memory at %dM, and how much more it needed "
                        r"is not known\. Ask for --mem=" % (m // MIB, m // MIB),
                        text, re.M) for m in limits)
    paragraphs = text.split("\n\n")
    ok &= ("more than" in (paragraphs[3] if len(paragraphs) > 3 else "")) \
        == oom
    say(ok, "%s's note: to them, a row per job name of theirs with its "
        "advice (%s), none of the other's, the OOM kill said where they had "
        "one, and there the advice said to be more than its limit, its need "
        "not known" % (user, ", ".join(names)))
