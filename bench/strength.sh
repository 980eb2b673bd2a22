#!/usr/bin/env bash
# Strength matches of Alfil against other variant engines (Debian packages fairymax, sjaakii,
# fairy-stockfish), refereed by `alfil match`, and a table of the results.
#
#   bench/strength.sh [GAMES] [TC] [RANDOM_PLIES]   # defaults: 200 games a match at 10+0.1
#   MATCHES="fairymax:chess sjaakii:shogi" bench/strength.sh   # only these matches
#   OPENINGS=random PLIES=4 bench/strength.sh       # random openings of 4 plies instead (as a
#                                                   # third argument, RANDOM_PLIES, also gives)
#   JOBS=2 bench/strength.sh                        # two matches at a time (timed games then
#                                                   # share the cores: slower for both engines)
#
# Each pair of games starts from one opening, played once with each colour: by default from
# Alfil's shipped set for the variant (variants/openings/NAME.fen, `--openings builtin`), taken in
# order. Alfil runs with one thread. The binary is copied first, so rebuilding during the matches
# is safe.
# Install the opponents with: apt-get install fairymax sjaakii fairy-stockfish
# A match is skipped (and says why) when its engine is missing.
set -uo pipefail
cd "$(dirname "$0")/.."
GAMES="${1:-200}"
TC="${2:-10+0.1}"
OPENINGS="${OPENINGS:-builtin}"
PLIES="${PLIES:-4}"
if [ $# -ge 3 ]; then
    OPENINGS=random
    PLIES="$3"
fi
JOBS="${JOBS:-1}"
MATCHES="${MATCHES:-fairymax:chess fairymax:capablanca fairymax:shatranj sjaakii:chess \
sjaakii:capablanca sjaakii:xiangqi sjaakii:shogi fairy-stockfish:chess fairy-stockfish:capablanca \
fairy-stockfish:xiangqi fairy-stockfish:shogi fairy-stockfish:crazyhouse fairy-stockfish:janggi \
fairy-stockfish:makruk fairy-stockfish:seirawan}"
OUT="${OUT:-$(mktemp -d)}"
mkdir -p "$OUT"
cargo build --release --quiet || exit 1
cp target/release/alfil "$OUT/alfil"
ALFIL="$OUT/alfil"

play() {
    local name="${1%%:*}" variant="${1#*:}"
    local engine="/usr/games/$name" log="$OUT/$name-$variant.txt"
    if ! [ -x "$engine" ]; then
        echo "skipped: $engine is not installed" >"$log.err"
        return
    fi
    local start=(--openings "$OPENINGS")
    if [ "$OPENINGS" = random ]; then
        start=(--random-plies "$PLIES")
    fi
    "$ALFIL" match --variant "$variant" --engine "$ALFIL" --engine "$engine" --games "$GAMES" \
        --tc "$TC" "${start[@]}" --pgn "$OUT/$name-$variant.pgn" >"$log" 2>"$log.err"
}
export -f play
export OUT ALFIL GAMES TC PLIES OPENINGS
# shellcheck disable=SC2086
printf '%s\n' $MATCHES | xargs -P "$JOBS" -I{} bash -c 'play {}'

printf '%-16s %-11s %6s %-11s %-8s %s\n' opponent variant games W/D/L score "Elo (95%)"
for m in $MATCHES; do
    name="${m%%:*}" variant="${m#*:}" log="$OUT/$name-$variant.txt"
    wdl=$(sed -n 's/^W\/D\/L: //p' "$log" 2>/dev/null)
    if [ -z "$wdl" ]; then
        printf '%-16s %-11s failed: %s\n' "$name" "$variant" "$(tail -n 1 "$log.err")"
        continue
    fi
    score=$(sed -n 's/^Score: \([^ ]*\) .*/\1/p' "$log")
    elo=$(sed -n 's/.*Elo difference: //p' "$log")
    printf '%-16s %-11s %6s %-11s %-8s %s\n' "$name" "$variant" "$GAMES" "$wdl" "$score" "$elo"
done
echo "games and logs: $OUT"
