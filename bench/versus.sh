#!/usr/bin/env bash
# Perft speed of Alfil, Fairy-Stockfish and Sjaak II side by side: for each start position and
# depth below, the three engines run in turn, RUNS times (default 5), single-threaded, and the
# table gives each one's median nodes per second and Alfil's ratio to Fairy-Stockfish.
#
#   bench/versus.sh [RUNS]        (engines: $ALFIL, $FAIRY, $SJAAK; Debian puts the others in
#                                  /usr/games: apt-get install fairy-stockfish sjaakii bc)
#
# Alfil and Sjaak II report the time of the perft itself. Fairy-Stockfish's `go perft` prints
# only a count, so its time is the wall clock of the run minus that of a depth-1 run of the same
# variant (its start-up), measured alongside. An engine that does not play a variant shows "—".
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
ALFIL=${ALFIL:-target/release/alfil}
FAIRY=${FAIRY:-/usr/games/fairy-stockfish}
SJAAK=${SJAAK:-/usr/games/sjaakii}
CASES=("chess 6" "capablanca 5" "shogi 5" "grand 4" "crazyhouse 5" "janggi 4" "xiangqi 5" "shako 4")
# VERSUS_CASES="chess 5,xiangqi 4" replaces the list.
if [ -n "${VERSUS_CASES:-}" ]; then IFS=',' read -ra CASES <<<"$VERSUS_CASES"; fi

[ -x "$ALFIL" ] || cargo build --release --quiet

now() { date +%s.%N; }

# Nodes and seconds of one Alfil perft.
alfil_run() {
    "$ALFIL" perft "$1" "$2" --threads 1 2>&1 |
        awk '/^time/ { secs = $2 } /^[0-9]+$/ { nodes = $1 } END { print nodes, secs }'
}

# Wall-clock seconds and the count of one Fairy-Stockfish perft.
fairy_wall() {
    local start end out
    start=$(now)
    out=$(printf 'uci\nsetoption name UCI_Variant value %s\nposition startpos\ngo perft %s\nquit\n' \
        "$1" "$2" | "$FAIRY" 2>/dev/null | awk '/^Nodes searched/ { print $3 }')
    end=$(now)
    echo "$out $(echo "$end - $start" | bc -l)"
}

fairy_run() {
    local nodes wall _ startup
    read -r nodes wall < <(fairy_wall "$1" "$2")
    read -r _ startup < <(fairy_wall "$1" 1)
    [ -n "$nodes" ] || { echo "- -"; return; }
    echo "$nodes $(echo "$wall - $startup" | bc -l)"
}

# Nodes and seconds of one Sjaak II perft (its line for the last depth).
sjaak_run() {
    printf 'xboard\nprotover 2\nvariant %s\nperft %s\nquit\n' "$1" "$2" |
        timeout 600 "$SJAAK" 2>/dev/null |
        awk -v d="$2" '$1 == d && $4 ~ /nps$/ { print $2, $3; found = 1 } END { if (!found) print "- -" }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else print v[int((NR + 1) / 2)] }'; }

rate() { awk -v n="$1" -v s="$2" 'BEGIN { if (n == "-" || s <= 0) print "-"; else printf "%.2f", n / s / 1e6 }'; }

printf '| start position, depth | Alfil M nodes/s | FS M nodes/s | Sjaak II M nodes/s | Alfil ÷ FS |\n'
printf '| --- | --- | --- | --- | --- |\n'
for case in "${CASES[@]}"; do
    read -r variant depth <<<"$case"
    alfil_rates=() fairy_rates=() sjaak_rates=()
    counts=""
    for _ in $(seq "$RUNS"); do
        read -r n s < <(alfil_run "$variant" "$depth")
        alfil_rates+=("$(rate "$n" "$s")")
        counts="alfil $n"
        [ -x "$FAIRY" ] && { read -r n s < <(fairy_run "$variant" "$depth"); fairy_rates+=("$(rate "$n" "$s")"); counts="$counts, fs $n"; }
        [ -x "$SJAAK" ] && { read -r n s < <(sjaak_run "$variant" "$depth"); sjaak_rates+=("$(rate "$n" "$s")"); counts="$counts, sjaak $n"; }
    done
    a=$(printf '%s\n' "${alfil_rates[@]}" | grep -v '^-$' | median)
    f=$( (printf '%s\n' "${fairy_rates[@]:-}" | grep -v '^-$' || true) | median)
    j=$( (printf '%s\n' "${sjaak_rates[@]:-}" | grep -v '^-$' || true) | median)
    ratio=$(awk -v a="$a" -v f="$f" 'BEGIN { if (a == "-" || f == "-" || f <= 0) print "—"; else printf "%.2f", a / f }')
    printf '| %s %s | %s | %s | %s | %s |\n' "$variant" "$depth" "$a" "${f/-/—}" "${j/-/—}" "$ratio"
    echo "  counts: $counts" >&2
done
