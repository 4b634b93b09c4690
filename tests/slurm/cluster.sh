#!/bin/bash
# A throw-away Slurm cluster for heapline's tests: munge, MariaDB, slurmdbd,
# slurmctld and two slurmd nodes (n1, n2) on this host, each slurmd in a UTS
# namespace of its node's name, all of it under one folder, started and
# stopped by pid. Needs root and Debian's packages (see tests/deps.sh); its
# Slurm is Debian's (22.05) or a build under a prefix (install-slurm.sh's
# 26.05). README.md says why it is built as it is.
#
# Interface (tests call these; nothing else is printed but errors):
#
#   cluster.sh start DIR [--cgroup[=v1|v2]] [--slurm=PREFIX]
#                        [--epilog-slurmctld=PROGRAM]
#       Bring up a cluster under DIR (created if missing, made 0755; any
#       earlier cluster files in it are replaced). Plain mode: proctrack/
#       linuxproc, task/none, jobacct_gather/linux. --cgroup: proctrack/cgroup,
#       task/cgroup, jobacct_gather/cgroup with ConstrainRAMSpace=yes, on
#       the machine's cgroup version (v1, or v2 where the memory controller
#       is on the unified hierarchy; v2 needs --slurm); =v1 or =v2 asks for
#       that one. --slurm: the Slurm installed under PREFIX (e.g.
#       /opt/slurm-26.05.3) instead of Debian's; its nodes each get a
#       munged, a mount namespace and, in cgroup mode, a cgroup tree of
#       their own, as one slurmd per host has. --epilog-slurmctld: slurm.conf's EpilogSlurmctld (slurmctld
#       22.05 runs it from slurmscriptd, which `scontrol reconfigure` does
#       not tell of a new one: it must be there at the start). Returns once
#       both nodes are idle. Exit 77 when not root, when a package, PREFIX
#       or, with --cgroup, the cgroup version's memory controller is
#       missing, or when HEAPLINE_TEST_CLUSTER=no is set (a package build's
#       tests); exit 1 with the failing daemon's log tail on stderr, leaving
#       nothing running.
#   cluster.sh stop DIR
#       Cancel the cluster's jobs, stop every daemon by its pid file, in
#       parallel, and kill any slurmstepd left. Idempotent; keeps DIR (logs).
#   cluster.sh env DIR
#       Print `export SLURM_CONF=DIR/slurm.conf`, for
#       `eval "$(cluster.sh env DIR)"`; srun, sbatch, salloc, sacct, scontrol
#       and sacctmgr then use this cluster. Jobs inherit SLURM_CONF. (Also
#       PATH with PREFIX/bin and PREFIX/sbin first for a --slurm cluster, and
#       OMPI_MCA_btl=self,tcp where the nodes must share the host name.)
#   cluster.sh on DIR NODE CMD...
#       Run CMD as on NODE: in its slurmd's namespaces (host name, and with
#       --slurm its mounts and cgroup namespace, so /sys/fs/cgroup is the
#       node's tree as its tasks see it), but not in its cgroups. CMD's exit
#       status and output are returned.
#   cluster.sh plugstack DIR [LINE...]
#       Replace DIR/plugstack.conf (the cluster's PlugStackConfig) by LINEs,
#       one per argument; none leaves it empty. srun and slurmstepd read it at
#       each step, so no restart is needed.
#   cluster.sh add-user DIR NAME
#       Create Unix user NAME if missing (system user, no home) and its
#       accounting association (account root); checks NAME can read the
#       cluster's config, i.e. DIR's parents are searchable by others.
#   cluster.sh wait-sacct DIR JOB.STEP
#       Wait (as long as it takes) until sacct holds the end record of the
#       step with its usage figures, then print
#       `JobID|State|MaxRSS|MaxRSSNode|MaxRSSTask` (MaxRSS as sacct prints
#       it, e.g. 159856K). Exit 1 at once if neither sacct nor slurmctld
#       knows the job. (An end record can come before its figures: see
#       below.)
#   cluster.sh slurmdbd DIR stop|start|pause|resume
#       Stop slurmdbd (SIGTERM, waiting for its end: down, connections
#       refused), start it again (returns once it answers), pause it
#       (SIGSTOP: connections accepted, nothing answered) or resume it.
#       For the tests of a step's end without the accounting database.
#   cluster.sh logs DIR
#       Print the tail of every daemon log to stderr (for failing tests).
#
# Inside DIR: slurm.conf, slurmdbd.conf, cgroup.conf (--cgroup), plugstack.conf,
# slurm-prefix (--slurm's PREFIX, empty for Debian's), run/*.pid,
# run/cgroups-NODE (the node's own cgroups, --slurm), log/*.log, state/,
# spool-n1/, spool-n2/, tmp-n1/, tmp-n2/ (TmpFS, 1777), munge/ (own munged's
# key and socket, and with --slurm each node's, sock-NODE), db/ (own
# MariaDB, socket only). Outside it: $HEAPLINE_CLUSTER_CACHE
# (/var/cache/heapline-cluster), the MariaDB data folder each start copies.
# Each cluster has its own ports, picked free under a lock, and its own range
# of job ids, so clusters of concurrent test runs do not meet, not even in
# the cgroup tree (slurm_n1/uid_0/job_<id>).
set -u

