# Shared by the plugin's cluster scripts (spank-cluster.sh, plain mode, and
# spank-cgroup.sh, cgroup mode...); sourced, not run. It brings up one
# cluster for the whole script in the mode given ("" or --cgroup), copies
# what the jobs load to a folder anyone can read, sets the plugstack line
# (with layout=$layout if the script set it), and gives the TAP helpers.
# A script may set slurm_prefix (a Slurm installed under that prefix, as
# install-slurm.sh installs 26.05) before sourcing it.
# Sets: srcdir build py cluster_sh top cdir art touch_py stagger_py plugin
# lib plugstack plugstack_base work.
#
# With HEAPLINE_TEST_PLUGIN set, the scenarios run against an installed
# heapline (a package) instead of the build tree: the plugin at that path,
# with its own defaults (no lib= or report=), which must preload
# HEAPLINE_TEST_LIB; the cluster's plugstack.conf first includes the site's,
# HEAPLINE_TEST_PLUGSTACK (/etc/slurm/plugstack.conf), where the site
# enabled the plugin (but a script that sets layout= names the plugin
# itself, with that argument: an included line cannot take one more).

srcdir=${abs_srcdir:-$(cd "$(dirname "$0")" && pwd)}
build=${abs_top_builddir:-$(cd "$srcdir/../.." && pwd)}
py=${PYTHON3:-/usr/bin/python3}
cluster_sh=$srcdir/cluster.sh

. "$srcdir/../tap.sh"

# --- setup -------------------------------------------------------------------
# A skip is a "1..0 # SKIP" plan with status 0: the TAP driver counts an
# exit status of 77 as an error.

if [ -n "${HEAPLINE_TEST_PLUGIN:-}" ]; then
    built=
    plugin=$HEAPLINE_TEST_PLUGIN
    lib=${HEAPLINE_TEST_LIB:?the library that HEAPLINE_TEST_PLUGIN preloads}
else
    plugin=$build/spank/heapline.so
    lib=$build/preload/libheapline.so
    report=$build/report/heapline-report
    built="$plugin $lib $report"
fi
# A script that sets slurm_prefix runs on the Slurm installed there
# (cluster.sh start --slurm), with the plugin built for it beside the
# build tree (plugin-for-release.sh; the script's wrapper makes it).
if [ -n "${slurm_prefix:-}" ] && [ -n "$built" ]; then
    plugin=$build/tests/slurm/heapline-$(basename "$slurm_prefix")/heapline.so
    built="$plugin $lib $report"
fi
for f in $built; do
    if [ ! -f "$f" ]; then
        echo "1..0 # SKIP $f not built (no Slurm spank.h?)"
        exit 0
    fi
done
if [ "$(id -u)" != 0 ]; then
    echo "1..0 # SKIP needs root to run a cluster"
    exit 0
fi

top=$(mktemp -d /tmp/heapline-spank-XXXXXX) || exit 99
chmod 755 "$top"
cdir=$top/cluster
_stop() {
    "$cluster_sh" stop "$cdir" > /dev/null 2>&1
    rm -rf "$top"
}
# shellcheck disable=SC2086 # the mode is one word or none
"$cluster_sh" start "$cdir" $cluster_mode \
    ${slurm_prefix:+--slurm=$slurm_prefix} 2> "$top/start.err"
rc=$?
if [ $rc -eq 77 ]; then
    echo "1..0 # SKIP $(tail -1 "$top/start.err")"
    rm -rf "$top"
    exit 0
elif [ $rc -ne 0 ]; then
    echo "Bail out! cluster.sh start failed"
    _diag < "$top/start.err"
    _stop
    exit 1
fi
trap _stop EXIT
eval "$("$cluster_sh" env "$cdir")"

# The build tree may be where another user cannot read it: what tasks and
# srun load goes to a folder anyone can read.
art=$top/art
mkdir -p "$art"
# shellcheck disable=SC2086 # the built files, none when installed
cp $built "$srcdir/alloc-touch.py" "$srcdir/stagger.py" "$srcdir/mpi-rank.c" \
    "$art/"
