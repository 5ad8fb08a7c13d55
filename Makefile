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

.PHONY: all deps build release run test test-unit test-units-verify test-systemd install uninstall clean fuzz test-sanitize soak bench bench-compare

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

## Every test: unit and end-to-end (swift test), the Python client's (unittest, against the real
## daemon), then the systemd unit checks.
test: build
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	@set -o pipefail; $(SWIFT) test --skip-build $(SWIFT_FLAGS) 2>&1 | tee .build/test.log
	@grep -Eq 'Test run with [1-9][0-9]* tests? .*passed' .build/test.log || { echo "make test: no swift test ran"; exit 1; }
	@set -o pipefail; WINDOWD_BIN=$(BIN)/windowd python3 -m unittest discover -s clients/python -p 'test_*.py' 2>&1 | tee .build/test-python.log
	@grep -Eq '^Ran [1-9][0-9]* tests? ' .build/test-python.log && ! grep -q 'skipped=' .build/test-python.log \
		|| { echo "make test: the Python client's tests did not run"; exit 1; }
	Tests/systemd/verify-units.sh

## Boot a real systemd (Debian bookworm in systemd-nspawn, cached in /var/cache/windowd-test)
## and check the units and the release build under it.
test-systemd: deps
	SWIFT="$(SWIFT)" RELEASE_FLAGS="$(RELEASE_FLAGS)" Tests/systemd/run-under-systemd.sh

## Measure the release windowd (issue 6) and print one table; winctl is timed as built by
## `swift build -c release` and with --static-swift-stdlib.
bench: deps
	$(SWIFT) build -c release
	@mkdir -p .build/bench && cp .build/release/winctl .build/bench/winctl-dynamic
	$(SWIFT) build -c release --static-swift-stdlib --product winctl
	@cp .build/release/winctl .build/bench/winctl-static
	.build/release/windowbench --windowd .build/release/windowd --winctl .build/bench/winctl-dynamic \
		--winctl-static .build/bench/winctl-static --output .build/bench/table.txt --command "make bench"

## make bench, and in the same run its peers (redis over a Unix socket, tmux's client, a C
## echo as the physical floor), each windowd figure with its ratio to its peer.
bench-compare: deps
	@missing=""; for p in redis-server redis-tools; do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		SUDO=""; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq $$missing; \
	fi
	$(SWIFT) build -c release
	@mkdir -p .build/bench && cp .build/release/winctl .build/bench/winctl-dynamic
	$(SWIFT) build -c release --static-swift-stdlib --product winctl
	@cp .build/release/winctl .build/bench/winctl-static
	cc -O2 -Wall -o .build/bench/echo bench/echo.c
	.build/release/windowbench --compare --echo .build/bench/echo --windowd .build/release/windowd \
		--winctl .build/bench/winctl-dynamic --winctl-static .build/bench/winctl-static \
		--output .build/bench/table-compare.txt --command "make bench-compare"

## libFuzzer over framing, JSON-RPC decoding, params and dispatch against an in-memory core
## (fuzz/). Runs FUZZ_SECONDS on a working copy of fuzz/corpus; a crash is saved in
## .build-fuzz/artifacts/ and must become a test in Tests/WindowCoreTests/FuzzRegressionTests.swift.
FUZZ_SECONDS ?= 60
fuzz:
	fuzz/build.sh
	mkdir -p .build-fuzz/corpus .build-fuzz/artifacts
	cp -n fuzz/corpus/* .build-fuzz/corpus/
	SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 .build-fuzz/windowfuzz \
		-max_total_time=$(FUZZ_SECONDS) -max_len=8192 -timeout=10 \
		-dict=fuzz/jsonrpc.dict -print_final_stats=1 -artifact_prefix=.build-fuzz/artifacts/ \
		.build-fuzz/corpus fuzz/corpus

## The whole test suite under AddressSanitizer, then ThreadSanitizer, each in its own scratch path;
## the end-to-end tests run the sanitized windowd built next to them. lld: gold warns on ASan's symbols.
## Leak checking is off: at exit LeakSanitizer reports the Swift runtime's and TOMLKit's
## never-freed allocations, and makes every daemon exit 1 (ASAN_LEAKS=1 turns it back on).
SANITIZE_FLAGS ?= -Xswiftc -use-ld=lld
ASAN_LEAKS ?= 0
test-sanitize: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan $(SANITIZE_FLAGS) $(SWIFT_FLAGS)
	WINDOWD_TEST_TIME_SCALE=10 ASAN_OPTIONS=detect_leaks=$(ASAN_LEAKS) SWIFT_BACKTRACE=enable=no $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan $(SANITIZE_FLAGS) $(SWIFT_FLAGS)
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan $(SANITIZE_FLAGS) $(SWIFT_FLAGS)
	WINDOWD_TEST_NO_FORK=1 WINDOWD_TEST_TIME_SCALE=10 SWIFT_BACKTRACE=enable=no $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan $(SANITIZE_FLAGS) $(SWIFT_FLAGS)

## Soak and churn against the real daemon on a private socket (soak/soak.py says what). Bounded:
## SOAK_SECONDS of load (default 120, at most 600), the SOAK_CYCLES connect cycles run alongside.
SOAK_SECONDS ?= 120
SOAK_CYCLES ?= 100000
soak: build
	$(SWIFT) build -c release --product windowd $(SWIFT_FLAGS)
	python3 soak/soak.py --windowd .build/release/windowd --seconds $(SOAK_SECONDS) --cycles $(SOAK_CYCLES)

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