readonly NODES="n1 n2"
readonly CLUSTER=heapline
readonly SYSTEM_PATH=/usr/sbin:/usr/bin:/sbin:/bin
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
# The v1 controllers Slurm's cgroup plugins use, where a --slurm node gets
# a cgroup of its own.
readonly V1_CONTROLLERS="memory freezer cpuacct cpuset devices"

_die() {
    echo "cluster.sh: $*" >&2
    exit 1
}

_skip() {
    echo "cluster.sh: skipped: $*" >&2
    exit 77
}

_usage() {
    sed -n '/^# Interface/,/^# Inside/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
}

# --- helpers ---------------------------------------------------------------

_require_packages() {
    [ "${HEAPLINE_TEST_CLUSTER:-}" != no ] ||
        _skip "HEAPLINE_TEST_CLUSTER=no: no cluster started"
    [ "$(id -u)" = 0 ] || _skip "needs root (daemons run as root)"
    local cmd
    [ -z "$prefix" ] || [ -x "$prefix/sbin/slurmd" ] ||
        _skip "no Slurm under $prefix (tests/slurm/install-slurm.sh installs 26.05)"
    for cmd in munged munge unmunge mungekey mariadbd mariadb-install-db mariadb \
        mariadb-admin slurmdbd slurmctld slurmd sacctmgr scontrol sinfo \
        squeue scancel srun sacct flock unshare nsenter; do
        command -v "$cmd" > /dev/null 2>&1 || _skip "$cmd not installed"
    done
    [ -f "$plugin_dir/accounting_storage_mysql.so" ] ||
        _skip "slurmdbd's MySQL plugin not installed"
}

# The Slurm of this cluster: Debian's, or the one under the prefix that
# start was given (kept in DIR/slurm-prefix for the other commands).
_use_slurm() { # PREFIX (empty: Debian's)
    prefix=$1
    if [ -n "$prefix" ]; then
        plugin_dir=$prefix/lib/slurm
        daemon_path=$prefix/sbin:$prefix/bin:$SYSTEM_PATH
        PATH=$prefix/bin:$prefix/sbin:$PATH
    else
        plugin_dir=/usr/lib/x86_64-linux-gnu/slurm-wlm
        daemon_path=$SYSTEM_PATH
    fi
}

# The machine's cgroup version for --cgroup: 1 where the memory controller
# is a v1 hierarchy, 2 where it is on the unified one at /sys/fs/cgroup.
_machine_cgroup_version() {
    if [ -e /sys/fs/cgroup/memory/cgroup.procs ]; then
        echo 1
    elif grep -qw memory /sys/fs/cgroup/cgroup.controllers 2> /dev/null; then
        echo 2
    fi
}

