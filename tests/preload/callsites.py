"""Shared by the tests of allocation sites: runs a program with sites on,
reads the sites of its record back through heapline-report's JSON, and
checks estimates against what the program says it held."""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

REPORT = os.environ.get("HEAPLINE_TEST_REPORT", "")


def require_report():
    t.require_built()
    if not os.path.isfile(REPORT):
        t.skip("heapline-report not built: %r" % REPORT)


def sites_env(output, seed=None, **extra):
    env = t.preload_env(output, HEAPLINE_SITES="1", **extra)
    if seed is not None:
        env["HEAPLINE_SITES_SEED"] = str(seed)
    return env


def report(paths, *options):
    """heapline-report on paths: (exit status, stdout, stderr)."""
    res = t.run([REPORT, "--no-sacct"] + list(options) + list(paths),
                t.clean_env())
    return res


def report_json(paths, top=10):
    res = report(paths, "--format=json", "--sites", str(top))
    if not t.check(res.returncode == 0, "report --format=json: %d %r"
                   % (res.returncode, res.stderr)):
        t.done()
    return json.loads(res.stdout)


def site_names(doc):
    """The name of each top site, as the report gives it, largest first."""
    return [s["site"] for s in doc["sites"]["top"]]


def function_of(site):
    """'hold_big (callsites_three.c:31)' -> 'hold_big'."""
    return site.split(" (")[0]


def truths(stdout):
    """The 'truth NAME BYTES' lines of a test program, as a dict."""
    found = {}
    for line in stdout.splitlines():
        words = line.split()
        if len(words) == 3 and words[0] == "truth":
            found[words[1]] = int(words[2])
    return found


def check_three(doc, truth, what):
    """The three sites of callsites_three, named in order, each within three of
    its standard errors of what the program held."""
    top = doc["sites"]["top"]
    names = [function_of(s["site"]) for s in top[:3]]
    t.check(names == ["hold_big", "hold_small", "hold_huge"],
            "%s: the three sites in order: %r" % (what, names))
    for s in top[:3]:
        name = function_of(s["site"])
        if name not in truth:
            continue
        err = s["bytes"] - truth[name]
        t.check(abs(err) <= 3 * s["se_bytes"] + 1,
                "%s: %s estimated %d, held %d: off by %d, %.1f standard "
                "errors of %d" % (what, name, s["bytes"], truth[name], err,
                                  err / max(s["se_bytes"], 1), s["se_bytes"]))
