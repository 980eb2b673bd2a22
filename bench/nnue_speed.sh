#!/usr/bin/env bash
# Search speed of the learned evaluation against the hand evaluation, variant by variant: makes a
# small network of the default width for each variant (a few self-play games at few nodes, one
# epoch: its weights do not change its speed) in a scratch folder, then runs bench/search_nps.py
# with NETS set, which searches each start position with the hand evaluation and with the net.
#
#   bench/nnue_speed.sh [SECONDS] [RUNS]        (defaults: 4 seconds, 3 runs)
#   VARIANTS="janggi grand" bench/nnue_speed.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ALFIL=${ALFIL:-target/release/alfil}
VARIANTS=${VARIANTS:-"chess xiangqi shogi capablanca crazyhouse janggi grand"}
NETS=${NETS_DIR:-$(mktemp -d)}
for variant in $VARIANTS; do
    if ! [ -f "$NETS/$variant.nnue" ]; then
        "$ALFIL" selfplay "$variant" --out "$NETS/$variant.bin" --games 8 --nodes 500 \
            --hand-eval >/dev/null 2>&1
        "$ALFIL" train "$variant" "$NETS/$variant.bin" --epochs 1 --out "$NETS/$variant.nnue" \
            >/dev/null
    fi
done
NETS="$NETS" VARIANTS="$VARIANTS" ENGINES="$ALFIL" python3 bench/search_nps.py "$@"
