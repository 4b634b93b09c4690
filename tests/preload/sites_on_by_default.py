"""Sites are on by default: a process run with HEAPLINE_SITES unset (or
empty) writes a record with the sites columns and sites in them, and one
run with HEAPLINE_SITES=0, off, no or false (any case) a record without
them. The launcher's default is on, its --no-sites turns them off over the
environment, and the last of --sites and --no-sites wins. Where libunwind
cannot be loaded, a process with sites on by default says nothing of it
and records no sites; one whose user asked for them (HEAPLINE_SITES=1)
says so."""

import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hltest as t  # noqa: E402

SITES = ["sites_rate_bytes", "sites", "modules", "sites_dropped"]
WARNING = "libunwind (libunwind.so.8) cannot be loaded"
t.require_built()
work = t.tmpdir()


def env_with(sites, **extra):
    """The tests' environment with HEAPLINE_SITES as given, or unset
    (None)."""
    env = t.clean_env(**extra)
    del env["HEAPLINE_SITES"]
    if sites is not None:
        env["HEAPLINE_SITES"] = sites
    return env


def record(name, argv, env):
    """(the record's header and row as a dict, the run's stderr)."""
    path = os.path.join(work, name + ".csv")
    res = t.run(argv + [t.PYTHON3, "-c", t.TUTORIAL],
                dict(env, HEAPLINE_OUTPUT=path))
    t.check(res.returncode == 0, "%s: exit 0: %s" % (name, res.stderr))
    with open(path) as f:
        lines = f.read().split("\n")
    names = lines[1].split(",")
    return dict(zip(names, next(csv.reader([lines[2]])))), res.stderr


def check_sites(name, argv, env, on):
    rec, err = record(name, argv, env)
    t.check(all((c in rec) == on for c in SITES),
            "%s: sites columns %s: %r" % (name, "in" if on else "not in",
                                         sorted(rec)))
    if on:
        t.check(rec.get("sites", "") != "", "%s: sites recorded" % name)
    return err


preloaded = dict(LD_PRELOAD=t.LIB)
check_sites("unset", [], env_with(None, **preloaded), True)
check_sites("empty", [], env_with("", **preloaded), True)
for word in ("1", "on", "yes"):
    check_sites("on-" + word, [], env_with(word, **preloaded), True)
for word in ("0", "off", "OFF", "no", "false"):
    check_sites("off-" + word, [], env_with(word, **preloaded), False)

launcher = [t.LAUNCHER]
lib = dict(HEAPLINE_LIBRARY=t.LIB)
check_sites("launcher", launcher, env_with(None, **lib), True)
check_sites("launcher-no-sites", launcher + ["--no-sites"],
            env_with("1", **lib), False)
check_sites("launcher-sites-last", launcher + ["--no-sites", "--sites"],
            env_with(None, **lib), True)
check_sites("launcher-no-sites-last", launcher + ["--sites", "--no-sites"],
            env_with(None, **lib), False)

# A library without libunwind's functions, found first as libunwind.so.8.
fake = t.fake_libunwind("libnotlibunwind.so")
missing = dict(LD_PRELOAD=t.LIB, LD_LIBRARY_PATH=fake)
err = check_sites("no-libunwind-default", [], env_with(None, **missing),
                  False)
t.check(WARNING not in err, "sites on by default, without libunwind: no "
        "warning: %r" % err)
err = check_sites("no-libunwind-asked", [], env_with("1", **missing), False)
t.check(WARNING in err, "HEAPLINE_SITES=1 without libunwind: a warning: %r"
        % err)
t.done()
