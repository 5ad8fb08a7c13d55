#!/usr/bin/env bash
# Boots a real systemd and checks windowd's system units under it (`make test-systemd`).
#
# The machine has no systemd of its own, so this boots one: a Debian bookworm tree
# made once with debootstrap (from the mirror apt is configured with) and cached
# outside the repository, run with
#   systemd-nspawn -D ROOT --register=no --keep-unit --volatile=overlay -b
# The overlay keeps the cached tree clean: everything written inside is gone when
# the container stops. Commands run inside through `nsenter -t <container pid 1> -a`.
# windowd is built with --static-swift-stdlib so the container needs no Swift
# runtime, and packaged with `make deb`; the package is copied in through
# /proc/<container pid 1>/root and installed with dpkg, as a user would.
#
# Checks: the package installs (its maintainer scripts enable and start
# windowd.socket through deb-systemd-helper; the units run /usr/bin/windowd; man
# pages, completions and the conffile are in place) and `winctl open detail 42`, typed in
# a tmux session inside, opens its window there with winctl attach presenting it; the journal of a normal start, reload, restart and stop holds
# only windowd's own lines; removing and purging the package stops the socket and
# leaves nothing behind. Then, with the package's units:
# Checks: socket activation on a first connection (made from the host through
# /proc/<pid 1>/root/run/windowd/windowd.sock), STATUS= in `systemctl show`,
# reload, restart, Restart=on-failure after SIGSEGV (NRestarts=1), the watchdog
# killing a stopped (SIGSTOP) daemon, structured journal entries with WINDOW_ID=,
# DynamicUser, a stop keeping the activation socket, the online
# `systemd-analyze security` score, windows surviving a restart, and 10
# `winctl watch` clients staying connected across `systemctl restart` through the
# fd store. Then the template units (windowd(8), Apps and instances): two system instances
# (windowd@alpha, windowd@beta) and, under a lingering user's `systemd --user`, two
# user instances (windowd@gamma, windowd@alpha in /run/user/1500/windowd), each
# socket-activated and restarted without touching the other; and the user's at-login unit
# (winctl-restore@alpha.service) running `winctl restore --at-login` to success.
#
# Environment: WINDOWD_TEST_ROOT (default /var/cache/windowd-test/bookworm-HASH, HASH
# naming the package list, so that a tree made for another list is left alone and a
# new one made once),
# SWIFT, RELEASE_FLAGS (as in the Makefile), WINDOWD_SKIP_BUILD=1 to use the
# existing release build and package.
# Last line: "N passed, M failed"; exit status 1 when anything failed.
set -u

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# dbus-user-session gives a lingering user's manager its user bus (/run/user/UID/bus), which
# `systemctl --user` reaches; libpam-systemd (which it depends on) registers the sessions.
# tmux is the terminal place `winctl open detail 42` opens its window in.
packages="systemd,systemd-sysv,dbus,dbus-user-session,libpam-systemd,procps,libsqlite3-0,tmux"
# The cached tree's path names its package list: changing the list makes (once) a new
# tree beside the old one, which stays for whoever still uses it.
root=${WINDOWD_TEST_ROOT:-/var/cache/windowd-test/bookworm-$(printf %s "$packages" | sha256sum | cut -c1-8)}
swift=${SWIFT:-swift}
release_flags=${RELEASE_FLAGS:--c release --static-swift-stdlib -Xlinker -z -Xlinker now}
passed=0
failed=0
started=$(date +%s%N)

pass() { passed=$((passed + 1)); echo "ok - $1"; }
fail() { failed=$((failed + 1)); echo "FAIL - $1"; [ -n "${2:-}" ] && sed 's/^/    /' <<<"$2"; }
info() { echo "# $1"; [ -n "${2:-}" ] && sed 's/^/#     /' <<<"$2"; }
finish() {
    echo "# took $(( ($(date +%s%N) - started) / 1000000 )) ms"
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
    exit
}
milliseconds_since() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo

# --- Tools --------------------------------------------------------------------

missing=""
command -v systemd-nspawn >/dev/null || missing="$missing systemd-container"
command -v debootstrap >/dev/null || missing="$missing debootstrap"
command -v nsenter >/dev/null || missing="$missing util-linux"
if [ -n "$missing" ]; then
    echo "# installing:$missing"
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi
for tool in systemd-nspawn debootstrap nsenter; do
    command -v $tool >/dev/null || { fail "$tool is missing (apt-get install systemd-container debootstrap util-linux)"; finish; }
done

# --- The bookworm tree, made once ---------------------------------------------

