#!/usr/bin/env bash
# Builds the libFuzzer targets from the main manifest (WINDOWD_FUZZ=1 adds them; Package.swift):
#   windowfuzz: framing, JSON-RPC decoding, params and dispatch (WindowEngine, the daemon's own
#               router) against an in-memory core;
#   tomlfuzz:   the config and manifest decoding (WindowServer's Config, read with TOMLKit) with
#               their invariants.
# The package's own targets are compiled with -sanitize=fuzzer,address, in release, into their own
# build directory (FUZZ_BUILD, .build-fuzz), so that the daemon's build is not touched.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
OUT=${FUZZ_BUILD:-.build-fuzz}
for product in windowfuzz tomlfuzz; do
    WINDOWD_FUZZ=1 "$SWIFT" build -c release --scratch-path "$OUT" --product "$product"
    ln -sf "release/$product" "$OUT/$product"
    echo "built $OUT/$product"
done
