#!/bin/bash
# A virtual machine where the memory controller is on cgroup v2, for the
# tests of Slurm's cgroup/v2 (this host's memory controller is a v1
# hierarchy that other processes live in: it is left alone). Debian's
# qemu-system-x86 (KVM where /dev/kvm is there and runs it, else TCG)
# boots Debian 12's kernel with cgroup_no_v1=all on a root file system of
# Debian's packages
# with Slurm 26.05 (guest-image.sh builds it once per machine; guest-init.sh
# is its PID 1, no systemd). The guest has only its loopback and qemu's
# user-mode network, restricted to the one port forwarded from this host's
# loopback to its sshd; the host's folders it needs (the build tree) are
# shared at the same paths (virtio-9p), so the tests run what the host
# built.
#
# Interface:
#
#   guest.sh build
#       Build the image unless it is there; print its folder. The image is
#       kept in $HEAPLINE_GUEST_CACHE (/var/cache/heapline-guest), under a
#       hash of guest-image.sh, guest-init.sh and the Slurm build, so that
#       a change to any of them builds it anew (the old one is removed).
#   guest.sh start RUN [PATH...]
#       Boot a guest (its state in folder RUN: pid, port, console.log), with
#       each PATH (default: the checkout this script is in) shared at the
#       same path; return once it answers. Its disk is a snapshot: nothing
#       a run writes is kept.
#   guest.sh run RUN CMD...
#       Run CMD in the guest as root (in the current folder where the guest
#       has it) and return its output and exit status; standard input is
#       passed on.
#   guest.sh stop RUN
#       Power the guest off (killed after 10 s). Idempotent; keeps RUN.
#   guest.sh console RUN
#       Print the tail of the guest's console (kernel and init) to stderr.
#
# build and start exit 77 (the reason on stderr) where a guest cannot be
# had: not root, qemu, mmdebstrap or the Slurm build missing (tests/deps.sh,
# install-slurm.sh's shared folder), or HEAPLINE_TEST_GUEST=no or
# HEAPLINE_TEST_CLUSTER=no (a package build's tests) in the environment.
set -u

here=$(cd "$(dirname "$0")" && pwd)
readonly VERSION=26.05.3
cache=${HEAPLINE_GUEST_CACHE:-/var/cache/heapline-guest}
shared=${HEAPLINE_SHARED_SLURM:-$here/../../../shared/slurm}
tarball=$shared/slurm-$VERSION-debian12-x86_64.tar.xz
readonly MEMORY=2048
# The CPU seconds a guest under KVM may use before it says it is ready
# (guest-init.sh), past which KVM is taken for one that cannot run it: a
# kernel that KVM runs boots in a few seconds of CPU, and CPU time, unlike
# the clock, is the guest's own work whatever the machine's load.
readonly KVM_BOOT_CPU_S=60

_die() {
    echo "guest.sh: $*" >&2
    exit 1
}

_skip() {
    echo "guest.sh: skipped: $*" >&2
    exit 77
}

_usage() {
    sed -n '/^# Interface/,/^# build and start/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
}

_require() {
    local cmd
    [ "${HEAPLINE_TEST_GUEST:-}" != no ] || _skip "HEAPLINE_TEST_GUEST=no"
    [ "${HEAPLINE_TEST_CLUSTER:-}" != no ] || _skip "HEAPLINE_TEST_CLUSTER=no"
    [ "$(id -u)" = 0 ] || _skip "needs root"
    for cmd in qemu-system-x86_64 mmdebstrap mkfs.ext4 ssh ssh-keygen flock; do
        command -v "$cmd" > /dev/null 2>&1 || _skip "$cmd not installed (tests/deps.sh)"
    done
    [ -f "$tarball" ] ||
        _skip "no Slurm $VERSION build in $shared (set HEAPLINE_SHARED_SLURM)"
}

_key() { # what the image is built from
    cat "$here/guest-image.sh" "$here/guest-init.sh" "$tarball" | sha256sum | cut -c1-16
}

