#!/bin/bash
# Builds the cgroup v2 guest's image (see guest.sh, which runs this once per
# machine and keeps the result): a Debian 12 root file system made with
# mmdebstrap from Debian's packages, with Slurm 26.05 unpacked into it, as an
# ext4 disk image, and the guest's kernel and initrd taken out of it.
#
#   guest-image.sh OUT SLURM-TARBALL
#
# OUT (created, must not exist) receives root.img, vmlinuz, initrd.img and
# the ssh key pair guest.sh logs in with (key, key.pub). Needs root,
# mmdebstrap and e2fsprogs (tests/deps.sh), and Debian's mirror.
set -eu

[ $# = 2 ] || {
    echo "usage: guest-image.sh OUT SLURM-TARBALL" >&2
    exit 2
}
out=$1
tarball=$2
here=$(cd "$(dirname "$0")" && pwd)

# What the tests run in the guest: Slurm's daemons and their libraries
# (the same runtime packages as install-slurm.sh's on the host), MariaDB,
# Open MPI with its PMIx and a compiler for the MPI programs the tests
# build, Python, and what cluster.sh itself calls. linux-image-amd64 is
# Debian 12's 6.1 kernel (memory.peak is there since 5.19); its initrd
# loads the virtio and 9p modules.
readonly PACKAGES="linux-image-amd64 initramfs-tools kmod udev
tini openssh-server iproute2 procps util-linux mount psmisc file
munge mariadb-server mariadb-client
libmunge2 libmariadb3 libhwloc15 libjson-c5 libdbus-1-3 libyaml-0-2
libnuma1 liblz4-1 libreadline8 libcap-ng0 libjwt0 libhttp-parser2.9
libpmix2 openmpi-bin libopenmpi-dev gcc libc6-dev make
python3 libdw1 libstdc++6"

mkdir "$out"
root=$out/root
ssh-keygen -q -t ed25519 -N '' -C heapline-guest -f "$out/key"

# The host's own Debian sources (its mirror, its security suite); the
# mirror may serve Release files past their Valid-Until.
sources=
[ -f /etc/apt/sources.list.d/debian.sources ] &&
    sources=/etc/apt/sources.list.d/debian.sources

# Made fast where it costs nothing to the tests: dpkg without fsync
# (eatmydata), no documentation, and an initrd with the three modules the
# root file system needs (virtio's PCI and block device, ext4) instead of
# most of them (the init script loads the rest from the disk).
# shellcheck disable=SC2086,SC2016 # PACKAGES is a list; $1 is the hooks'
mmdebstrap --variant=apt --format=directory \
    --aptopt='Acquire::Check-Valid-Until "false"' \
    --hook-dir=/usr/share/mmdebstrap/hooks/eatmydata \
    --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/info/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    --dpkgopt=force-confold \
    --setup-hook='mkdir -p "$1/etc/initramfs-tools/conf.d" && echo MODULES=list > "$1/etc/initramfs-tools/conf.d/heapline" && printf "%s\n" virtio_pci virtio_blk ext4 > "$1/etc/initramfs-tools/modules"' \
    --include="$(echo $PACKAGES | tr ' ' ',')" \
    --customize-hook="tar -C \"\$1\" -xJf '$tarball' && date -u +%FT%TZ > \"\$1/opt/slurm-26.05.3/.heapline-installed\"" \
    --customize-hook="install -m 0755 '$here/guest-init.sh' \"\$1/sbin/heapline-guest-init\"" \
    --customize-hook="install -d -m 0700 \"\$1/root/.ssh\" && install -m 0600 '$out/key.pub' \"\$1/root/.ssh/authorized_keys\"" \
    --customize-hook="printf '%s\n' 'PermitRootLogin prohibit-password' 'UseDNS no' > \"\$1/etc/ssh/sshd_config.d/heapline.conf\"" \
    --customize-hook="echo guest > \"\$1/etc/hostname\" && printf '%s\n' '127.0.0.1 localhost' '127.0.1.1 guest' > \"\$1/etc/hosts\"" \
    --customize-hook="rm -rf \"\$1\"/var/cache/apt/archives/*.deb \"\$1\"/var/lib/apt/lists/*" \
    bookworm "$root" ${sources:+"$sources"}

cp "$root"/boot/vmlinuz-* "$out/vmlinuz"
cp "$root"/boot/initrd.img-* "$out/initrd.img"
# Sized to the tree plus room for the tests' files (the disk is used as a
# snapshot: nothing written in a run is kept).
size=$(($(du -sm "$root" | cut -f1) + 1024))
mkfs.ext4 -q -L heapline-root -d "$root" "$out/root.img" "${size}M"
rm -rf "$root"