# Daemons get a clean environment: nothing of the test's (LD_PRELOAD,
# HEAPLINE_*) leaks into slurmd and so into slurmstepd. The marker variable
# finds our slurmstepd processes at stop; tests never carry it. Neither do
# they keep any descriptor of ours open beyond 0-2 (the port lock, a test
# harness's pipes, which would then never see end of file). Run in a
# subshell: it becomes the daemon.
#
# SLURMSTEPD_OOM_ADJ (read by slurmstepd, Slurm's own knob): -1000, which
# the OOM killer never picks, in place of Slurm's -999. On cgroup v2 a
# step's slurmstepd is in the job's cgroup, under its memory.max: when a
# task is OOM-killed, a second OOM that comes before the kernel has
# uncharged the victim's memory finds slurmstepd alone there and killed
# it, and srun then waited for the step forever (seen in the guest, under
# TCG, 85 ms after the task's kill). With -1000 the allocation that found
# no room fails instead, and the step ends as an OOM kill.
_daemon() {
    local fd
    for fd in "/proc/$BASHPID/fd/"*; do
        fd=${fd##*/}
        [ "$fd" -gt 2 ] && eval "exec $fd>&-"
    done
    exec env -i PATH="$daemon_path" SLURM_CONF="$dir/slurm.conf" \
        HEAPLINE_CLUSTER_DAEMON="$dir" MYSQL_UNIX_PORT="$dir/db/sock" \
        SLURMSTEPD_OOM_ADJ=-1000 "$@" < /dev/null
}

_running() { # PID: alive and not a zombie (PID 1 may not reap them)
    local stat
    read -r stat 2> /dev/null < "/proc/$1/stat" || return 1
    stat=${stat##*) }
    [ "${stat%% *}" != Z ]
}

_is_ours() { # PID: alive and started by this cluster
    grep -qzxF "HEAPLINE_CLUSTER_DAEMON=$dir" "/proc/$1/environ" 2> /dev/null
}

_ours() { # pids of every live daemon or slurmstepd started by this cluster
    local name pid
    for name in munged mariadbd slurmdbd slurmctld slurmd slurmstepd; do
        for pid in $(pgrep -x "$name"); do
            _is_ours "$pid" && echo "$pid"
        done
    done
}

# The lines that name an error first (mariadb-install-db, for one, ends
# its log with 25 lines of advice after the error that made it fail),
# then the last lines.
_tail_logs() {
    local f
    for f in "$@"; do
        [ -s "$f" ] || continue
        echo "==> $f <==" >&2
        grep -i -m 20 -e error -e fail -e denied -e 'no space' "$f" |
            sed 's/^/[error] /' >&2
        tail -n 25 "$f" >&2
    done
}

_fail() { # MESSAGE LOG...: report, tear down what started, exit 1
    local msg=$1
    shift
    echo "cluster.sh: start $dir: $msg" >&2
    _tail_logs "$@"
    _stop_all > /dev/null 2>&1
    exit 1
}

_wait_for() { # CMD...: poll CMD until it succeeds, while every daemon
    # whose pid file is listed in $watch stays alive, as long as it takes:
    # a loaded machine starts a daemon late, and a hang is CI's to catch
    local f pid
    until "$@" > "$dir/log/poll.out" 2>&1; do
        for f in $watch; do
            [ -s "$dir/run/$f.pid" ] || continue
            read -r pid < "$dir/run/$f.pid"
            _running "$pid" ||
                _fail "$f died" "$dir/log/$f.out" "$dir/log/$f.log"
        done
        sleep 0.1
    done
}

_used_ports() {
    local _sl local_addr _rest
    cat /proc/net/tcp /proc/net/tcp6 2> /dev/null |
        while read -r _sl local_addr _rest; do
            case $local_addr in *:*) echo $((16#${local_addr##*:})) ;; esac
        done
}

# Four consecutive free ports below the ephemeral range: slurmctld, slurmdbd,
# n1, n2. The caller holds the lock until the daemons have bound them.
_pick_ports() {
    local used base p
    used=" $(_used_ports | sort -un | tr '\n' ' ') "
    for _ in $(seq 200); do
        base=$((20000 + (RANDOM % 3000) * 4))
        for p in $base $((base + 1)) $((base + 2)) $((base + 3)); do
            case $used in *" $p "*) continue 2 ;; esac
        done
        echo "$base"
        return
    done
    _die "no four free ports found"
}

# --- configuration -----------------------------------------------------------

# cgroup.conf. CgroupAutomount (22.05) is gone in later releases, which
# mount nothing. On v2 there is no systemd to ask for a scope
# (IgnoreSystemd: slurmd makes its tree itself, under the node's own
# cgroup), and the controllers are enabled down the tree by slurmd
# (EnableControllers), as a delegated service's would be by systemd. The
# job's cgroup keeps 26.05's default name, the job's SLUID (not job_<id>,
# which CgroupJobIdPaths=yes would bring back): what sites see.
_write_cgroup_conf() {
    if [ "$cgroup_version" = 2 ]; then
        cat > "$dir/cgroup.conf" << EOF
CgroupPlugin=cgroup/v2
IgnoreSystemd=yes
EnableControllers=yes
ConstrainRAMSpace=yes
EOF
    elif [ -n "$prefix" ]; then
        cat > "$dir/cgroup.conf" << EOF
CgroupPlugin=cgroup/v1
ConstrainRAMSpace=yes
EOF
    else
        cat > "$dir/cgroup.conf" << EOF
CgroupPlugin=cgroup/v1
CgroupAutomount=yes
ConstrainRAMSpace=yes
EOF
    fi
}

_write_confs() {
    local host node_host mode_lines node port
    host=$(hostname)
    node_host=$host # or, with a UTS namespace per node, the node's name
    if [ "$cgroup" = 1 ]; then
        mode_lines="ProctrackType=proctrack/cgroup
TaskPlugin=task/cgroup
JobAcctGatherType=jobacct_gather/cgroup"
        _write_cgroup_conf
    else
        mode_lines="ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/linux"
    fi
    # FirstJobId follows the port block, so concurrent clusters never share
    # a job id (and so never a cgroup job_<id>) while each runs < 1000 jobs.
    cat > "$dir/slurm.conf" << EOF
# Written by tests/slurm/cluster.sh; $([ "$cgroup" = 1 ] && echo "cgroup v$cgroup_version" || echo plain) mode, Slurm ${prefix:-of Debian}.
ClusterName=$CLUSTER
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$base
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/sock
CredType=cred/munge
FirstJobId=$(((base - 19000) * 250))
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool-%n
TmpFS=$dir/tmp-%n
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd-%n.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd-%n.log
SlurmctldDebug=info
SlurmdDebug=info
PlugStackConfig=$dir/plugstack.conf
${epilog_ctld:+EpilogSlurmctld=$epilog_ctld
}$mode_lines
JobAcctGatherFrequency=task=1
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
MpiDefault=none
ReturnToService=2
SlurmdParameters=config_overrides
KillWait=2
InactiveLimit=0
MailProg=/bin/true
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=localhost
AccountingStoragePort=$((base + 1))
AccountingStoragePass=$dir/munge/sock
EOF
    port=$((base + 2))
    for node in $NODES; do
        [ "$uts" = 1 ] && node_host=$node
        echo "NodeName=$node NodeHostname=$node_host NodeAddr=127.0.0.1" \
            "Port=$port CPUs=2 RealMemory=8000 State=UNKNOWN" >> "$dir/slurm.conf"
        port=$((port + 1))
    done
    echo "PartitionName=debug Nodes=${NODES// /,} Default=YES MaxTime=INFINITE State=UP" \
        >> "$dir/slurm.conf"

    # slurmdbd finds slurmdbd.conf beside SLURM_CONF; it must be SlurmUser's
    # and 0600. MariaDB is reached by its socket (MYSQL_UNIX_PORT).
    (umask 077 && cat > "$dir/slurmdbd.conf") << EOF
AuthType=auth/munge
AuthInfo=socket=$dir/munge/sock
DbdHost=localhost
DbdPort=$((base + 1))
SlurmUser=root
LogFile=$dir/log/slurmdbd.log
PidFile=$dir/run/slurmdbd.pid
StorageType=accounting_storage/mysql
StorageHost=localhost
StorageUser=slurm
StoragePass=heapline
StorageLoc=slurm_acct_db
EOF
    : > "$dir/plugstack.conf"
}

# --- daemons -------------------------------------------------------------------

# munged of our own, with its own key, on its own socket, so no cluster
# depends on another's (or on a system) munged, and stop leaves nothing
# behind.
#
# A --slurm cluster's nodes have a munged each too (same key), as separate
# hosts have: munged refuses to decode a credential twice, and Slurm built
# without multiple-slurmd support takes that replay, when n1 and n2 decode
# one job credential or one forwarded message, as an attack (the launch
# fails). Each node's mount namespace puts its munged's socket where
# slurm.conf's AuthInfo says.
_start_munge() {
    local m=$dir/munge name sock
    install -d -m 0755 "$m"
    mungekey --create --keyfile="$m/key" > "$dir/log/munged.out" 2>&1 ||
        _fail "mungekey failed" "$dir/log/munged.out"
    watch=
    # shellcheck disable=SC2086 # one node per word
    for name in munged ${node_ns:+$(printf ' munged-%s' $NODES)}; do
        [ "$name" = munged ] && sock=$m/sock || sock=$m/sock-${name#munged-}
        (_daemon munged --socket="$sock" --key-file="$m/key" \
            --pid-file="$dir/run/$name.pid" --log-file="$dir/log/$name.log" \
            --seed-file="$m/seed-$name" --num-threads=10) >> "$dir/log/$name.out" 2>&1 ||
            _fail "$name failed" "$dir/log/$name.out" "$dir/log/$name.log"
        watch="$watch $name"
        _wait_for sh -c "munge -n -S '$sock' | unmunge -S '$sock'"
    done
}

readonly DB_OPTS="--innodb-log-file-size=8M --innodb-buffer-pool-size=32M
--innodb-flush-log-at-trx-commit=0 --skip-innodb-doublewrite"

# The data folder that mariadb-install-db makes, made once per machine (per
# MariaDB and DB_OPTS) and copied by each start: the copy of a stopped
# server's folder is one it can start from, and takes a fraction of the
# install's 2 s (8 s in the TCG guest, twice a boot). Prints its folder.
_mariadb_template() {
    local cache=${HEAPLINE_CLUSTER_CACHE:-/var/cache/heapline-cluster} key t old
    key=$({ mariadbd --version && echo "$DB_OPTS"; } | sha256sum | cut -c1-16)
    t=$cache/mariadb-$key
    if [ ! -d "$t/data" ]; then
        mkdir -p "$cache" || _fail "cannot create $cache"
        exec 7> "$cache/.lock"
        flock 7 # one install at a time; the others then find it made
        if [ ! -d "$t/data" ]; then
            rm -rf "$t.new"
            # A temporary folder of its own: a MariaDB server that starts
            # deletes every #sql* file in its tmpdir, left by a crash as it
            # thinks, and so took the temporary tables of another
            # cluster's mariadb-install-db in /tmp when two started at
            # once ("Error on delete of '/tmp/#sql-temptable-6768-1-1e.MAI'").
            mkdir -p "$t.new/tmp"
            # shellcheck disable=SC2086 # DB_OPTS is a list of options
            mariadb-install-db --no-defaults --user=root \
                --datadir="$t.new/data" --tmpdir="$t.new/tmp" \
                --auth-root-authentication-method=socket --skip-test-db \
                $DB_OPTS > "$dir/log/mariadb-install.log" 2>&1 ||
                _fail "mariadb-install-db failed" "$dir/log/mariadb-install.log"
            for old in "$cache"/mariadb-*/; do
                [ "${old%/}" = "$t.new" ] || rm -rf "$old"
            done
            mv "$t.new" "$t"
        fi
        exec 7>&-
    fi
    echo "$t"
}

_start_mariadb() {
    local d=$dir/db t
    t=$(_mariadb_template) || exit 1
    # tmpdir: see _mariadb_template.
    mkdir -p "$d/tmp"
    cp -a "$t/data" "$d/data" || _fail "cannot copy $t/data to $d"
    # shellcheck disable=SC2086
    (_daemon mariadbd --no-defaults --user=root --datadir="$d/data" \
        --tmpdir="$d/tmp" \
        --socket="$d/sock" --pid-file="$dir/run/mariadbd.pid" \
        --log-error="$dir/log/mariadbd.log" --skip-networking $DB_OPTS) \
        > "$dir/log/mariadbd.out" 2>&1 &
    watch=mariadbd
    _wait_for mariadb-admin --no-defaults -S "$d/sock" ping
    mariadb --no-defaults -S "$d/sock" -e "
        CREATE DATABASE slurm_acct_db;
        CREATE USER 'slurm'@'localhost' IDENTIFIED BY 'heapline';
        GRANT ALL ON slurm_acct_db.* TO 'slurm'@'localhost';" \
        > "$dir/log/mariadb-setup.log" 2>&1 ||
        _fail "creating the accounting database failed" \
            "$dir/log/mariadb-setup.log"
}

_start_slurmdbd() {
    (_daemon slurmdbd) > "$dir/log/slurmdbd.out" 2>&1 ||
        _fail "slurmdbd failed" "$dir/log/slurmdbd.out" "$dir/log/slurmdbd.log"
    # Its first start creates the schema; the cluster can be added after.
    watch=slurmdbd
    _wait_for _sacctmgr -i add cluster "$CLUSTER"
}

_sacctmgr() {
    SLURM_CONF=$dir/slurm.conf sacctmgr "$@"
}

_nodes_idle() {
    local states
    states=$(SLURM_CONF=$dir/slurm.conf sinfo -h -N -o '%N %T' | sort -u)
    [ "$states" = "$(for n in $NODES; do echo "$n idle"; done)" ]
}

# Each slurmd gets its own UTS namespace, named after its node, where the
# kernel allows: then `hostname` differs per node as on a real cluster, and
# Open MPI, which names its shared-memory segments by host name and local
# rank, no longer has n1's and n2's ranks unlink each other's segments.
_start_slurmd() { # NODE
    if [ -n "$node_ns" ]; then
        : > "$dir/run/cgroups-$1"
        [ "$cgroup" = 0 ] || _node_cgroups "$1" > "$dir/run/cgroups-$1" ||
            _fail "cannot make $1's own cgroups" "$dir/run/cgroups-$1"
        (_daemon "$self" _node-launch "$dir" "$1")
    elif [ "$uts" = 1 ]; then
        # shellcheck disable=SC2016 # expanded by that sh
        (_daemon unshare --uts sh -c 'hostname "$0" && exec slurmd -N "$0" -f "$1"' \
            "$1" "$dir/slurm.conf")
    else
        (_daemon slurmd -N "$1" -f "$dir/slurm.conf")
    fi
}

# A --slurm node in cgroup mode gets a cgroup tree of its own, as one
# slurmd per host has. Slurm built without multiple-slurmd support (the
# default, and install-slurm.sh's 26.05) puts every slurmd of a host in one
# tree (v1: memory/slurm/uid_0/job_J; v2: system.slice/slurmstepd.scope),
# where n1's and n2's parts of a job would be one cgroup. So each node gets
# a cgroup below ours (v1: in each controller; v2: below the root, since a
# v2 cgroup with processes cannot have children with controllers), a cgroup
# namespace rooted there, and a mount namespace where /sys/fs/cgroup shows
# that root: slurmd finds a hierarchy of its own, as in a container, and
# lays it out as on a host of its own (26.05's cgroup/v2 moves itself off
# such a "false root" with IgnoreSystemd).
_node_cgroups() { # NODE: make them; print "CONTROLLERS PATH" per line
    local name=heapline-$base-$1 _n ctrls own d c
    if [ "$cgroup_version" = 2 ]; then
        mkdir "/sys/fs/cgroup/$name" && echo "unified /sys/fs/cgroup/$name"
        return
    fi
    while IFS=: read -r _n ctrls own; do
        for c in ${ctrls//,/ }; do
            case " $V1_CONTROLLERS " in *" $c "*) ;; *) continue ;; esac
            d=/sys/fs/cgroup/$ctrls${own%/}/$name
            mkdir "$d" || return 1
            # A v1 cpuset takes no task before it has CPUs and memory nodes.
            if [ -e "$d/cpuset.cpus" ]; then
                cat "${d%/*}/cpuset.cpus" > "$d/cpuset.cpus" &&
                    cat "${d%/*}/cpuset.mems" > "$d/cpuset.mems" || return 1
            fi
            echo "$ctrls $d"
            break
        done
    done < /proc/self/cgroup
}

# Run as the daemon (cluster.sh _node-launch DIR NODE): join the node's
# cgroups, then its new namespaces, where _node-inside mounts its tree.
_cmd_node_launch() { # NODE
    local _c d
    while read -r _c d; do
        echo $$ > "$d/cgroup.procs" || exit 1
    done < "$dir/run/cgroups-$1"
    exec unshare --mount --cgroup --uts --propagation slave \
        "$self" _node-inside "$dir" "$1"
}

_cmd_node_inside() { # NODE
    local ctrls _d c tmpfs=0
    while read -r ctrls _d; do
        if [ "$ctrls" = unified ]; then
            # (in this mount namespace only)
            umount /sys/fs/cgroup && mount -t cgroup2 cgroup2 /sys/fs/cgroup || exit 1
            continue
        fi
        if [ $tmpfs = 0 ]; then
            mount -t tmpfs -o mode=0755 cgroup /sys/fs/cgroup || exit 1
            tmpfs=1
        fi
        mkdir "/sys/fs/cgroup/$ctrls" &&
            mount -t cgroup -o "$ctrls" cgroup "/sys/fs/cgroup/$ctrls" || exit 1
        for c in ${ctrls//,/ }; do
            [ -e "/sys/fs/cgroup/$c" ] || ln -s "$ctrls" "/sys/fs/cgroup/$c"
        done
    done < "$dir/run/cgroups-$1"
    mount --bind "$dir/munge/sock-$1" "$dir/munge/sock" &&
        hostname "$1" && exec slurmd -N "$1" -f "$dir/slurm.conf"
}

_start_slurm() {
    local node
    (_daemon slurmctld -f "$dir/slurm.conf") > "$dir/log/slurmctld.out" 2>&1 ||
        _fail "slurmctld failed" "$dir/log/slurmctld.out" "$dir/log/slurmctld.log"
    watch=slurmctld
    _wait_for env SLURM_CONF="$dir/slurm.conf" scontrol ping
    for node in $NODES; do
        _start_slurmd "$node" > "$dir/log/slurmd-$node.out" 2>&1 ||
            _fail "slurmd $node failed" "$dir/log/slurmd-$node.out" \
                "$dir/log/slurmd-$node.log"
    done
    watch="slurmctld slurmd-${NODES// / slurmd-}"
    _wait_for _nodes_idle
}

# --- commands --------------------------------------------------------------------

_cmd_start() {
    _require_packages
    if [ "$cgroup" = 1 ]; then
        cgroup_version=$(_machine_cgroup_version)
        [ -n "$cgroup_version" ] ||
            _skip "--cgroup needs a memory controller (cgroup v1 or v2)"
        [ -z "$want_cgroup" ] || [ "$want_cgroup" = "$cgroup_version" ] ||
            _skip "--cgroup=v$want_cgroup: the memory controller here is on cgroup v$cgroup_version"
        [ "$cgroup_version" = 1 ] || [ -n "$prefix" ] ||
            _skip "cgroup v2 needs --slurm (Debian's Slurm 22.05 asks systemd for its cgroups)"
    fi
    unshare --uts true 2> /dev/null && uts=1
    # Without multiple-slurmd support each node needs a host name, and
    # namespaces of its own.
    if [ -n "$prefix" ]; then
        unshare --mount --cgroup --uts true 2> /dev/null ||
            _skip "--slurm needs unshare --mount --cgroup --uts (nodes as hosts of their own)"
        node_ns=1
    fi
    mkdir -p "$dir" || _die "cannot create $dir"
    [ -z "$(_ours)" ] || _die "a cluster already runs in $dir; stop it first"
    rm -rf "$dir"/{run,log,state,munge,db} "$dir"/spool-* "$dir"/tmp-* \
        "$dir"/{slurm,slurmdbd,cgroup,plugstack}.conf "$dir/slurm-prefix"
    chmod 0755 "$dir"
    mkdir -p "$dir/run" "$dir/log" "$dir/state"
    echo "$prefix" > "$dir/slurm-prefix"
    local node
    for node in $NODES; do
        mkdir -p "$dir/spool-$node"
        install -d -m 1777 "$dir/tmp-$node"
    done

    _start_munge
    _start_mariadb
    # The ports are free when picked; the lock keeps a concurrent start from
    # picking them too until our daemons have bound them.
    exec 9> /tmp/heapline-cluster-start.lock # one for all, whatever TMPDIR
    flock 9
    base=$(_pick_ports) || exit 1
    _write_confs
    _start_slurmdbd
    _start_slurm
    exec 9>&-
}

# Stop: cancel jobs so their steps end cleanly, then TERM every daemon in
# parallel, KILL what outlives 15 s, and last any stray slurmstepd; return
# once none is left, however long a loaded machine takes to end them.
_stop_all() {
    local jobs f pid i
    [ -d "$dir/run" ] || return 0
    if [ -f "$dir/slurm.conf" ] && _pid_alive "$dir/run/slurmctld.pid"; then
        jobs=$(SLURM_CONF=$dir/slurm.conf timeout 10 squeue -h -o %A 2> /dev/null)
        if [ -n "$jobs" ]; then
            # shellcheck disable=SC2086 # one id per word
            SLURM_CONF=$dir/slurm.conf timeout 10 scancel $jobs 2> /dev/null
            for ((i = 0; i < 100; i++)); do
                _stepds > /dev/null || break
                sleep 0.1
            done
        fi
    fi
    for f in "$dir"/run/*.pid; do
        [ -s "$f" ] || continue
        read -r pid < "$f"
        _is_ours "$pid" && _stop_pid "$pid" &
    done
    wait
    for pid in $(_ours); do kill -KILL "$pid" 2> /dev/null; done
    while [ -n "$(_ours)" ]; do sleep 0.1; done
    _remove_node_cgroups
    return 0
}

# The nodes' own cgroups (--slurm, cgroup mode), once nothing is left in
# them: Slurm removes its job cgroups, not its top ones.
_remove_node_cgroups() {
    local f i _c d
    for f in "$dir"/run/cgroups-*; do
        [ -f "$f" ] || continue
        for ((i = 0; i < 50; i++)); do
            [ -z "$(_ours)" ] && break
            sleep 0.1
        done
        while read -r _c d; do
            [ -d "$d" ] && find "$d" -depth -type d -exec rmdir {} + 2> /dev/null
        done < "$f"
        rm -f "$f"
    done
}

_stepds() { # prints our slurmstepd pids; false if none
    local pid found=1
    for pid in $(pgrep -x slurmstepd); do
        _is_ours "$pid" && echo "$pid" && found=0
    done
    return $found
}

_pid_alive() {
    local pid
    [ -s "$1" ] && read -r pid < "$1" && _is_ours "$pid"
}

_stop_pid() { # PID: TERM, KILL if it outlives 15 s; returns once it is gone
    local i
    kill -TERM "$1" 2> /dev/null || return 0
    for ((i = 0; i < 150; i++)); do
        _is_ours "$1" || return 0
        sleep 0.1
    done
    kill -KILL "$1" 2> /dev/null
    while _is_ours "$1"; do sleep 0.1; done
}

_cmd_env() {
    [ -f "$dir/slurm.conf" ] || _die "no cluster in $dir"
    printf "export SLURM_CONF='%s'\n" "$dir/slurm.conf"
    [ -z "$prefix" ] ||
        printf "export PATH='%s/bin:%s/sbin':\"\$PATH\"\n" "$prefix" "$prefix"
    # Where the nodes share the host name (no UTS namespace), Open MPI's
    # shared-memory segments of n1 and n2 collide and a step hangs: keep
    # Open MPI to TCP then.
    grep -q "^NodeName=n1 NodeHostname=n1 " "$dir/slurm.conf" ||
        echo "export OMPI_MCA_btl=self,tcp"
}

_cmd_plugstack() {
    [ -f "$dir/slurm.conf" ] || _die "no cluster in $dir"
    if [ $# -gt 0 ]; then printf '%s\n' "$@"; fi > "$dir/plugstack.conf.new" &&
        chmod 0644 "$dir/plugstack.conf.new" &&
        mv "$dir/plugstack.conf.new" "$dir/plugstack.conf"
}

_cmd_add_user() {
    local name=$1 out
    [ -f "$dir/slurm.conf" ] || _die "no cluster in $dir"
    id -u "$name" > /dev/null 2>&1 ||
        useradd --system --no-create-home --shell /bin/sh "$name" ||
        _die "cannot create user $name"
    out=$(_sacctmgr -i add user "$name" account=root 2>&1) ||
        case $out in *"Nothing new added"* | *"already exists"*) ;;
        *) _die "sacctmgr add user $name: $out" ;; esac
    runuser -u "$name" -- test -r "$dir/slurm.conf" ||
        _die "user $name cannot read $dir/slurm.conf: make DIR's parents searchable (chmod o+x)"
}

# The step's record turns final (COMPLETED...) when the job ends, which can
# be before slurmstepd's own step-complete message brings the usage figures
# (MaxRSS, TRESUsageInTot): seen under load, the first record said COMPLETED
# with an empty MaxRSS. So wait for the usage too, which every step's end
# brings (a step too short to be sampled has energy=0 there).
_cmd_wait_sacct() {
    local step=$1 line
    while :; do
        line=$(SLURM_CONF=$dir/slurm.conf sacct -j "$step" -P -n \
            -o JobID,State,MaxRSS,MaxRSSNode,MaxRSSTask,TRESUsageInTot \
            2> /dev/null | awk -F'|' -v s="$step" '$1 == s')
        case $line in
        "")
            SLURM_CONF=$dir/slurm.conf scontrol show job -o "${step%%.*}" \
                > /dev/null 2>&1 || {
                echo "cluster.sh: no job ${step%%.*}, in sacct or slurmctld" >&2
                return 1
            }
            ;;
        *"|RUNNING|"* | *"|PENDING|"* | *"|REQUEUED|"* | *"|") ;;
        *)
            echo "${line%|*}"
            return 0
            ;;
        esac
        sleep 0.1
    done
}

_cmd_slurmdbd() {
    local pid
    [ -f "$dir/slurm.conf" ] || _die "no cluster in $dir"
    case $1 in
    start)
        (_daemon slurmdbd) >> "$dir/log/slurmdbd.out" 2>&1 ||
            _die "slurmdbd failed to start"
        watch=slurmdbd
        _wait_for _sacctmgr -n list cluster "$CLUSTER"
        ;;
    stop | pause | resume)
        _pid_alive "$dir/run/slurmdbd.pid" || _die "no slurmdbd running"
        read -r pid < "$dir/run/slurmdbd.pid"
        case $1 in
        stop) _stop_pid "$pid" ;;
        pause) kill -STOP "$pid" ;;
        resume) kill -CONT "$pid" ;;
        esac
        ;;
    *) _usage ;;
    esac
}

_cmd_logs() {
    _tail_logs "$dir"/log/*.log
}

_cmd_on() { # NODE CMD...
    local node=$1 pid ns opts=
    shift
    _pid_alive "$dir/run/slurmd-$node.pid" || _die "no slurmd $node running in $dir"
    read -r pid < "$dir/run/slurmd-$node.pid"
    for ns in uts:--uts mnt:--mount cgroup:--cgroup; do
        [ "$(readlink "/proc/$pid/ns/${ns%:*}")" = "$(readlink "/proc/self/ns/${ns%:*}")" ] ||
            opts="$opts ${ns#*:}"
    done
    # shellcheck disable=SC2086 # one option per word
    exec nsenter --target "$pid" $opts -- "$@"
}

[ $# -ge 2 ] || _usage
cmd=$1
case $2 in /*) dir=$2 ;; *) dir=$PWD/$2 ;; esac
dir=${dir%/}
# Paths go unquoted into slurm.conf, and unix sockets (munge, MariaDB,
# slurmstepd's in the spool, PMIx's in TmpFS) must fit in 108 bytes.
case $dir in *[[:space:]]*) _die "DIR must not hold spaces: $dir" ;; esac
[ ${#dir} -le 64 ] || _die "DIR is too long for unix sockets (over 64 characters): $dir"
shift 2
cgroup=0
cgroup_version=
want_cgroup=
node_ns=
epilog_ctld=
base=
watch=
uts=0
prefix=
plugin_dir=
daemon_path=
if [ "$cmd" != start ] && [ -f "$dir/slurm-prefix" ]; then
    _use_slurm "$(cat "$dir/slurm-prefix")"
else
    _use_slurm ""
fi
case $cmd in
start)
    for arg in "$@"; do
        case $arg in
        --cgroup) cgroup=1 ;;
        --cgroup=v1 | --cgroup=v2) cgroup=1 want_cgroup=${arg#*=v} ;;
        --slurm=/*) _use_slurm "${arg#*=}" ;;
        --epilog-slurmctld=/*) epilog_ctld=${arg#*=} ;;
        *) _usage ;;
        esac
    done
    _cmd_start
    ;;
_node-launch) _cmd_node_launch "$1" ;;
_node-inside) _cmd_node_inside "$1" ;;
on) [ $# -ge 2 ] || _usage && _cmd_on "$@" ;;
stop) _stop_all ;;
env) _cmd_env ;;
plugstack) _cmd_plugstack "$@" ;;
add-user) [ $# = 1 ] || _usage && _cmd_add_user "$1" ;;
wait-sacct) [ $# = 1 ] || _usage && _cmd_wait_sacct "$1" ;;
slurmdbd) [ $# = 1 ] || _usage && _cmd_slurmdbd "$1" ;;
logs) _cmd_logs ;;
*) _usage ;;
esac
