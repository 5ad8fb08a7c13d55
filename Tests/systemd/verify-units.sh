#!/usr/bin/env bash
# Checks windowd's unit files with the real systemd-analyze (no running systemd needed):
#   - `systemd-analyze verify` on the system and user .service and .socket, and on
#     an instance (windowd@orders) of the app templates windowd@.service/.socket;
#   - `systemd-analyze security --offline=yes` on the system service and on the
#     template's instance, which must score 0.5 or lower (--threshold is in tenths);
#   - a deliberately broken copy must fail, so the verify check is known to bite;
#   - every Documentation= page exists (verify runs man on each; MANPATH is the repository's man/).
# verify exits 0 on many problems it only warns about ("…, ignoring"), so a
# check passes only when it exits 0 AND prints nothing.
#
# verify also insists that ExecStart= exists. The system units are checked
# unmodified, installed into a scratch root (--root) that holds the systemd
# units they depend on and a placeholder /usr/local/bin/windowd. --root is not
# supported with --user, so the user units are checked as copies whose only
# change is ExecStart= pointing at the placeholder.
#
# Last line: "N passed, M failed"; exit status 1 when anything failed.
set -u

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
units="$repo/systemd"
passed=0
failed=0

pass() { passed=$((passed + 1)); echo "ok - $1"; }
fail() { failed=$((failed + 1)); echo "FAIL - $1"; [ -n "${2:-}" ] && sed 's/^/    /' <<<"$2"; }
finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit
}

if ! command -v systemd-analyze >/dev/null; then
    fail "systemd-analyze is not installed (apt-get install systemd)"
    finish
fi

scratch=$(mktemp -d /tmp/windowd-units.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

# verify runs `man` on every Documentation= entry: the units name the repository's own pages.
for page in "$repo"/man/*.[1-8]; do
    install -D -m 0644 "$page" "$scratch/man/man${page##*.}/$(basename "$page")"
done
export MANPATH="$scratch/man"

# Runs systemd-analyze with "$@"; succeeds only on exit 0 with no output at all.
# Leaves the output in $output.
analyze_quietly() {
    output=$(systemd-analyze "$@" 2>&1)
    local status=$?
    [ "$status" -eq 0 ] && [ -z "$output" ]
}

# A scratch root: the host's systemd units, /bin/kill, a placeholder windowd, and $1's units.
make_root() {
    local root=$1 source=$2
    mkdir -p "$root/usr/lib/systemd" "$root/usr/bin" "$root/usr/local/bin" "$root/etc/systemd/system"
    cp -r /usr/lib/systemd/system "$root/usr/lib/systemd/"
    ln -s usr/bin "$root/bin"
    cp /usr/bin/kill "$root/usr/bin/kill"
    printf '#!/bin/sh\nexit 0\n' >"$root/usr/local/bin/windowd"
    chmod 755 "$root/usr/local/bin/windowd"
    cp "$source"/windowd.service "$source"/windowd.socket "$source"/windowd@.service "$source"/windowd@.socket "$root/etc/systemd/system/"
}

# System units, unmodified, inside the scratch root.
make_root "$scratch/root" "$units"
for unit in windowd.service windowd.socket windowd@orders.service windowd@orders.socket; do
    if analyze_quietly verify --root="$scratch/root" "$unit"; then
        pass "verify systemd/$unit"
    else
        fail "verify systemd/$unit" "$output"
    fi
done

# User units: copies with ExecStart= on the placeholder; everything else as shipped.
mkdir -p "$scratch/user" "$scratch/runtime"
chmod 700 "$scratch/runtime"
cp "$units"/user/windowd.service "$units"/user/windowd.socket "$scratch/user/"
# An instance of the user templates, as files named for it (verify takes paths with --user).
cp "$units"/user/windowd@.service "$scratch/user/windowd@orders.service"
cp "$units"/user/windowd@.socket "$scratch/user/windowd@orders.socket"
placeholder="$scratch/root/usr/local/bin/windowd"
sed -i "s|^ExecStart=/usr/local/bin/windowd\$|ExecStart=$placeholder|" "$scratch/user/windowd.service"
sed -i "s|^ExecStart=/usr/local/bin/windowd --app %i\$|ExecStart=$placeholder --app %i|" "$scratch/user/windowd@orders.service"
if ! grep -qx "ExecStart=$placeholder" "$scratch/user/windowd.service" || ! grep -qx "ExecStart=$placeholder --app %i" "$scratch/user/windowd@orders.service"; then
    fail "systemd/user/windowd{,@}.service: expected the line ExecStart=/usr/local/bin/windowd[ --app %i] to substitute"
fi
for unit in windowd.service windowd.socket windowd@orders.service windowd@orders.socket; do
    if XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$scratch/runtime} \
        analyze_quietly verify --user "$scratch/user/$unit"; then
        pass "verify systemd/user/$unit"
    else
        fail "verify systemd/user/$unit" "$output"
    fi
done

# The check bites: an invalid Type= in an otherwise identical root must fail.
make_root "$scratch/broken" "$units"
sed -i 's/^Type=notify$/Type=notify-broken/' "$scratch/broken/etc/systemd/system/windowd.service"
if analyze_quietly verify --root="$scratch/broken" windowd.service; then
    fail "verify rejects a broken windowd.service (it passed)"
else
    pass "verify rejects a broken windowd.service"
fi

# Hardening: exposure 0.5 or lower (--threshold=5, in tenths), for windowd.service and for an
# instance of the app template (a copy named for it).
cp "$units/windowd@.service" "$scratch/windowd@orders.service"
for file in "$units/windowd.service" "$scratch/windowd@orders.service"; do
    unit=$(basename "$file")
    security=$(systemd-analyze security --offline=yes --threshold=5 "$file" 2>&1)
    status=$?
    score=$(grep -o "Overall exposure level for $unit: [0-9.]*" <<<"$security" | awk '{print $NF}')
    if [ "$status" -eq 0 ] && [ -n "$score" ]; then
        pass "security $unit scores $score (<= 0.5)"
    else
        fail "security $unit scores ${score:-?} (> 0.5 or unreadable)" \
            "$(grep -E '✗|Overall' <<<"$security")"
    fi
done

finish