# The library finds heapline-refresh where it is installed, or beside
# itself, as in the build tree (preload/): without it, a killed task's
# record would hold the figures of its last milestone.
[ -z "$built" ] || cp "$build/preload/heapline-refresh" "$art/"

chmod -R a+rX "$art"
touch_py=$art/alloc-touch.py
stagger_py=$art/stagger.py
# A script that sets layout=task before sourcing runs its scenarios in the
# per-task layout (a record and an exit file per task in the step folder);
# without it, the default, one merged file per node.
# No deadline of the plugin's in effect where a scenario does not test one
# (the most each takes, an hour): the report's, and the wait for sacct's
# MaxRSS at the step's end, which slurmdbd gives when the machine lets it.
no_deadline="timeout=3600 sacct_wait=3600"
if [ -n "$built" ]; then
    plugin=$art/heapline.so
    lib=$art/libheapline.so
    plugstack_base="optional $plugin lib=$lib report=$art/heapline-report $no_deadline"
else
    plugstack_base="optional $plugin $no_deadline"
fi
plugstack="$plugstack_base${layout:+ layout=$layout}"
if [ -n "$built" ] || [ -n "${layout:-}" ]; then
    "$cluster_sh" plugstack "$cdir" "$plugstack"
else
    "$cluster_sh" plugstack "$cdir" \
        "include ${HEAPLINE_TEST_PLUGSTACK:-/etc/slurm/plugstack.conf}"
fi

work=$top/work
mkdir -p "$work"

_fresh() { # NAME: an empty working folder for one scenario
    mkdir -p "$work/$1"
    echo "$work/$1"
}
_stepdir() { # DIR STEP: the step folder of step STEP under DIR
    local d
    for d in "$1"/heapline-*."$2"; do
        [ -d "$d" ] && echo "$d"
    done
}
_records() { ls "$1"/task-*.csv 2> /dev/null; } # not the node files
_column() { # NAME FILE...: that column of each record, one per line
    "$py" - "$@" << 'PY'
import csv, sys
name = sys.argv[1]
for path in sys.argv[2:]:
    with open(path) as f:
        rows = list(csv.reader(l for l in f if not l.startswith("#")))
    print(rows[1][rows[0].index(name)])
PY
}
_concurrent() { # STEPDIR NODE: the node's concurrent estimate, "PSS BYTES"
    # where its processes read their Pss, else "RSS BYTES", from
    # heapline-report's JSON (the built one, else the installed one); empty
    # when the report gives none
    "${report:-heapline-report}" --no-sacct --format json "$1" 2> /dev/null |
        "$py" -c '
import json, sys
nodes = {n["node"]: n for n in json.load(sys.stdin)["nodes"]}
n = nodes.get(sys.argv[1], {})
for word in ("pss", "rss"):
    v = n.get("concurrent_%s_bytes" % word)
    if v is not None:
        print(word.upper(), v)
        break' "$2"
}
_size() { # BYTES: written as heapline-report writes sizes (tests/sizes.py)
    "$py" "$srcdir/../sizes.py" "$1"
}
_sacct_bytes() { # a sacct size (159856K, 12M...) in bytes
    "$py" -c '
import sys
s = sys.argv[1]
m = {"K": 1, "M": 1024, "G": 1024**2, "T": 1024**3}
print(int(float(s[:-1]) * m[s[-1]] * 1024) if s[-1] in m else int(s))' "$1"
}
_lacks() { # TEXT WORD: TEXT does not hold WORD
    case $1 in *"$2"*) return 1 ;; esac
}
_as() { # USER DIR COMMAND...: run as USER in DIR, on this cluster
    local user=$1 dir=$2
    shift 2
    (cd "$dir" && runuser -u "$user" -- env SLURM_CONF="$SLURM_CONF" "$@")
}
_heapline_lines() { # FILE: its heapline lines, without the report's own
    grep 'error: heapline: ' "$1"
}

