#!/bin/sh
# winctl run's cost, beside the same program run directly and inside tmux, in one run
# (`make bench-run-cost`; winctl(1), "run"): 128 MiB of text through a terminal, and a key's echo
# (a byte written to the terminal until the echoed byte is read back), each read by
# bench/ptybench.c from a pseudo-terminal of its own. Prints a Markdown table. The C relay of
# bench/relay.c, built here, is winctl run's byte path alone: what its relay could reach.
#
#   bench/run-cost.sh PTYBENCH WINDOWD WINCTL [ROUNDS]
set -eu
ptybench=$1 windowd=$2 winctl=$3 rounds=${4:-7}
directory=$(mktemp -d /tmp/run-cost.XXXXXX)
tmux_socket="run-cost-$$"
trap 'kill "$daemon" 2>/dev/null; tmux -L "$tmux_socket" kill-server 2>/dev/null; rm -rf "$directory"' EXIT
printf '[state]\ndirectory = "%s/state"\n[app]\nminimum_loading_ms = 0\n[groups.bench]\nvalue = "string"\n' "$directory" > "$directory/windowd.toml"
"$windowd" --config "$directory/windowd.toml" --socket "$directory/s.sock" > "$directory/windowd.log" 2>&1 &
daemon=$!
for _ in $(seq 1 100); do [ -S "$directory/s.sock" ] && break; sleep 0.05; done
head -c 100663296 /dev/urandom | base64 -w 120 > "$directory/big.txt"   # 128 MiB of 121-byte lines
cc -O2 -Wall -o "$directory/relay" "$(dirname "$0")/relay.c" -lutil -lpthread
relay="$directory/relay -d eager --"
echoer="stty raw -echo; printf R; exec cat"
run="$winctl --socket $directory/s.sock run bench"
intmux="tmux -L $tmux_socket -f /dev/null new-session"

best() {  # the fastest of ROUNDS throughput runs: "MiB/s seconds"
    fastest=
    for _ in $(seq 1 "$rounds"); do
        seconds=$("$ptybench" throughput -- "$@" | cut -d' ' -f2)
        fastest=$(printf '%s\n%s\n' "$seconds" "$fastest" | grep . | sort -n | head -1)
    done
    echo "$(echo "scale=0; 128 / $fastest" | bc) $fastest"
}
median_latency() {  # the median of ROUNDS latency runs of 300 keys: "p50 p99" in µs
    for _ in $(seq 1 "$rounds"); do "$ptybench" latency 300 -- "$@"; done | sort -n | sed -n "$(( (rounds + 1) / 2 ))p"
}

set -- \
    "directly|cat $directory/big.txt|sh -c '$echoer'" \
    "under script(1), a relay in C|script -qc 'cat $directory/big.txt' /dev/null|script -qc \"$echoer\" /dev/null" \
    "bench/relay.c, winctl run's relay design in C|$relay cat $directory/big.txt|$relay sh -c '$echoer'" \
    "winctl run|$run t -- cat $directory/big.txt|$run l -- sh -c '$echoer'" \
    "inside tmux (attached client)|$intmux cat $directory/big.txt|$intmux sh -c '$echoer'"

# Rounds are interleaved (every row once per round, in turn), so that a change in the machine's
# load falls on every row alike; each row's figures are its medians, and its ratio is the median
# of its per-round ratios to the direct run of the same round.
for round in $(seq 1 "$rounds"); do
    row_number=0
    for row in "$@"; do
        row_number=$((row_number + 1))
        rest=${row#*|}
        output=${rest%%|*} echo_command=${rest#*|}
        seconds=$(eval "\"\$ptybench\" throughput -- $output" | cut -d' ' -f2)
        latency=$(eval "\"\$ptybench\" latency 300 -- $echo_command")
        echo "$row_number $round $seconds $latency" >> "$directory/samples"
    done
done

echo "| program's terminal | 128 MiB: MiB/s | s | × direct | key echo p50 µs | p99 µs |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
row_number=0
for row in "$@"; do
    row_number=$((row_number + 1))
    label=${row%%|*}
    awk -v row="$row_number" -v label="$label" '
        function median(values, count,    i, j, swap) {
            for (i = 2; i <= count; i++)
                for (j = i; j > 1 && values[j - 1] > values[j]; j--) {
                    swap = values[j]; values[j] = values[j - 1]; values[j - 1] = swap
                }
            return count % 2 ? values[(count + 1) / 2] : (values[count / 2] + values[count / 2 + 1]) / 2
        }
        $1 == 1 { direct[$2] = $3 }
        $1 == row { n++; seconds[n] = $3; p50[n] = $4; p99[n] = $5; round[n] = $2 }
        END {
            for (i = 1; i <= n; i++) ratio[i] = direct[round[i]] / seconds[i]
            s = median(seconds, n)
            printf "| %s | %.0f | %.3f | %.2f | %.1f | %.1f |\n", label, 128 / s, s, median(ratio, n), median(p50, n), median(p99, n)
        }' "$directory/samples"
done
echo
echo "rounds: $rounds, interleaved (each figure the median of its rounds; a latency round is 300 keys); load average $(cut -d' ' -f1-3 /proc/loadavg)"
