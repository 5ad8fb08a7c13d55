#!/usr/bin/env bash
# Builds the libFuzzer targets with swiftc (no SwiftPM), all with -sanitize=fuzzer,address:
#   windowfuzz: WindowProtocol, WindowCore and WindowDispatch (the daemon's own router) as
#               modules, then the session and the entry point;
#   tomlfuzz:   the TOML parser as a module, then the config decoding (Sources/WindowServer/Config,
#               which needs only TOML, WindowCore and POSIXSupport's file read) with its
#               invariants, then the entry point.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFTC=${SWIFTC:-swiftc}
OUT=${FUZZ_BUILD:-.build-fuzz}
mkdir -p "$OUT"
# The upcoming features of Package.swift's swiftSettings, so that the sources compile alike.
FEATURES=(-enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility -enable-upcoming-feature InternalImportsByDefault)
FLAGS=(-sanitize=fuzzer,address -parse-as-library -package-name windowd -swift-version 6 -O -g -warnings-as-errors -use-ld=lld -I "$OUT" "${FEATURES[@]}"
       -I Sources/CGlibcExtensions/include)

module() {  # module NAME SOURCE_DIR...
    local name=$1
    shift
    "$SWIFTC" "${FLAGS[@]}" -module-name "$name" -emit-module -emit-module-path "$OUT/$name.swiftmodule" \
        -wmo -c -o "$OUT/$name.o" $(find "$@" -name '*.swift' | sort)
}

module WindowProtocol Sources/WindowProtocol
module WindowCore Sources/WindowCore
module WindowDispatch Sources/WindowDispatch
module WindowFuzzing fuzz/WindowFuzzing
"$SWIFTC" "${FLAGS[@]}" -module-name windowfuzz fuzz/Entry/FuzzEntry.swift \
    "$OUT/WindowProtocol.o" "$OUT/WindowCore.o" "$OUT/WindowDispatch.o" "$OUT/WindowFuzzing.o" -o "$OUT/windowfuzz"
echo "built $OUT/windowfuzz"

module TOML Sources/TOML
"${CLANG:-clang}" -O2 -c Sources/CGlibcExtensions/GlibcExtensions.c -I Sources/CGlibcExtensions/include -o "$OUT/CGlibcExtensions.o"
module POSIXSupport Sources/POSIXSupport
module TOMLFuzzing fuzz/TOMLFuzzing Sources/WindowServer/Config
"$SWIFTC" "${FLAGS[@]}" -module-name tomlfuzz fuzz/Entry/TOMLFuzzEntry.swift \
    "$OUT/WindowProtocol.o" "$OUT/WindowCore.o" "$OUT/TOML.o" "$OUT/CGlibcExtensions.o" "$OUT/POSIXSupport.o" "$OUT/TOMLFuzzing.o" \
    -o "$OUT/tomlfuzz"
echo "built $OUT/tomlfuzz"
