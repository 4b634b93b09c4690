#!/bin/sh
# PID 1 of the cgroup v2 guest (guest-image.sh puts it in the image as
# /sbin/heapline-guest-init; the kernel runs it with init=): no systemd, as
# on the host, so the cgroup v2 tree is Slurm's alone (IgnoreSystemd=yes).
# It mounts what the tests need, the cgroup v2 hierarchy with its
# controllers on for the levels below, the host's folders that guest.sh
# shares (virtio-9p, at the same paths), brings up the loopback and qemu's
# user-mode network (only so that the host's ssh reaches sshd), starts
# sshd, says "heapline-guest: ready" on the console, and stays, reaping
# orphans (tini).
set -u
PATH=/usr/sbin:/usr/bin:/sbin:/bin
export PATH

_mount() { # TYPE WHERE [OPTIONS]: unless already mounted (the initrd moves some)
    mountpoint -q "$2" || mount -t "$1" ${3:+-o "$3"} "$1" "$2"
}

mount -o remount,rw /
_mount proc /proc
_mount sysfs /sys
_mount devtmpfs /dev
mkdir -p /dev/pts /dev/shm
_mount devpts /dev/pts
_mount tmpfs /dev/shm mode=1777
_mount tmpfs /run mode=0755
_mount tmpfs /tmp mode=1777
_mount cgroup2 /sys/fs/cgroup nsdelegate
# Every controller for the levels below the root, as systemd would give a
# delegated service: Slurm creates its tree under the root.
# shellcheck disable=SC2013 # one word per controller
for c in $(cat /sys/fs/cgroup/cgroup.controllers); do
    echo "+$c" > /sys/fs/cgroup/cgroup.subtree_control
done

hostname guest
ip link set lo up
# qemu's user-mode network (no udev here: its driver is loaded by hand).
modprobe virtio_net
for net in /sys/class/net/*; do
    net=${net##*/}
    [ "$net" = lo ] && continue
    ip link set "$net" up
    ip addr add 10.0.2.15/24 dev "$net"
    break
done

# heapline.shares=TAG:PATH,... on the kernel command line (guest.sh).
modprobe 9pnet_virtio
modprobe 9p
# shellcheck disable=SC2013 # one word per argument
for arg in $(cat /proc/cmdline); do
    case $arg in heapline.shares=*) shares=${arg#*=} ;; esac
done
for share in $(echo "${shares:-}" | tr ',' ' '); do
    mkdir -p "${share#*:}"
    mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000,cache=mmap \
        "${share%%:*}" "${share#*:}"
done

mkdir -p /run/sshd
/usr/sbin/sshd
echo "heapline-guest: ready after $(cut -d' ' -f1 /proc/uptime) s" > /dev/console
exec tini -s -- sleep infinity