# The first URI that serves bookworm's main component, from apt's own configuration
# (deb822 .sources stanzas or one-line .list entries).
apt_mirror() {
    local file uri
    for file in /etc/apt/sources.list.d/*.sources; do
        [ -f "$file" ] || continue
        uri=$(awk 'BEGIN { RS = "" }
            /(^|\n)Suites:[^\n]*[ \t]bookworm([ \t]|\n|$)/ && /(^|\n)Components:[^\n]*main/ {
                if (match($0, /(^|\n)URIs:[ \t]*[^ \t\n]+/)) {
                    uri = substr($0, RSTART, RLENGTH); sub(/^\n?URIs:[ \t]*/, "", uri); print uri; exit
                }
            }' "$file")
        [ -n "$uri" ] && { echo "$uri"; return; }
    done
    uri=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | awk '
        $1 == "deb" { i = 2; if ($2 ~ /^\[/) { while (i < NF && $i !~ /\]$/) i++; i++ }
                      if ($(i + 1) == "bookworm") { print $i; exit } }')
    echo "${uri:-http://deb.debian.org/debian}"
}

# The marker holds the package list the tree was made with.
if [ "$(cat "$root/.windowd-complete" 2>/dev/null)" != "$packages" ]; then
    mirror=$(apt_mirror)
    echo "# making the bookworm tree in $root from $mirror (once; about a minute)"
    $SUDO rm -rf "$root.partial"
    $SUDO mkdir -p "$(dirname "$root")"
    building=$(date +%s%N)
    if $SUDO debootstrap --variant=minbase --include="$packages" bookworm "$root.partial" "$mirror" >"/tmp/windowd-debootstrap.log" 2>&1; then
        $SUDO rm -rf "$root"
        $SUDO mv "$root.partial" "$root"
        printf '%s\n' "$packages" | $SUDO tee "$root/.windowd-complete" >/dev/null
        info "debootstrap took $(milliseconds_since "$building") ms"
    else
        fail "debootstrap bookworm from $mirror" "$(tail -20 /tmp/windowd-debootstrap.log)"
        finish
    fi
fi

# --- windowd, built for a machine without Swift, as a Debian package -------------

cd "$repo" || exit 1
if [ "${WINDOWD_SKIP_BUILD:-0}" != 1 ]; then
    building=$(date +%s%N)
    if ! build_log=$(make --no-print-directory deb SWIFT="$swift" RELEASE_FLAGS="$release_flags" 2>&1); then
        fail "make deb" "$(tail -30 <<<"$build_log")"
        finish
    fi
    info "make deb took $(milliseconds_since "$building") ms" "$(grep -E '^(built|[EWI]:)' <<<"$build_log")"
fi
# shellcheck disable=SC2086
bin=$($swift build $release_flags --show-bin-path)
for binary in windowd winctl; do
    [ -x "$bin/$binary" ] || { fail "$bin/$binary is missing"; finish; }
done
if ldd "$bin/windowd" | grep -q 'libswift'; then
    fail "windowd links the Swift runtime dynamically (build with --static-swift-stdlib)" "$(ldd "$bin/windowd")"
fi
package=$(ls -t "$repo"/windowd_*_"$(dpkg --print-architecture)".deb 2>/dev/null | head -1)
[ -n "$package" ] || { fail "no windowd_*.deb in $repo (make deb)"; finish; }

# --- Boot ---------------------------------------------------------------------------

scratch=$(mktemp -d /tmp/windowd-nspawn.XXXXXX)
nspawn_pid=""
leader=""

