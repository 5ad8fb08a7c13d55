#!/usr/bin/env bash
# Builds the libFuzzer target with swiftc (no SwiftPM): WindowProtocol, WindowCore and
# WindowDispatch (the daemon's own router) as modules, then the session and the entry point, all with -sanitize=fuzzer,address.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFTC=${SWIFTC:-swiftc}
OUT=${FUZZ_BUILD:-.build-fuzz}
mkdir -p "$OUT"
FLAGS=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g -warnings-as-errors -use-ld=lld -I "$OUT")

module() {  # module NAME SOURCE_DIR
    "$SWIFTC" "${FLAGS[@]}" -module-name "$1" -emit-module -emit-module-path "$OUT/$1.swiftmodule" \
        -wmo -c -o "$OUT/$1.o" $(find "$2" -name '*.swift' | sort)
}

module WindowProtocol Sources/WindowProtocol
module WindowCore Sources/WindowCore
module WindowDispatch Sources/WindowDispatch
module WindowFuzzing fuzz/WindowFuzzing
"$SWIFTC" "${FLAGS[@]}" -module-name windowfuzz fuzz/Entry/FuzzEntry.swift \
    "$OUT/WindowProtocol.o" "$OUT/WindowCore.o" "$OUT/WindowDispatch.o" "$OUT/WindowFuzzing.o" -o "$OUT/windowfuzz"
echo "built $OUT/windowfuzz"
