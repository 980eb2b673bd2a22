#!/usr/bin/env bash
# SPRT of the working tree against revision REV: builds REV in a temporary worktree and the
# working tree, then plays `alfil match --sprt` with the working tree's build as the first
# engine (and referee). Options after REV go to `alfil match` and override the defaults:
#   bench/sprt.sh main                                   # chess, 10+0.1, SPRT [0,10], shipped openings
#   bench/sprt.sh HEAD~1 --variant xiangqi --nodes 20000 --sprt 0,20 --concurrency 2
# Never run two timed SPRTs at once on the same cores: their clocks would disturb each other.
set -euo pipefail
rev=${1:?usage: bench/sprt.sh REV [alfil match options]}
shift
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
cleanup() {
    git -C "$root" worktree remove --force "$work/base-tree" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
git -C "$root" worktree add --detach "$work/base-tree" "$rev" >/dev/null
echo "building $rev ..." >&2
(cd "$work/base-tree" && cargo build --release --quiet)
echo "building the working tree ..." >&2
(cd "$root" && cargo build --release --quiet)
cp "$work/base-tree/target/release/alfil" "$work/base"
cp "$root/target/release/alfil" "$work/new"
given=" $* "
defaults=()
[[ $given == *" --variant "* ]] || defaults+=(--variant chess)
[[ $given == *" --tc "* ]] || defaults+=(--tc 10+0.1)
[[ $given == *" --random-plies "* || $given == *" --openings "* ]] || defaults+=(--openings builtin)
[[ $given == *" --sprt "* ]] || defaults+=(--sprt 0,10)
[[ $given == *" --games "* ]] || defaults+=(--games 20000)
"$work/new" match --engine "$work/new" --engine "$work/base" "${defaults[@]}" "$@"
