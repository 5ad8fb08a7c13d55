#!/usr/bin/env bash
# Checks `make install` without a release build: the binaries of BIN_DIR (default
# the debug build) stand in for the release ones, with completions generated from that winctl.
#   - install copies into DESTDIR/PREFIX: stripped binaries, units whose ExecStart= follows
#     PREFIX, the config, the four man pages, bash/zsh/fish completions;
#   - it never builds, and says to run `make` first when something is missing;
#   - an existing config is kept; uninstall removes the rest.
# Last line: "N passed, M failed"; exit status 1 when anything failed.
set -u

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
bin=${BIN_DIR:-$repo/.build/debug}
passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok - $1"; }
fail() { failed=$((failed + 1)); echo "FAIL - $1"; [ -n "${2:-}" ] && sed 's/^/    /' <<<"$2"; }
finish() { echo "$passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit; }

for binary in windowd winctl winctl-attach; do
    [ -x "$bin/$binary" ] || { fail "$bin/$binary is missing (swift build)"; finish; }
done
scratch=$(mktemp -d /tmp/windowd-install.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/completions"
"$bin/winctl" --generate-completion-script bash | sed '1{/^#!/d}' >"$scratch/completions/winctl.bash"
"$bin/winctl" --generate-completion-script zsh >"$scratch/completions/_winctl"
"$bin/winctl" --generate-completion-script fish >"$scratch/completions/winctl.fish"

cd "$repo" || exit 1
run_make() { make --no-print-directory -s RELEASE_BIN="$bin" COMPLETIONS="$scratch/completions" "$@" 2>&1; }

# Nothing built: install refuses, names what is missing, and writes nothing.
if output=$(make --no-print-directory -s install RELEASE_BIN="$scratch/none" COMPLETIONS="$scratch/completions" DESTDIR="$scratch/empty" 2>&1); then
    fail "install without a build succeeds" "$output"
elif grep -q "$scratch/none/windowd is missing: run 'make' first" <<<"$output" && [ ! -e "$scratch/empty" ]; then
    pass "install without a build refuses: $(head -1 <<<"$output")"
else
    fail "install without a build: the message or the tree" "$output"
fi

root=$scratch/root
prefix=/opt/windowd-test
if output=$(run_make install DESTDIR="$root" PREFIX="$prefix"); then
    pass "make install DESTDIR=… PREFIX=$prefix"
else
    fail "make install DESTDIR=… PREFIX=$prefix" "$output"
    finish
fi

expected="$prefix/bin/windowd $prefix/bin/winctl $prefix/libexec/windowd/winctl-attach
$prefix/lib/systemd/system/windowd.service $prefix/lib/systemd/system/windowd.socket
$prefix/lib/systemd/user/windowd.service $prefix/lib/systemd/user/windowd.socket
$prefix/lib/systemd/system/windowd@.service $prefix/lib/systemd/system/windowd@.socket
$prefix/lib/systemd/user/windowd@.service $prefix/lib/systemd/user/windowd@.socket
/etc/windowd/windowd.toml
$prefix/share/man/man1/winctl.1 $prefix/share/man/man8/windowd.8 $prefix/share/man/man5/windowd.toml.5 $prefix/share/man/man7/windowd-protocol.7
$prefix/share/bash-completion/completions/winctl $prefix/share/zsh/site-functions/_winctl $prefix/share/fish/vendor_completions.d/winctl.fish"
missing=""
for file in $expected; do [ -f "$root$file" ] || missing="$missing $file"; done
if [ -z "$missing" ]; then
    pass "every file is in place ($(wc -w <<<"$expected") files)"
else
    fail "missing after install:$missing" "$(cd "$root" && find . -type f | sort)"
fi

unstripped=""
for binary in bin/windowd bin/winctl libexec/windowd/winctl-attach; do
    readelf --section-headers "$root$prefix/$binary" | grep -q '\.symtab' && unstripped="$unstripped $binary"
done
if [ -z "$unstripped" ]; then
    pass "the binaries are stripped ($(du -h "$root$prefix/bin/windowd" | cut -f1) windowd, $(du -h "$root$prefix/bin/winctl" | cut -f1) winctl; built: $(du -h "$bin/windowd" | cut -f1), $(du -h "$bin/winctl" | cut -f1))"
else
    fail "not stripped (a .symtab is left):$unstripped"
fi

exec_lines=$(grep -h '^ExecStart=' "$root$prefix/lib/systemd/system/windowd.service" "$root$prefix/lib/systemd/user/windowd.service")
template_lines=$(grep -h '^ExecStart=' "$root$prefix/lib/systemd/system/windowd@.service" "$root$prefix/lib/systemd/user/windowd@.service")
if [ "$(sort -u <<<"$exec_lines")" = "ExecStart=$prefix/bin/windowd" ] && [ "$(sort -u <<<"$template_lines")" = "ExecStart=$prefix/bin/windowd --app %i" ]; then
    pass "system and user units, and their templates (--app %i), run $prefix/bin/windowd"
else
    fail "ExecStart= does not follow PREFIX" "$exec_lines"
fi
if [ "$(stat -c %a "$root$prefix/bin/windowd")" = 755 ] && [ "$(stat -c %a "$root$prefix/lib/systemd/system/windowd.service")" = 644 ]; then
    pass "modes: binaries 0755, units 0644"
else
    fail "modes" "$(stat -c '%a %n' "$root$prefix"/bin/* "$root$prefix"/lib/systemd/system/*)"
fi
if grep -q '^complete .*-F _winctl winctl$' "$root$prefix/share/bash-completion/completions/winctl" \
    && grep -q '^#compdef winctl' "$root$prefix/share/zsh/site-functions/_winctl" \
    && grep -q "^complete -c 'winctl'" "$root$prefix/share/fish/vendor_completions.d/winctl.fish"; then
    pass "bash, zsh and fish completions for winctl"
else
    fail "completions" "$(head -3 "$root$prefix"/share/*/*/winctl* "$root$prefix"/share/zsh/*/_winctl)"
fi

# A config of the admin's own is kept.
echo '# mine' >"$root/etc/windowd/windowd.toml"
run_make install DESTDIR="$root" PREFIX="$prefix" >/dev/null
if [ "$(cat "$root/etc/windowd/windowd.toml")" = '# mine' ]; then
    pass "a second install keeps /etc/windowd/windowd.toml"
else
    fail "install overwrote the config"
fi

# PREFIX=/usr: zsh completions where Debian's zsh looks.
if run_make install DESTDIR="$scratch/usr" PREFIX=/usr >/dev/null && [ -f "$scratch/usr/usr/share/zsh/vendor-completions/_winctl" ] \
    && grep -qx 'ExecStart=/usr/bin/windowd' "$scratch/usr/usr/lib/systemd/system/windowd.service"; then
    pass "PREFIX=/usr: /usr/bin/windowd in the units, zsh completion in vendor-completions"
else
    fail "PREFIX=/usr" "$(cd "$scratch/usr" && find . -type f | sort)"
fi

run_make uninstall DESTDIR="$root" PREFIX="$prefix" >/dev/null
left=$(cd "$root" && find . -type f | sort)
if [ "$left" = "./etc/windowd/windowd.toml" ]; then
    pass "uninstall removes everything but the config"
else
    fail "left after uninstall" "$left"
fi

finish
