#!/usr/bin/env bash
# Times the README's two commands as a new user meets them: on a fresh Debian 12
# made by debootstrap (minbase: nothing but Debian's required packages, no
# compiler, nothing of the project's) in a folder outside the repository, with
# a clone of this checkout's HEAD copied in, run as root in a chroot. Prints
# the load average before and after (the machine's other work slows the
# chroot as much as anything). Needs root and debootstrap (apt-get install
# debootstrap); reaches Debian's package registry.
#
#   bash scripts/fresh-machine-bench.sh FOLDER            example.sh only
#   bash scripts/fresh-machine-bench.sh FOLDER --test     then test.sh in the same root
#
# FOLDER/base keeps the debootstrap result for the next run; FOLDER/root is made
# afresh from it each time. docs/testing.md ("Time") has the figures.
set -euo pipefail
folder=$(realpath -m "$1")
repository=$(cd "$(dirname "$0")/.." && pwd)
case "$folder/" in "$repository"/*) echo "fresh-machine-bench.sh: $folder is inside the repository" >&2; exit 2 ;; esac
[ "$(id -u)" = 0 ] || { echo "fresh-machine-bench.sh: needs root (debootstrap, chroot, mount)" >&2; exit 2; }
mkdir -p "$folder"
[ -x "$folder/base/bin/bash" ] || debootstrap --variant=minbase bookworm "$folder/base" http://deb.debian.org/debian
root=$folder/root
unmount() {
  for m in dev sys proc; do
    mountpoint -q "$root/$m" && umount -R "$root/$m"
  done
  return 0
}
unmount
# Never remove a root that still has /dev or /sys mounted in it.
if grep -q " $root/" /proc/mounts; then echo "fresh-machine-bench.sh: $root still has mounts" >&2; exit 1; fi
rm -rf "$root"
cp -a "$folder/base" "$root"
trap unmount EXIT
cp /etc/resolv.conf "$root/etc/resolv.conf"
# debootstrap writes no /etc/hosts (an installed machine has one): without it
# `localhost` does not resolve, and Selenium cannot reach chromedriver.
cp /etc/hosts "$root/etc/hosts"
mount -t proc proc "$root/proc"
mount --rbind /sys "$root/sys"
mount --rbind /dev "$root/dev"
git clone -q "$repository" "$root/root/grundy"
echo "commit $(git -C "$root/root/grundy" log --oneline -1 | cut -c1-60); nproc $(nproc); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 bash -c "cd /root/grundy && $1"; }
in_root 'time bash scripts/example.sh'
echo "load after example.sh: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "${2:-}" = --test ]; then
  in_root 'time bash scripts/test.sh'
  echo "load after test.sh: $(cut -d' ' -f1-3 /proc/loadavg)"
fi
