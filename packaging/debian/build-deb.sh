#!/usr/bin/env bash
# Builds windowd_VERSION_ARCH.deb in the repository root from what `make` built (`make deb`).
#
# The tree is exactly what `make install PREFIX=/usr` puts there (stripped binaries, the units
# with ExecStart=/usr/bin/windowd, /etc/windowd/windowd.toml as a conffile, man pages,
# completions), plus what Debian asks of a package: compressed man pages, a copyright file
# and a changelog in /usr/share/doc/windowd, maintainer scripts that register the units with
# deb-systemd-helper (packaging/debian/post*, prerm), md5sums, and Depends computed by
# dpkg-shlibdeps. Then lintian checks it; errors fail the build, warnings are listed.
#
# Environment: DEBFULLNAME and DEBEMAIL name the maintainer (default: git's user.name and
# user.email); SOURCE_DATE_EPOCH dates the changelog (default: the last commit).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$repo"
here=packaging/debian
version=$(.build/release/windowd --version)
arch=$(dpkg --print-architecture)
stage=.build/deb
root=$stage/root
deb=windowd_${version}_${arch}.deb
name=${DEBFULLNAME:-$(git config user.name || echo "windowd maintainers")}
email=${DEBEMAIL:-$(git config user.email || echo "root@localhost")}
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}

rm -rf "$stage"
mkdir -p "$root"
make --no-print-directory install DESTDIR="$repo/$root" PREFIX=/usr >/dev/null

gzip -9n "$root"/usr/share/man/man*/*
install -d "$root/usr/share/doc/windowd"
install -m 0644 "$here/copyright" "$root/usr/share/doc/windowd/copyright"
{
    echo "windowd ($version) unstable; urgency=medium"
    echo
    echo "  * Built from the windowd repository, commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)."
    echo
    echo " -- $name <$email>  $(date -R -u -d "@$epoch")"
} | gzip -9n >"$root/usr/share/doc/windowd/changelog.gz"

# winctl is a static executable on purpose (it starts in a third of the time).
install -d "$root/usr/share/lintian/overrides"
echo "windowd: statically-linked-binary [usr/bin/winctl]" >"$root/usr/share/lintian/overrides/windowd"
chmod 0644 "$root/usr/share/lintian/overrides/windowd"

install -d "$root/DEBIAN"
install -m 0755 "$here/postinst" "$here/prerm" "$here/postrm" "$root/DEBIAN/"
echo /etc/windowd/windowd.toml >"$root/DEBIAN/conffiles"

# dpkg-shlibdeps reads a debian/control where it runs.
mkdir -p "$stage/debian"
printf 'Source: windowd\n\nPackage: windowd\nArchitecture: any\n' >"$stage/debian/control"
depends=$(cd "$stage" && dpkg-shlibdeps -O root/usr/bin/windowd root/usr/bin/winctl root/usr/libexec/windowd/winctl-attach 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "build-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s|@VERSION@|$version|" -e "s|@ARCH@|$arch|" -e "s|@DEPENDS@|$depends|" -e "s|@SIZE@|$size|" \
    -e "s|@MAINTAINER@|$name <$email>|" "$here/control.in" >"$root/DEBIAN/control"
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/conffiles" "$root/DEBIAN/md5sums"

SOURCE_DATE_EPOCH=$epoch dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "built $deb ($(du -h "$deb" | cut -f1))"

# lintian: errors fail the build; what it says is kept in .build/deb/lintian.txt.
lintian --tag-display-limit 0 "$deb" | tee "$stage/lintian.txt" || true
if grep -q '^E:' "$stage/lintian.txt"; then
    echo "build-deb: lintian reports errors" >&2
    exit 1
fi
