# windowd — build, run, test, install. `make run` and `make test` work on a fresh
# Debian machine with the Swift toolchain: they install what is missing first.

SHELL := /bin/bash
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
SWIFT_FLAGS ?=
RELEASE_FLAGS ?= -c release --static-swift-stdlib
APT_PACKAGES := libsystemd-dev libsqlite3-dev tmux python3
BIN := .build/debug

.PHONY: all deps build release run test test-unit test-units-verify test-systemd install uninstall clean

all: build

## Install the Debian packages the build and the tests need, if any is missing.
deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		SUDO=""; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

## Build and run windowd in the foreground on its embedded defaults (config/windowd.toml).
run: build
	$(BIN)/windowd

## Every test: unit and end-to-end (swift test), then the systemd unit checks.
test: build
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	@set -o pipefail; $(SWIFT) test --skip-build $(SWIFT_FLAGS) 2>&1 | tee .build/test.log
	@grep -Eq 'Test run with [1-9][0-9]* tests? .*passed' .build/test.log || { echo "make test: no swift test ran"; exit 1; }
	Tests/systemd/verify-units.sh

## Boot a real systemd (Debian bookworm in systemd-nspawn, cached in /var/cache/windowd-test)
## and check the units and the release build under it.
test-systemd: deps
	SWIFT="$(SWIFT)" RELEASE_FLAGS="$(RELEASE_FLAGS)" Tests/systemd/run-under-systemd.sh

install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)/etc/windowd
	install -m 0755 .build/release/windowd .build/release/winctl $(DESTDIR)$(PREFIX)/bin/
	install -d $(DESTDIR)/usr/lib/systemd/system $(DESTDIR)/usr/lib/systemd/user
	install -m 0644 systemd/windowd.service systemd/windowd.socket $(DESTDIR)/usr/lib/systemd/system/
	install -m 0644 systemd/user/windowd.service systemd/user/windowd.socket $(DESTDIR)/usr/lib/systemd/user/
	[ -e $(DESTDIR)/etc/windowd/windowd.toml ] || install -m 0644 config/windowd.toml $(DESTDIR)/etc/windowd/windowd.toml

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/windowd $(DESTDIR)$(PREFIX)/bin/winctl
	rm -f $(DESTDIR)/usr/lib/systemd/system/windowd.service $(DESTDIR)/usr/lib/systemd/system/windowd.socket
	rm -f $(DESTDIR)/usr/lib/systemd/user/windowd.service $(DESTDIR)/usr/lib/systemd/user/windowd.socket

clean:
	rm -rf .build