stop_container() {
    [ -n "$nspawn_pid" ] || return
    if kill -0 "$nspawn_pid" 2>/dev/null; then
        # SIGTERM makes nspawn shut the container down in order; pid 1 is killed if that hangs.
        kill -TERM "$nspawn_pid" 2>/dev/null
        for _ in $(seq 1 100); do kill -0 "$nspawn_pid" 2>/dev/null || break; sleep 0.1; done
        if kill -0 "$nspawn_pid" 2>/dev/null; then
            [ -n "$leader" ] && kill -KILL "$leader" 2>/dev/null
            kill -KILL "$nspawn_pid" 2>/dev/null
        fi
        wait "$nspawn_pid" 2>/dev/null
    fi
    nspawn_pid=""
}
cleanup() {
    stop_container
    rm -rf "$scratch"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

booting=$(date +%s%N)
systemd-nspawn -q -D "$root" --register=no --keep-unit --volatile=overlay --console=read-only \
    --machine=windowd-test -b </dev/null >"$scratch/console.log" 2>&1 &
nspawn_pid=$!

# The container's pid 1: the descendant of nspawn whose pid in its own namespace is 1.
find_leader() {
    local queue=("$nspawn_pid") pid children
    while [ ${#queue[@]} -gt 0 ]; do
        pid=${queue[0]}
        queue=("${queue[@]:1}")
        if [ "$pid" != "$nspawn_pid" ] && awk '/^NSpid:/ { exit ($NF == 1 ? 0 : 1) }' "/proc/$pid/status" 2>/dev/null; then
            echo "$pid"
            return 0
        fi
        children=$(cat /proc/"$pid"/task/*/children 2>/dev/null)
        # shellcheck disable=SC2206
        queue+=($children)
    done
    return 1
}

inside_path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
# Runs a command inside the container, with a clean environment and a time limit.
inside() {
    timeout 60 nsenter -t "$leader" -a env -i PATH="$inside_path" LANG=C.UTF-8 SYSTEMD_PAGER= SYSTEMD_COLORS=0 "$@"
}

deadline=$(( $(date +%s) + 60 ))
until leader=$(find_leader); do
    if ! kill -0 "$nspawn_pid" 2>/dev/null || [ "$(date +%s)" -gt "$deadline" ]; then
        fail "systemd-nspawn boots bookworm" "$(tail -20 "$scratch/console.log")"
        finish
    fi
    sleep 0.05
done
state=""
until state=$(inside systemctl is-system-running --wait 2>/dev/null) && [ -n "$state" ]; do
    if ! kill -0 "$nspawn_pid" 2>/dev/null || [ "$(date +%s)" -gt "$deadline" ]; then
        fail "systemd in the container answers" "$(tail -20 "$scratch/console.log")"
        finish
    fi
    sleep 0.05
done
if [ "$state" = running ] || [ "$state" = degraded ]; then
    pass "systemd boots in the container ($state, $(milliseconds_since "$booting") ms)"
else
    fail "systemd boots in the container: $state" "$(inside systemctl --failed --no-legend)"
fi
[ "$state" = degraded ] && info "failed units in the container" "$(inside systemctl --failed --no-legend)"

# --- Install the package -----------------------------------------------------------

croot=/proc/$leader/root
cp "$package" "$croot/tmp/windowd.deb"
if output=$(inside dpkg -i /tmp/windowd.deb 2>&1) && [ "$(inside dpkg-query -W -f '${Status}' windowd)" = "install ok installed" ]; then
    pass "dpkg -i $(basename "$package") in the container"
else
    fail "dpkg -i $(basename "$package")" "$output"
    finish
fi
if [ "$(inside systemctl is-enabled windowd.socket)" = enabled ] && [ "$(inside systemctl is-active windowd.socket)" = active ] \
    && [ "$(inside systemctl is-active windowd.service)" = inactive ]; then
    pass "the maintainer scripts enabled and started windowd.socket (deb-systemd-helper); the service waits for a connection"
else
    fail "windowd.socket after installing the package" "$(inside systemctl status --no-pager windowd.socket windowd.service 2>&1)"
fi
exec_start=$(inside systemctl show -p ExecStart --value windowd.service)
missing_files=""
for file in /usr/bin/windowd /usr/bin/winctl /usr/lib/systemd/user/windowd.service /usr/lib/systemd/user/windowd.socket \
    /usr/lib/systemd/system/windowd@.service /usr/lib/systemd/system/windowd@.socket \
    /usr/lib/systemd/user/windowd@.service /usr/lib/systemd/user/windowd@.socket /usr/lib/systemd/user/winctl-restore@.service \
    /usr/share/man/man1/winctl.1.gz /usr/share/man/man8/windowd.8.gz /usr/share/man/man5/windowd.toml.5.gz \
    /usr/share/man/man7/windowd-protocol.7.gz /usr/share/bash-completion/completions/winctl \
    /usr/share/zsh/vendor-completions/_winctl /usr/share/fish/vendor_completions.d/winctl.fish \
    /etc/windowd/windowd.toml /usr/share/doc/windowd/copyright; do
    inside test -e "$file" || missing_files="$missing_files $file"
done
if grep -q 'path=/usr/bin/windowd ' <<<"$exec_start" && [ -z "$missing_files" ]; then
    pass "the package's unit runs /usr/bin/windowd; man pages, completions, user units and the conffile are installed"
else
    fail "the installed files" "ExecStart: $exec_start
missing:$missing_files"
fi
# Typed in a tmux session, as a user would: the window opens as a tmux window of that session.
inside tmux new-session -d -s user -x 100 -y 30 \
    'TERM=xterm-256color /usr/bin/winctl open detail 42 >/run/open.log 2>&1; echo $? >/run/open.status; sleep 600'
for _ in $(seq 1 100); do inside test -s /run/open.status && break; sleep 0.2; done
output=$(inside cat /run/open.log 2>&1)
sleep 1
listed=$(inside timeout 20 /usr/bin/winctl list 2>&1)
if [ "$(inside cat /run/open.status 2>&1)" = 0 ] && grep -q ' created$' <<<"$output" \
    && grep -Eq ' detail +42 +[a-z]+ +yes .*tmux' <<<"$listed" \
    && [ "$(inside systemctl is-active windowd.service)" = active ]; then
    pass "winctl open detail 42 in a tmux session against the packaged units: $output"
else
    fail "winctl open detail 42 in a tmux session against the packaged units" "$output (exit $(inside cat /run/open.status 2>&1))
$listed
$(inside tmux list-windows -a 2>&1)
$(inside journalctl -u windowd --no-pager -n 20)"
fi
inside tmux kill-server
# From here on, the checks of the units run with a test config and a fresh start.
inside systemctl stop windowd.service windowd.socket
inside sh -c 'rm -rf /var/lib/private/windowd /var/lib/windowd'
# The shipped config, with no loading delay and a launch command, so that opening
# a `main` window logs `launching` with window.id metadata.
cat >"$croot/etc/windowd/windowd.toml" <<'EOF_CONFIG'
[app]
minimum_loading_ms = 0

[groups.main]
value = "none"
launch = ["/bin/true"]

[groups.detail]
value = "int"
EOF_CONFIG

unresolved=$(inside ldd /usr/bin/windowd /usr/bin/winctl | grep 'not found')
if [ -z "$unresolved" ]; then
    pass "the container resolves every library windowd links ($(ldd "$bin/windowd" | awk '$3 ~ /^\// { print $1 }' | tr '\n' ' '))"
else
    fail "libraries missing in the container" "$unresolved"
fi

# --- Checks -------------------------------------------------------------------------

show() { inside systemctl show -p "$1" --value "${2:-windowd.service}"; }
# Waits up to $2 seconds for `show $1` to equal $3.
wait_for_property() {
    local property=$1 seconds=$2 expected=$3 until_time value
    until_time=$(( $(date +%s%N) + seconds * 1000000000 ))
    while :; do
        value=$(show "$property")
        [ "$value" = "$expected" ] && return 0
        [ "$(date +%s%N)" -gt "$until_time" ] && return 1
        sleep 0.05
    done
}
winctl_inside() { inside timeout 20 /usr/bin/winctl "$@"; }

if inside systemctl start windowd.socket && [ "$(inside systemctl is-active windowd.socket)" = active ] \
    && [ "$(inside systemctl is-active windowd.service)" = inactive ]; then
    pass "systemctl start windowd.socket (the service waits for a connection)"
else
    fail "systemctl start windowd.socket" "$(inside systemctl status --no-pager windowd.socket windowd.service 2>&1)"
fi

# The first connection, from the host through the container's /run.
host_socket=$croot/run/windowd/windowd.sock
connecting=$(date +%s%N)
if output=$(timeout 20 "$bin/winctl" --socket "$host_socket" status 2>&1); then
    pass "a first connection (from the host) starts windowd.service and is answered in $(milliseconds_since "$connecting") ms"
    info "winctl status" "$output"
else
    fail "a first connection starts windowd.service and is answered" "$output
$(inside journalctl -u windowd --no-pager -n 30)"
fi

status_text=$(show StatusText)
properties=$(inside systemctl show -p ActiveState,SubState,StatusText windowd)
if grep -qx 'ActiveState=active' <<<"$properties" && grep -qx 'SubState=running' <<<"$properties" \
    && grep -Eq '^[0-9]+ windows, [0-9]+ attached, phase [a-z]+, ' <<<"$status_text"; then
    pass "systemctl show: active, running, StatusText=$status_text"
else
    fail "systemctl show -p ActiveState,SubState,StatusText windowd" "$properties"
fi

user=$(inside ps -o user= -p "$(show MainPID)" | tr -d ' ')
if [ -n "$user" ] && [ "$user" != root ] && inside test -d /var/lib/private/windowd; then
    pass "runs as a dynamic user ($user) with its StateDirectory under /var/lib/private"
else
    fail "DynamicUser: runs as '${user:-?}'" "$(inside ls -la /var/lib/private 2>&1)"
fi

# A window of `main` launches /bin/true, logged as `launching` with window.id metadata.
if output=$(winctl_inside open main 2>&1); then
    pass "winctl open main (inside the container)"
else
    fail "winctl open main" "$output"
fi
# The STATUS= update is rate-limited to 250 ms.
if wait_for_property StatusText 3 "1 windows, 0 attached, phase background, unauthenticated"; then
    pass "STATUS= follows: $(show StatusText)"
else
    fail "STATUS= follows the opened window" "$(show StatusText)"
fi
journal=""
for _ in $(seq 1 40); do
    journal=$(inside journalctl -u windowd.service -o json --no-pager)
    grep -q '"WINDOW_ID"' <<<"$journal" && break
    sleep 0.05
done
entry=$(grep '"WINDOW_ID"' <<<"$journal" | head -1)
if [ -n "$entry" ] && grep -q '"CODE_FILE"' <<<"$entry" && grep -q '"CODE_FUNC"' <<<"$entry" \
    && grep -q '"PRIORITY"' <<<"$entry" && grep -q '"MESSAGE":"launching"' <<<"$entry"; then
    pass "the journal holds structured entries: $(grep -o '"WINDOW_ID":"[^"]*"' <<<"$entry"), CODE_FILE, CODE_FUNC, PRIORITY"
else
    fail "a journal entry with WINDOW_ID=, CODE_FILE=, CODE_FUNC=, PRIORITY=" "$(inside journalctl -u windowd.service -o verbose --no-pager -n 20)"
fi

pid_before=$(show MainPID)
if inside systemctl reload windowd && [ "$(show MainPID)" = "$pid_before" ] \
    && [ "$(inside systemctl is-active windowd)" = active ] \
    && inside journalctl -u windowd.service --no-pager | grep -q 'config reloaded'; then
    pass "systemctl reload windowd (same pid, config reloaded, active)"
else
    fail "systemctl reload windowd" "$(inside systemctl status --no-pager windowd 2>&1 | tail -15)"
fi

# A restart with clients connected: their connections wait in the fd store.
list_before=$(winctl_inside list 2>&1)
inside sh -c 'for i in 1 2 3 4 5 6 7 8 9 10; do /usr/bin/winctl --json watch > /run/watch-$i.log 2>&1 & done'
deadline=$(( $(date +%s) + 10 ))
until [ "$(show NFileDescriptorStore)" = 10 ] || [ "$(date +%s)" -gt "$deadline" ]; do sleep 0.1; done
stored_before=$(show NFileDescriptorStore)
restarting=$(date +%s%N)
if inside systemctl restart windowd; then
    restart_ms=$(milliseconds_since "$restarting")
    if [ "$(show MainPID)" != "$pid_before" ] && [ "$(inside systemctl is-active windowd)" = active ]; then
        pass "systemctl restart windowd ($restart_ms ms, new pid)"
    else
        fail "systemctl restart windowd: not active with a new pid" "$(inside systemctl status --no-pager windowd 2>&1)"
    fi
else
    fail "systemctl restart windowd" "$(inside systemctl status --no-pager windowd 2>&1)"
fi
deadline=$(( $(date +%s) + 10 ))
until [ "$(inside sh -c 'grep -l "daemon.restarted" /run/watch-*.log 2>/dev/null | wc -l')" = 10 ] || [ "$(date +%s)" -gt "$deadline" ]; do sleep 0.1; done
restarted=$(inside sh -c 'grep -l "\"resync\":false" /run/watch-*.log 2>/dev/null | wc -l')
watching=$(inside pgrep -c -x winctl)
stored_after=$(show NFileDescriptorStore)
if [ "$stored_before" = 10 ] && [ "$restarted" = 10 ] && [ "$watching" = 10 ] && [ "$stored_after" = 10 ]; then
    pass "10 winctl watch clients stay connected across systemctl restart (NFileDescriptorStore=$stored_before before, $stored_after after; each got daemon.restarted without resync)"
else
    fail "winctl watch across systemctl restart: NFileDescriptorStore $stored_before → $stored_after, $restarted of 10 got daemon.restarted (resync false), $watching still running" \
        "$(inside sh -c 'tail -n 3 /run/watch-1.log; journalctl -u windowd --no-pager -n 15')"
fi
inside pkill -x winctl
list_after=$(winctl_inside list 2>&1)
if [ "$list_before" = "$list_after" ]; then
    pass "the windows survive the restart (same ids)"
else
    fail "the windows after the restart differ" "before: $list_before
after: $list_after"
fi

# Restart=on-failure after a crash.
pid_before=$(show MainPID)
restarts_before=$(show NRestarts)
crashing=$(date +%s%N)
inside kill -SEGV "$pid_before"
if wait_for_property NRestarts 10 $((restarts_before + 1)) && wait_for_property ActiveState 10 active \
    && [ "$(show MainPID)" != "$pid_before" ] && [ "$(show MainPID)" != 0 ]; then
    pass "kill -SEGV: restarted (NRestarts=$(show NRestarts), $(milliseconds_since "$crashing") ms)"
else
    fail "kill -SEGV: restarted" "NRestarts=$(show NRestarts)
$(inside systemctl status --no-pager windowd 2>&1 | tail -15)"
fi
if output=$(winctl_inside status 2>&1); then
    pass "answers after the crash restart"
else
    fail "answers after the crash restart" "$output"
fi

# The watchdog: a stopped process sends no WATCHDOG=1. The shipped WatchdogSec=10s is
# checked, then shortened with a runtime drop-in to keep the test quick.
if [ "$(show WatchdogUSec)" = 10s ]; then
    pass "WatchdogSec=10s is in force"
else
    fail "WatchdogSec: $(show WatchdogUSec)"
fi
install -d "$croot/run/systemd/system/windowd.service.d"
printf '[Service]\nWatchdogSec=1s\n' >"$croot/run/systemd/system/windowd.service.d/watchdog.conf"
inside systemctl daemon-reload
inside systemctl restart windowd
pid_before=$(show MainPID)
restarts_before=$(show NRestarts)
stopping=$(date +%s%N)
inside kill -STOP "$pid_before"
if wait_for_property NRestarts 15 $((restarts_before + 1)) && wait_for_property ActiveState 10 active \
    && [ "$(show MainPID)" != "$pid_before" ]; then
    watchdog_line=$(inside journalctl -u windowd.service --no-pager | grep -i 'watchdog timeout' | tail -1)
    if [ -n "$watchdog_line" ]; then
        pass "a stopped event loop is killed by the watchdog (WatchdogSec=1s) and restarted in $(milliseconds_since "$stopping") ms"
        info "$watchdog_line"
    else
        fail "restarted, but the journal shows no watchdog timeout" "$(inside journalctl -u windowd.service --no-pager -n 15)"
    fi
else
    fail "the watchdog kills a stopped windowd" "NRestarts=$(show NRestarts)
$(inside systemctl status --no-pager windowd 2>&1 | tail -15)"
fi
rm -f "$croot/run/systemd/system/windowd.service.d/watchdog.conf"
inside systemctl daemon-reload

# A stop keeps the activation socket (RuntimeDirectoryPreserve=yes); the next connection starts it again.
inside systemctl stop windowd.service 2>/dev/null  # warns that the socket can still activate it
if [ "$(inside systemctl is-active windowd.service)" = inactive ] && inside test -S /run/windowd/windowd.sock \
    && output=$(winctl_inside status 2>&1) && [ "$(inside systemctl is-active windowd.service)" = active ]; then
    pass "systemctl stop windowd keeps the socket; the next connection starts it again"
else
    fail "stop, then a connection restarts windowd" "${output:-}
$(inside systemctl status --no-pager windowd.socket windowd.service 2>&1 | tail -20)"
fi

security=$(inside systemd-analyze security --no-pager windowd.service 2>&1)
score=$(grep -o 'Overall exposure level for windowd.service: [0-9.]*' <<<"$security" | awk '{ print $NF }')
if [ -n "$score" ] && awk -v s="$score" 'BEGIN { exit !(s <= 0.5) }'; then
    pass "systemd-analyze security windowd.service (online): $score"
else
    fail "systemd-analyze security windowd.service (online): ${score:-?} (> 0.5 or unreadable)" "$(grep -E '✗|Overall' <<<"$security")"
fi
info "open findings" "$(grep '✗' <<<"$security")"

# Every start (the package's, the socket-activated one, restarts, crash restarts), reload and
# stop above: windowd's journal holds its own lines only, none from libdispatch.
noise=$(inside journalctl -u windowd.service --no-pager -o cat | grep -E 'Failed to set thread priority|^libdispatch|errno=[0-9]+$')
starts=$(inside journalctl -u windowd.service --no-pager -o cat | grep -c '^listening')
if [ -z "$noise" ] && [ "$starts" -ge 3 ]; then
    pass "the journal of $starts starts, a reload, restarts and stops holds no libdispatch line"
else
    fail "the journal holds lines that are not windowd's ($starts starts)" "$noise"
fi
info "systemctl status windowd" "$(inside systemctl status --no-pager windowd 2>&1)"

# --- Apps: two instances of the template units side by side (windowd(8), Apps and instances) -------

install -d "$croot/etc/windowd/apps"
printf '[app]\nminimum_loading_ms = 0\n\n[groups.detail]\nvalue = "int"\n' >"$croot/etc/windowd/apps/alpha.toml"
printf '[app]\nminimum_loading_ms = 0\n\n[groups.detail]\nvalue = "string"\n' >"$croot/etc/windowd/apps/beta.toml"
if inside systemctl enable --now windowd@alpha.socket windowd@beta.socket >/dev/null 2>&1 \
    && [ "$(inside systemctl is-active windowd@alpha.socket windowd@beta.socket | sort -u)" = active ] \
    && inside test -S /run/windowd/alpha.sock && inside test -S /run/windowd/beta.sock \
    && [ "$(inside systemctl is-active windowd@alpha.service windowd@beta.service | sort -u)" = inactive ]; then
    pass "systemctl enable --now windowd@alpha.socket windowd@beta.socket: /run/windowd/alpha.sock and beta.sock, services waiting"
else
    fail "enable the template sockets" "$(inside systemctl status --no-pager 'windowd@*' 2>&1 | tail -30)"
fi
alpha_open=$(winctl_inside --app alpha open detail 1 2>&1)
beta_open=$(winctl_inside --app beta open detail x 2>&1)
refused=$(winctl_inside --app alpha open detail x 2>&1)
alpha_pid=$(show MainPID windowd@alpha.service)
beta_pid=$(show MainPID windowd@beta.service)
if grep -q ' created$' <<<"$alpha_open" && grep -q ' created$' <<<"$beta_open" && [ "$alpha_pid" != 0 ] && [ "$beta_pid" != 0 ] \
    && [ "$alpha_pid" != "$beta_pid" ] && [ -n "$refused" ] && ! grep -q ' created$' <<<"$refused" \
    && inside test -f /var/lib/private/windowd-alpha/windowd.lock && inside test -f /var/lib/private/windowd-beta/windowd.lock; then
    pass "socket activation starts each app on first use (pids $alpha_pid, $beta_pid), each with its own groups and /var/lib/windowd-APP"
else
    fail "two apps socket-activated" "alpha: $alpha_open
beta: $beta_open
alpha refusing a string: $refused
$(inside journalctl -u 'windowd@*' --no-pager -n 30)"
fi
for app in alpha beta; do
    other=beta; [ "$app" = beta ] && other=alpha
    other_pid=$(show MainPID "windowd@$other.service")
    app_pid=$(show MainPID "windowd@$app.service")
    list_before=$(winctl_inside --app "$app" list 2>&1)
    other_before=$(winctl_inside --app "$other" list 2>&1)
    if inside systemctl restart "windowd@$app.service" && [ "$(show MainPID "windowd@$app.service")" != "$app_pid" ] \
        && [ "$(show MainPID "windowd@$other.service")" = "$other_pid" ] \
        && [ "$(winctl_inside --app "$app" list 2>&1)" = "$list_before" ] && [ "$(winctl_inside --app "$other" list 2>&1)" = "$other_before" ]; then
        pass "systemctl restart windowd@$app: its windows come back, windowd@$other keeps its pid $other_pid and its windows"
    else
        fail "restart windowd@$app alone" "$(inside systemctl status --no-pager "windowd@$app.service" "windowd@$other.service" 2>&1 | tail -20)"
    fi
done
security=$(inside systemd-analyze security --no-pager windowd@alpha.service 2>&1)
score=$(grep -o 'Overall exposure level for windowd@alpha.service: [0-9.]*' <<<"$security" | awk '{ print $NF }')
if [ -n "$score" ] && awk -v s="$score" 'BEGIN { exit !(s <= 0.5) }'; then
    pass "systemd-analyze security windowd@alpha.service (online): $score"
else
    fail "systemd-analyze security windowd@alpha.service (online): ${score:-?}" "$(grep -E '✗|Overall' <<<"$security")"
fi

# The template units run under the same syscall filter as windowd.service: their journal too
# holds windowd's lines only.
noise=$(inside journalctl -u 'windowd@*' --no-pager -o cat | grep -E 'Failed to set thread priority|^libdispatch|errno=[0-9]+$')
if [ -z "$noise" ]; then
    pass "the journal of windowd@alpha and windowd@beta holds no libdispatch line"
else
    fail "the template instances' journal holds lines that are not windowd's" "$noise"
fi

# The user templates, under a user manager: a lingering user's systemd --user, reached by
# systemctl --user through the user bus (dbus-user-session) in /run/user/1500.
as_user() { inside runuser -u appuser -- env XDG_RUNTIME_DIR=/run/user/1500 HOME=/home/appuser "$@"; }
user_ctl() { as_user systemctl --user "$@"; }
user_pid() { user_ctl show -p MainPID --value "windowd@$1.service"; }
if inside useradd -m -u 1500 appuser && inside loginctl enable-linger appuser; then
    inside systemctl start user@1500.service
    deadline=$(( $(date +%s) + 30 ))
    until { inside test -S /run/user/1500/systemd/private && inside test -S /run/user/1500/bus; } || [ "$(date +%s)" -gt "$deadline" ]; do sleep 0.2; done
    if ! inside test -S /run/user/1500/bus; then
        fail "the lingering user's manager has a user bus (/run/user/1500/bus)" "$(inside systemctl status --no-pager user@1500.service 2>&1 | tail -20)"
    else
        mkdir -p "$croot/home/appuser/.config/windowd/apps"
        printf '[app]\nminimum_loading_ms = 0\n\n[groups.main]\nvalue = "none"\n' >"$croot/home/appuser/.config/windowd/apps/gamma.toml"
        cp "$croot/etc/windowd/apps/alpha.toml" "$croot/home/appuser/.config/windowd/apps/alpha.toml"
        inside chown -R appuser:appuser /home/appuser/.config
        if output=$(user_ctl enable --now windowd@gamma.socket windowd@alpha.socket 2>&1) \
            && [ "$(user_ctl is-active windowd@gamma.socket windowd@alpha.socket | sort -u)" = active ] \
            && [ "$(user_ctl is-active windowd@gamma.service windowd@alpha.service | sort -u)" = inactive ] \
            && inside test -S /run/user/1500/windowd/gamma.sock && inside test -S /run/user/1500/windowd/alpha.sock; then
            pass "systemctl --user enable --now windowd@gamma.socket windowd@alpha.socket: /run/user/1500/windowd/gamma.sock and alpha.sock, services waiting"
        else
            fail "systemctl --user enable --now windowd@gamma.socket windowd@alpha.socket" "$output
$(user_ctl status --no-pager 'windowd@*' 2>&1 | tail -20)"
        fi
        gamma=$(as_user timeout 20 /usr/bin/winctl --app gamma open main 2>&1)
        alpha_user=$(as_user timeout 20 /usr/bin/winctl --app alpha open detail 7 2>&1)
        gamma_pid=$(user_pid gamma)
        alpha_pid=$(user_pid alpha)
        gamma_user=$(inside ps -o user= -p "$gamma_pid" 2>/dev/null | tr -d ' ')
        alpha_user_list=$(as_user timeout 20 /usr/bin/winctl --app alpha list 2>&1)
        system_alpha_list=$(winctl_inside --app alpha list 2>&1)
        # Each user instance keeps its state in ~/.local/state/windowd/APP_ID (no StateDirectory=:
        # systemd 252's user manager would put it below ~/.config, beside the manifests).
        gamma_state=/home/appuser/.local/state/windowd/gamma
        alpha_state=/home/appuser/.local/state/windowd/alpha
        if grep -q ' created$' <<<"$gamma" && grep -q ' created$' <<<"$alpha_user" && [ "$gamma_pid" != 0 ] && [ "$alpha_pid" != 0 ] \
            && [ "$gamma_pid" != "$alpha_pid" ] && [ "$gamma_user" = appuser ] \
            && grep -Eq '[[:space:]]detail[[:space:]]+7([[:space:]]|$)' <<<"$alpha_user_list" && ! grep -Eq '[[:space:]]detail[[:space:]]+7([[:space:]]|$)' <<<"$system_alpha_list" \
            && inside test -f "$gamma_state/windowd.lock" && inside test -f "$alpha_state/windowd.lock" \
            && ! inside test -e /home/appuser/.config/windowd/gamma; then
            pass "the first connection starts each user instance (pids $gamma_pid, $alpha_pid, as appuser), each with its own state in ~/.local/state/windowd/ID, the user's alpha apart from the system's"
        else
            fail "two user instances socket-activated" "gamma: $gamma (pid $gamma_pid, user ${gamma_user:-?})
alpha: $alpha_user (pid $alpha_pid)
state directories: ${gamma_state:-?} ${alpha_state:-?}
user's alpha list: $alpha_user_list
system's alpha list: $system_alpha_list
$(as_user journalctl --user --no-pager -n 30 2>&1)"
        fi
        for app in alpha gamma; do
            other=gamma; [ "$app" = gamma ] && other=alpha
            app_pid=$(user_pid "$app")
            other_pid=$(user_pid "$other")
            list_before=$(as_user timeout 20 /usr/bin/winctl --app "$app" list 2>&1)
            other_before=$(as_user timeout 20 /usr/bin/winctl --app "$other" list 2>&1)
            if user_ctl restart "windowd@$app.service" && [ "$(user_pid "$app")" != "$app_pid" ] && [ "$(user_pid "$app")" != 0 ] \
                && [ "$(user_pid "$other")" = "$other_pid" ] \
                && [ "$(as_user timeout 20 /usr/bin/winctl --app "$app" list 2>&1)" = "$list_before" ] \
                && [ "$(as_user timeout 20 /usr/bin/winctl --app "$other" list 2>&1)" = "$other_before" ]; then
                pass "systemctl --user restart windowd@$app: its windows come back, windowd@$other keeps its pid $other_pid and its windows"
            else
                fail "systemctl --user restart windowd@$app alone" "$(user_ctl status --no-pager "windowd@$app.service" "windowd@$other.service" 2>&1 | tail -20)"
            fi
        done
        # The at-login unit as the graphical session starts it: winctl --app alpha restore --at-login.
        if user_ctl start winctl-restore@alpha.service \
            && [ "$(user_ctl show -p Result --value winctl-restore@alpha.service)" = success ]; then
            pass "systemctl --user start winctl-restore@alpha.service: winctl --app alpha restore --at-login ran and succeeded"
        else
            fail "winctl-restore@alpha.service" "$(user_ctl status --no-pager winctl-restore@alpha.service 2>&1 | tail -20)"
        fi
        user_ctl disable --now windowd@gamma.socket windowd@alpha.socket windowd@gamma.service windowd@alpha.service >/dev/null 2>&1
    fi
    inside loginctl disable-linger appuser
else
    fail "a lingering user for systemctl --user" "$(inside loginctl 2>&1)"
fi
inside systemctl disable --now windowd@alpha.socket windowd@beta.socket windowd@alpha.service windowd@beta.service >/dev/null 2>&1

# Remove, then purge: the socket stops, the files go, the config stays until the purge.
if inside dpkg -r windowd >/dev/null 2>&1 && [ "$(inside systemctl is-active windowd.socket)" != active ] \
    && ! inside test -e /usr/bin/windowd && ! inside test -e /run/windowd/windowd.sock && inside test -e /etc/windowd/windowd.toml; then
    pass "dpkg -r windowd: the socket is stopped, the binaries are gone, the config stays"
else
    fail "dpkg -r windowd" "$(inside systemctl status --no-pager windowd.socket 2>&1; inside ls -la /usr/bin/windowd /etc/windowd 2>&1)"
fi
if inside dpkg -P windowd >/dev/null 2>&1 && ! inside test -e /etc/windowd/windowd.toml && ! inside test -e /var/lib/private/windowd \
    && ! inside test -e /var/lib/systemd/deb-systemd-helper-enabled/windowd.socket.dsh-also; then
    pass "dpkg -P windowd: the config, the state and deb-systemd-helper's records are gone"
else
    fail "dpkg -P windowd" "$(inside ls -la /etc/windowd /var/lib/private /var/lib/systemd/deb-systemd-helper-enabled 2>&1)"
fi

stop_container
finish