_cmd_build() {
    local img tmp old
    _require
    img=$cache/$(_key)
    if [ ! -f "$img/root.img" ]; then
        mkdir -p "$cache" || _die "cannot create $cache"
        exec 8> "$cache/.lock"
        flock 8 # one build at a time; the others then find it built
        if [ ! -f "$img/root.img" ]; then
            tmp=$img.building
            rm -rf "$tmp"
            "$here/guest-image.sh" "$tmp" "$tarball" > "$cache/build.log" 2>&1 ||
                {
                    tail -n 40 "$cache/build.log" >&2
                    rm -rf "$tmp"
                    _die "building the image failed (log: $cache/build.log)"
                }
            for old in "$cache"/*/; do
                [ "${old%/}" = "$tmp" ] || rm -rf "$old"
            done
            mv "$tmp" "$img"
        fi
        exec 8>&-
    fi
    echo "$img"
}

_ssh() { # RUN SSH-ARGS...
    local run=$1
    shift
    ssh -q -o BatchMode=yes -o StrictHostKeyChecking=no \
        -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR \
        -o ConnectTimeout=20 -o ServerAliveInterval=30 \
        -i "$(cat "$run/image")/key" -p "$(cat "$run/port")" root@127.0.0.1 "$@"
}

_alive() { # RUN
    local pid
    [ -s "$1/qemu.pid" ] && read -r pid < "$1/qemu.pid" &&
        [ "$(cat "/proc/$pid/comm" 2> /dev/null)" = qemu-system-x86 ]
}

_cpu_seconds() { # RUN: the CPU time qemu has used (a guest's included)
    local pid stat fields
    if ! read -r pid < "$1/qemu.pid" || ! read -r stat < "/proc/$pid/stat"; then
        echo 0
        return
    fi
    # Past the command's name, which may hold spaces: utime and stime are
    # the 12th and 13th fields.
    read -r -a fields <<< "${stat##*) }"
    echo $(((fields[11] + fields[12]) / $(getconf CLK_TCK)))
}

_free_port() {
    local p used _sl addr _rest
    used=$(cat /proc/net/tcp /proc/net/tcp6 2> /dev/null |
        while read -r _sl addr _rest; do
            case $addr in *:*) echo $((16#${addr##*:})) ;; esac
        done | sort -un | tr '\n' ' ')
    for _ in $(seq 100); do
        p=$((32000 + RANDOM % 8000))
        case " $used " in *" $p "*) continue ;; esac
        echo "$p"
        return
    done
    _die "no free port"
}

_qemu() { # ACCEL IMAGE RUN PORT SHARES VIRTFS...
    local accel=$1 img=$2 run=$3 port=$4 shares=$5
    shift 5
    qemu-system-x86_64 -accel "$accel" -cpu max -smp 2 -m "$MEMORY" \
        -kernel "$img/vmlinuz" -initrd "$img/initrd.img" \
        -append "root=/dev/vda rw console=ttyS0 quiet init=/sbin/heapline-guest-init cgroup_no_v1=all heapline.shares=$shares" \
        -drive "file=$img/root.img,if=virtio,format=raw,snapshot=on" \
        -nic "user,model=virtio-net-pci,restrict=on,hostfwd=tcp:127.0.0.1:$port-:22" \
        "$@" -display none -monitor none -no-reboot \
        -serial "file:$run/console.log" -pidfile "$run/qemu.pid" -daemonize \
        >> "$run/qemu.out" 2>&1 9>&-
}

_qemu_failed() { # RUN
    cat "$1/qemu.out" >&2
    _die "qemu failed to start"
}

_cmd_start() {
    local run=$1 img accel=tcg shares='' i=0 p port
    shift
    img=$(_cmd_build) || exit $?
    [ $# -gt 0 ] || set -- "$(cd "$here/../.." && pwd)"
    mkdir -p "$run" || _die "cannot create $run"
    ! _alive "$run" || _die "a guest already runs in $run; stop it first"
    rm -f "$run"/{qemu.pid,port,console.log,image,qemu.out}
    echo "$img" > "$run/image"
    local virtfs=()
    for p in "$@"; do
        case $p in /*) ;; *) p=$PWD/$p ;; esac
        [ -d "$p" ] || _die "no folder $p to share"
        virtfs+=(-virtfs "local,path=$p,mount_tag=s$i,security_model=passthrough,id=s$i")
        shares=$shares${shares:+,}s$i:$p
        i=$((i + 1))
    done
    # A KVM found unable to boot this image (below) is not tried again.
    [ -w /dev/kvm ] && [ ! -e "$img/kvm-cannot-boot" ] && accel=kvm
    # The port is free when picked; the lock keeps a concurrent start from
    # picking it too until qemu has bound it (qemu does not inherit the
    # lock's descriptor, which would hold it for the guest's life).
    exec 9> /tmp/heapline-guest-start.lock
    flock 9
    port=$(_free_port)
    echo "$port" > "$run/port"
    # A KVM that cannot run qemu's CPU (nested under another hypervisor,
    # it may refuse an MSR, as Firecracker's does) fails the start at
    # once: TCG then, which runs everywhere.
    _qemu "$accel" "$img" "$run" "$port" "$shares" "${virtfs[@]}" || {
        [ "$accel" = kvm ] || _qemu_failed "$run"
        accel=tcg
        _qemu tcg "$img" "$run" "$port" "$shares" "${virtfs[@]}" ||
            _qemu_failed "$run"
    }
    exec 9>&-
    # An interrupted start leaves no guest behind (qemu runs daemonized).
    trap '_kill "$run"; exit 1' HUP INT TERM
    # As long as the guest lives: TCG on a loaded machine boots when it
    # can, and a guest that hangs is CI's to catch as a hang.
    # A KVM may also start qemu and never run the kernel: nested under
    # another hypervisor, one of CI's machines spun a vCPU at 100% past the
    # kernel's real-mode set-up, without a line more. Such a guest is
    # restarted under TCG once it has used KVM_BOOT_CPU_S of CPU unready.
    until _ssh "$run" true 2> /dev/null; do
        _alive "$run" || {
            _cmd_console "$run"
            _die "the guest stopped while booting"
        }
        if [ "$accel" = kvm ] &&
            ! grep -q '^heapline-guest: ready' "$run/console.log" 2> /dev/null &&
            [ "$(_cpu_seconds "$run")" -ge "$KVM_BOOT_CPU_S" ]; then
            echo "guest.sh: KVM used ${KVM_BOOT_CPU_S} s of CPU without" \
                "booting the guest: TCG instead" >&2
            # The port stays this start's: no other picks it meanwhile.
            exec 9> /tmp/heapline-guest-start.lock
            flock 9
            _kill "$run"
            while _alive "$run"; do sleep 0.1; done
            : > "$img/kvm-cannot-boot"
            accel=tcg
            rm -f "$run"/{qemu.pid,console.log}
            _qemu tcg "$img" "$run" "$port" "$shares" "${virtfs[@]}" ||
                _qemu_failed "$run"
            exec 9>&-
        fi
        sleep 1
    done
    trap - HUP INT TERM
}

_kill() { # RUN
    local pid
    _alive "$1" && read -r pid < "$1/qemu.pid" && kill -KILL "$pid"
}

_cmd_run() {
    local run=$1 cmd
    shift
    _alive "$run" || _die "no guest runs in $run"
    cmd=$(printf '%q ' "$@")
    _ssh "$run" "cd $(printf '%q' "$PWD") 2> /dev/null; $cmd"
}

_cmd_stop() {
    local run=$1 i
    _alive "$run" || return 0
    _ssh "$run" 'sync; echo o > /proc/sysrq-trigger' > /dev/null 2>&1 &
    for ((i = 0; i < 100; i++)); do
        _alive "$run" || break
        sleep 0.1
    done
    _kill "$run"
    wait
    return 0
}

_cmd_console() {
    [ -f "$1/console.log" ] && tail -n 40 "$1/console.log" >&2
    return 0
}

[ $# -ge 1 ] || _usage
cmd=$1
shift
case $cmd in
build) [ $# = 0 ] || _usage && _cmd_build ;;
start) [ $# -ge 1 ] || _usage && _cmd_start "$@" ;;
run) [ $# -ge 2 ] || _usage && _cmd_run "$@" ;;
stop) [ $# = 1 ] || _usage && _cmd_stop "$1" ;;
console) [ $# = 1 ] || _usage && _cmd_console "$1" ;;
*) _usage ;;
esac
