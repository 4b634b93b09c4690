#!/bin/bash
# What another user, a planted file or a misbehaving report can do to the
# plugin on a real two-node cluster (plain mode), as two ordinary users,
# alice and bob: a link planted in a shared site folder, a site folder
# that the first job would have made its user's, FIFOs where the plugin
# writes, and a report that leaves children behind or fails. Each job must
# run as it would without heapline, and one line must say what was
# refused. TAP. Skips (77) without root, Slurm's packages or a built plugin.
set -u

cluster_mode=
# The per-task layout's scenarios; spank-node-files.sh has the default's.
layout=task
. "${abs_srcdir:-$(cd "$(dirname "$0")" && pwd)}/spank-lib.sh"
alice=heapline-alice
bob=heapline-bob

_show() { # DIR: a scenario's files, after a failed check
    for f in "$1"/err "$1"/*.err; do
        [ -f "$f" ] && { echo "== $f"; cat "$f"; } | _diag
    done
}
_drained() { # the nodes drained or down (completing or busy is fine)
    sinfo -h -N -o '%N %t' | grep -E ' (drain|drng|down|fail)'
}

if ! "$cluster_sh" add-user "$cdir" "$alice" > "$top/adduser.err" 2>&1 ||
    ! "$cluster_sh" add-user "$cdir" "$bob" >> "$top/adduser.err" 2>&1; then
    _diag < "$top/adduser.err"
    echo "1..0 # SKIP no test users"
    exit 0
fi
for u in "$alice" "$bob"; do
    install -d -o "$u" "$work/$u"
done
scratch=$top/scratch
install -d -m 1777 "$scratch"

# --- a link planted in a shared site folder ------------------------------------

d=$(_fresh planted-link)
before=$failed
site=$scratch/hlsite
install -d -m 1777 "$site"
"$cluster_sh" plugstack "$cdir" "$plugstack dir=$site/%u"
# alice, who may write in the 1777 site folder, points bob's folder at hers.
_as "$alice" "$work/$alice" sh -c "install -d -m 777 '$scratch/alice-loot' &&
    ln -s '$scratch/alice-loot' '$site/$bob'"
_as "$bob" "$work/$bob" srun --heapline -N2 -n2 sh -c 'echo out; exit 3' \
    > "$d/out" 2> "$d/err"
rc=$?
_ok "$(test $rc = 3 && test "$(grep -c out "$d/out")" = 2; echo $?)" \
    "planted link: bob's job runs and exits as without heapline ($rc)"
_check "planted link: nothing of bob's lands in alice's folder" \
    test -z "$(ls -A "$scratch/alice-loot")"
_check "planted link: the link is named as refused" \
    grep -q "no record of step .*: $site/$bob is a symbolic link: refused" \
    "$d/err"
_ok "$(test "$(_heapline_lines "$d/err" | grep -vc 'srun: error:')" = 2
    echo $?)" "planted link: one line per node, from its first task"
[ $failed -eq $before ] || _show "$d"

# --- a shared site folder that no job may make ---------------------------------

d=$(_fresh site-folder)
before=$failed
site=$scratch/hlsite2
"$cluster_sh" plugstack "$cdir" "$plugstack dir=$site/%u"
_as "$alice" "$work/$alice" srun --heapline -n1 true > /dev/null \
    2> "$d/first.err"
_ok "$(test $? = 0 && test ! -e "$site"; echo $?)" \
    "site folder: alice's job, the first, runs and does not make $site"
_check "site folder: one line says an administrator makes it" \
    grep -q "the site folder $site does not exist: an administrator makes it, owned by root, mode 1777" \
    "$d/first.err"
install -d -m 1777 "$site"
for u in "$alice" "$bob"; do
    _as "$u" "$work/$u" srun --heapline -N2 -n2 true > /dev/null \
        2> "$d/$u.err"
    sd=$(_stepdir "$site/$u" 0)
    _ok "$(test -n "$sd" && test "$(_records "$sd" | grep -c .)" = 2 &&
        test -s "$sd/report.txt" &&
        test "$(stat -c %U "$site/$u" "$sd" | sort -u)" = "$u"; echo $?)" \
        "site folder: made 1777 by root, it serves $u too, in a folder of $u's"
done
[ $failed -eq $before ] || _show "$d"
"$cluster_sh" plugstack "$cdir" "$plugstack"

# --- FIFOs where the plugin writes ---------------------------------------------

# The task plants a FIFO at NAME in its own step folder; with READER, a
# process of the step holds it open for reading, so that opening it for
# writing does not fail.
_fifo_step() { # DIR NAME [reader]
    local d=$1 name=$2 reader=${3:-}
    _as "$bob" "$d" srun --heapline -N1 -n1 sh -c '
        d=${HEAPLINE_OUTPUT%/*}
        mkfifo "$d/$0" || exit 9
        if [ -n "$1" ]; then
            (sleep infinity < "$d/$0" > /dev/null 2>&1 &)
        fi
        echo done' "$name" "$reader" > "$d/out" 2> "$d/err"
}
for c in "task-0.exit" "task-0.exit reader" ".report.txt.tmp" \
    ".report.html.tmp"; do
    set -- $c
    d=$(_fresh "fifo-${1#.}${2:+-$2}")
    chown "$bob" "$d"
    before=$failed
    what="FIFO at $1${2:+ with a reader}"
    _fifo_step "$d" "$@"
    rc=$?
    _ok "$(test $rc = 0 && grep -qx done "$d/out"; echo $?)" \
        "$what: the step ends, as without heapline ($rc)"
    _ok "$(test -z "$(_drained)"; echo $?)" "$what: no node drained"
    lines=$(_heapline_lines "$d/err")
    _ok "$(test "$(echo "$lines" | grep -c .)" = 1 &&
        echo "$lines" | grep -q "$1: a FIFO is there, not a regular file"
        echo $?)" "$what: one line says it was refused ($lines)"
    [ $failed -eq $before ] || { _show "$d"; _drained | _diag; }
done
pkill -u "$bob" -x sleep

# --- a link or a FIFO at report.html ---------------------------------------------

# The task plants, in its own step folder, a link at report.html to a file
# of bob's, or a FIFO there: srun's rename replaces either with the page,
# neither followed nor opened.
target=$work/$bob/target
for what in link fifo; do
    d=$(_fresh "page-$what")
    chown "$bob" "$d"
    before=$failed
    _as "$bob" "$d" sh -c "echo bob\'s > '$target'"
    _as "$bob" "$d" srun --heapline -N1 -n1 sh -c '
        p=${HEAPLINE_OUTPUT%/*}/report.html
        if [ "$0" = link ]; then ln -s "$1" "$p"; else mkfifo "$p"; fi &&
        echo done' "$what" "$target" > "$d/out" 2> "$d/err"
    rc=$?
    sd=$(_stepdir "$d" 0)
    _ok "$(test $rc = 0 && grep -qx done "$d/out" &&
        test -z "$(_heapline_lines "$d/err")"; echo $?)" \
        "$what at report.html: the step ends with no error line ($rc)"
    _ok "$(test "$(stat -c '%F %U' "$sd/report.html")" = "regular file $bob" &&
        grep -q '^<!DOCTYPE html>' "$sd/report.html" &&
        test "$(cat "$target")" = "bob's"; echo $?)" \
        "$what at report.html: replaced by bob's page, $target left as it was"
    _ok "$(test "$(tail -n 1 "$d/err")" = "HTML page with charts: $sd/report.html"
        echo $?)" "$what at report.html: the last line of srun's stderr names the page"
    [ $failed -eq $before ] || _show "$d"
done

# --- a report that misbehaves ----------------------------------------------------

# A report program that leaves a child holding its stderr, a child that
# never ends by itself. srun's stderr is read through a pipe here, as a
# shell's $(...) or a pipeline reads it: srun's end lets go of it, or this
# test hangs (no time is asserted).
_fake_report() { # FILE LAST-COMMAND
    cat > "$1" << EOF
#!/bin/sh
sleep infinity >&2 &
echo \$! > '$1.pid'
echo "fake report"
$2
EOF
    chmod 755 "$1"
}
_gone() { # PIDFILE: the process it names ends (a SIGKILL takes what the
    # machine gives it to act; never, if none was sent: the test hangs)
    local pid state
    pid=$(cat "$1" 2> /dev/null) || return 1
    while :; do
        state=$(awk '{ print $3 }' "/proc/$pid/stat" 2> /dev/null)
        case $state in "" | Z | X) return 0 ;; esac
        sleep 0.1
    done
}
d=$(_fresh report)
chmod 755 "$d"
before=$failed
_fake_report "$d/leaves-child" "exit 0"
"$cluster_sh" plugstack "$cdir" \
    "optional $art/heapline.so lib=$lib report=$d/leaves-child $no_deadline"
err=$(cd "$d" && srun --heapline -n1 true 2>&1 > /dev/null)
_ok "$(echo "$err" | grep -qx 'fake report'; echo $?)" \
    "report leaving a child: srun prints the report and lets go of its stderr"
_check "report leaving a child: the child is killed with the report's group" \
    _gone "$d/leaves-child.pid"

_fake_report "$d/hangs" "exec sleep infinity"
"$cluster_sh" plugstack "$cdir" \
    "optional $art/heapline.so lib=$lib report=$d/hangs $no_deadline timeout=2"
err=$(cd "$d" && srun --heapline -n1 true 2>&1 > /dev/null)
_ok "$(test "$(echo "$err" | grep -c 'heapline')" = 1 &&
    echo "$err" | grep -q "no report of step .*: $d/hangs did not end within 2 s"
    echo $?)" \
    "report hanging with a child: one line at timeout=2, srun's stderr let go ($err)"
_check "report hanging with a child: the child is killed too" \
    _gone "$d/hangs.pid"

"$cluster_sh" plugstack "$cdir" \
    "optional $art/heapline.so lib=$lib report=/bin/false $no_deadline"
err=$(cd "$d" && srun --heapline -n1 true 2>&1 > /dev/null)
_ok "$(test "$(echo "$err" | grep -c .)" = 1 &&
    echo "$err" | grep -q "no report of step .*: /bin/false exited with status 1 and wrote no report"
    echo $?)" "report=/bin/false: said to have failed, with its status ($err)"
"$cluster_sh" plugstack "$cdir" "$plugstack"
[ $failed -eq $before ] || _show "$d"

echo "1..$n"
[ $failed -eq 0 ]
