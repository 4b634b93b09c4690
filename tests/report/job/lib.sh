# Sourced by the report tests: where the program is, a scratch directory,
# TAP output, and writers of format-1 records.
report=$top_builddir/report/heapline-report
# --slurm-timeout where fake sacct and scontrol answer: the most it takes
# (an hour), no deadline in effect, since a fake answers when the machine
# lets it; a short one is given only where a fake never answers, and the
# deadline is what is tested.
NO_DEADLINE=3600
golden=$report_srcdir/golden
tmp=$(mktemp -d "${TMPDIR:-/tmp}/hl-report-test.XXXXXX")
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
n=0
failed=0

ok() {
    n=$((n + 1))
    echo "ok $n - $*"
}

not_ok() {
    n=$((n + 1))
    failed=1
    echo "not ok $n - $*"
}

# check WHAT COMMAND...: one TAP line for whether COMMAND succeeds.
check() {
    what=$1
    shift
    if "$@"; then ok "$what"; else not_ok "$what"; fi
}

# quiet WHAT STATUS WANT: one TAP line for whether the exit status STATUS
# is WANT and nothing was written on stderr ($tmp/err).
quiet() {
    if [ "$2" -eq "$3" ] && [ ! -s "$tmp/err" ]; then
        ok "$1"
    else
        not_ok "$1"
        echo "# exit status $2"
        sed 's/^/# stderr: /' "$tmp/err"
    fi
}

# same WHAT EXPECTED_FILE ACTUAL_FILE: exact equality, with the diff shown.
# same WHAT GOLDEN ACTUAL; HEAPLINE_UPDATE_GOLDEN=1 copies ACTUAL over
# GOLDEN first, for a change of the report's words (read the diff after).
same() {
    [ "${HEAPLINE_UPDATE_GOLDEN:-}" != 1 ] || cp "$3" "$2"
    if diff -u "$2" "$3" > "$tmp/diff"; then
        ok "$1"
    else
        not_ok "$1"
        sed 's/^/# /' "$tmp/diff"
    fi
}

# slurm_note [FILE]: the text report's Slurm note, its lines as printed
# (the paragraph from "Slurm:" to the next blank line or the end).
slurm_note() {
    sed -n '/^Slurm:/,/^$/{/^$/!p;}' "$@"
}

finish() {
    echo "1..$n"
    exit $failed
}

HEADER='rank,host,pid,job,elapsed_s,allocs,frees,peak_heap_bytes,peak_heap_time_s,live_heap_at_exit_bytes,vmhwm_bytes,vmrss_at_exit_bytes'

# record FILE RANK HOST PID JOB ELAPSED ALLOCS FREES PEAK PEAK_T LIVE VMHWM VMRSS
record() {
    file=$1
    shift
    mkdir -p "$(dirname "$file")"
    printf '# heapline 1\n%s\n%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n' \
        "$HEADER" "$@" > "$file"
}

# The tutorial's own record (tutorial.md section 3).
tutorial_record() {
    record "$1" -1 node01 17438 '' 0.015 4154 4125 302236152 0.007 409800 \
        11534336 10485760
}

MIB=1048576
GIB=1073741824

# Four ranks on two nodes, n2 and n10 (natural order puts n2 first): peaks
# of 100, 200, 300 and 400 MiB, so the median is 250 MiB and the
# imbalance 400 / 250 = 1.60. VmHWM 1, 2, 3, 4 GiB: n2 sums 3 GiB, n10 7 GiB.
four_ranks() {
    record "$1/r0.csv" 0 n2 100 "$2" 1.000 10 5 $((100 * MIB)) 0.250 0 \
        $((1 * GIB)) $((1 * GIB))
    record "$1/r1.csv" 1 n2 101 "$2" 2.000 10 5 $((200 * MIB)) 0.500 0 \
        $((2 * GIB)) $((2 * GIB))
    record "$1/r2.csv" 2 n10 102 "$2" 3.000 10 5 $((300 * MIB)) 1.250 0 \
        $((3 * GIB)) $((3 * GIB))
    record "$1/r3.csv" 3 n10 103 "$2" 4.049 10 5 $((400 * MIB)) 2.951 0 \
        $((4 * GIB)) $((4 * GIB))
}

# timeline_record FILE RANK HOST PID ELAPSED PEAK_MIB PEAK_T VMHWM_MIB START
#     POINTS [END]: a record with start_time_s and a timeline, its points
# given as "t_ms:heap_MiB:rss_MiB ..." (an empty rss stays empty); END,
# when given, makes it a provisional record ("unfinished").
timeline_record() {
    file=$1
    mkdir -p "$(dirname "$file")"
    points=$(echo "${10}" | ${AWK:-awk} -v mib=$MIB '{
        for (i = 1; i <= NF; i++) {
            split($i, f, ":")
            printf "%s%d:%.0f:%s", (i > 1 ? " " : ""), f[1], f[2] * mib,
                f[3] == "" ? "" : sprintf("%.0f", f[3] * mib)
        }
    }')
    {
        echo '# heapline 1'
        echo "$HEADER,start_time_s,timeline${11:+,end}"
        echo "$2,$3,$4,,$5,10,5,$(($6 * MIB)),$7,0,$(($8 * MIB)),$MIB,$9,$points${11:+,$11}"
    } > "$file"
}
