#!/bin/bash
# site-advice.sh RELEASE CGROUP: heapline-site's advice from history after
# real steps of two users on one cluster of that Slurm release in cgroup
# mode on that cgroup version (site=DIR, default=on), run by a test named
# after both (site-advice-22.05-v1.sh...): heapline-alice runs two codes,
# job names assemble (three steps asking 600 MiB, touching 100, 150 and
# 200 MB) and align (two asking 300 MiB, touching 40 MB); heapline-bob
# runs sim (two asking 400 MiB, touching 60 MB, and one asking 100 MiB
# that touches 300 MB, OOM-killed) and post (one asking 1 GiB, touching
# 20 MB). heapline-site's advice per user and job name, at --cover=95% and
# 50%, is what the lines' true peaks give as its man page says (size,
# steps, kills, GiB-hours saved: site-advice-check.py computes them
# again), at 95% it holds what each step touched and is above the limit
# of bob's OOM-killed step, said over it (at 50% that step is among the
# kills), and --notes gives each user a note of their own job names'
# advice. The log ends with the node's file, which doc/admin.md
# shows. TAP. Skips without root, the release or its cgroup version.
set -u

release=${1:?release}
cgv=${2:?cgroup version}
here=${abs_srcdir:-$(cd "$(dirname "$0")" && pwd)}
case $release in
22.05) ;;
*)
    slurm_prefix=$("$here/install-slurm.sh" 2> /dev/null) || {
        echo "1..0 # SKIP no Slurm $release (install-slurm.sh)"
        exit 0
    }
    ;;
esac
cluster_mode=--cgroup=$cgv
. "$here/spank-lib.sh"
tag="$release $cgv"
alice=heapline-alice
bob=heapline-bob
site_bin=$build/report/heapline-site

if ! "$cluster_sh" add-user "$cdir" "$alice" > "$top/adduser.err" 2>&1 ||
    ! "$cluster_sh" add-user "$cdir" "$bob" >> "$top/adduser.err" 2>&1; then
    _diag < "$top/adduser.err"
    echo "1..0 # SKIP no test users"
    exit 0
fi
for u in "$alice" "$bob"; do
    install -d -o "$u" "$work/$u"
done
site=$top/site
install -d -m 0700 "$site"
"$cluster_sh" plugstack "$cdir" "$plugstack default=on site=$site"

# USER:JOB_NAME:MEM_MIB:TOUCH_MB:OOM, in the order they run, each on n1
steps="$alice:assemble:600:100:0 $alice:assemble:600:150:0
$alice:assemble:600:200:0 $alice:align:300:40:0 $alice:align:300:40:0
$bob:sim:400:60:0 $bob:sim:400:60:0 $bob:sim:100:300:1 $bob:post:1024:20:0"
i=0
for s in $steps; do
    IFS=: read -r user name mem mb oom <<< "$s"
    i=$((i + 1))
    _as "$user" "$work/$user" srun -J "$name" -w n1 -N1 -n1 --mem="${mem}M" \
        "$py" "$touch_py" "$mb" 1 > "$work/$user/out$i" 2> "$work/$user/err$i"
    rc=$?
    if [ "$oom" = 1 ]; then
        _ok "$(test $rc -ne 0; echo $?)" \
            "$tag: $user's $name, --mem=${mem}M touching $mb MB, fails"
    else
        _ok $rc "$tag: $user's $name, --mem=${mem}M touching $mb MB, succeeds"
    fi
done

"$site_bin" --notes="$top/notes" "$site" > "$top/site.txt" 2>&1
_ok $? "$tag: heapline-site --notes: exit 0"
# shellcheck disable=SC2086 # a word per step
"$py" "$srcdir/site-advice-check.py" "$site_bin" "$site" "$top/notes" \
    $steps > "$top/checks" 2> "$top/checks.err"
_ok $? "$tag: site-advice-check.py runs to its end"
while read -r rc what; do
    _ok "$rc" "$tag: $what"
done < "$top/checks"

if [ $failed -ne 0 ]; then
    _diag < "$top/checks.err"
    _diag < "$top/site.txt"
    for f in "$work"/*/err* "$top"/notes/*; do
        [ -s "$f" ] && { echo "== $f"; cat "$f"; } | _diag
    done
fi
# The site's files, for doc/admin.md ("Dashboards and notes to users").
for f in "$site"/*.csv; do
    { echo "== $(basename "$f")"; cat "$f"; } | _diag
done

echo "1..$n"
[ $failed -eq 0 ]
