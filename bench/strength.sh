#!/usr/bin/env bash
# Strength matches of Alfil against other variant engines (Debian packages fairymax, sjaakii,
# fairy-stockfish), refereed by `alfil match`, and a table of the results.
#
#   bench/strength.sh [GAMES] [TC]        # defaults: 200 games a match at 10+0.1
#
# Install the opponents with: apt-get install fairymax sjaakii fairy-stockfish
# A match is skipped (and says why) when its engine or variant is missing.
set -uo pipefail
cd "$(dirname "$0")/.."
GAMES="${1:-200}"
TC="${2:-10+0.1}"
cargo build --release --quiet
ALFIL="$PWD/target/release/alfil"
OUT="$(mktemp -d)"

MATCHES=(
    "fairymax /usr/games/fairymax chess"
    "fairymax /usr/games/fairymax capablanca"
    "fairymax /usr/games/fairymax shatranj"
    "sjaakii /usr/games/sjaakii chess"
    "sjaakii /usr/games/sjaakii capablanca"
    "sjaakii /usr/games/sjaakii xiangqi"
    "sjaakii /usr/games/sjaakii shogi"
    "fairy-stockfish /usr/games/fairy-stockfish chess"
    "fairy-stockfish /usr/games/fairy-stockfish capablanca"
)

printf '%-16s %-11s %6s %-11s %-8s %s\n' opponent variant games W/D/L score "Elo (95%)"
for m in "${MATCHES[@]}"; do
    read -r name engine variant <<<"$m"
    log="$OUT/$name-$variant.txt"
    if ! [ -x "$engine" ]; then
        printf '%-16s %-11s skipped: %s is not installed\n' "$name" "$variant" "$engine"
        continue
    fi
    if ! "$ALFIL" match --variant "$variant" --engine "$ALFIL" --engine "$engine" \
        --games "$GAMES" --tc "$TC" --pgn "$OUT/$name-$variant.pgn" >"$log" 2>"$log.err"; then
        printf '%-16s %-11s failed: %s\n' "$name" "$variant" "$(tail -n 1 "$log.err")"
        continue
    fi
    wdl=$(sed -n 's/^W\/D\/L: //p' "$log")
    score=$(sed -n 's/^Score: \([^ ]*\) .*/\1/p' "$log")
    elo=$(sed -n 's/.*Elo difference: //p' "$log")
    printf '%-16s %-11s %6s %-11s %-8s %s\n' "$name" "$variant" "$GAMES" "$wdl" "$score" "$elo"
done
echo "games and logs: $OUT"
