#!/usr/bin/env python3
"""Search speed of Alfil and other UCI engines side by side: from each variant's start position,
each engine searches for a fixed time (UCI `go movetime`), one engine after another, RUNS times,
and the table gives the median nodes per second (the last `info ... nodes` line over the wall
time from `go` to `bestmove`), the depth reached and Alfil's ratio to Fairy-Stockfish.

    bench/search_nps.py [SECONDS] [RUNS]        (defaults: 4 seconds, 3 runs)
    VARIANTS="xiangqi janggi" bench/search_nps.py
    ENGINES="target/release/alfil /tmp/alfil-old /usr/games/fairy-stockfish" bench/search_nps.py

The first engine is Alfil; an engine named fairy-stockfish gives the ratio column. Debian puts
Fairy-Stockfish in /usr/games (apt-get install fairy-stockfish); a missing engine is skipped.

    NETS=DIR bench/search_nps.py               (the learned evaluation's speed)

With NETS, Alfil runs twice: with `Use NNUE` off (the hand evaluation) and with the network
DIR/VARIANT.nnue (UCI `EvalFile`), and a last column gives the network's speed over the hand
evaluation's. A net's speed does not depend on its weights, only on its width, so nets trained
briefly (bench/nnue_speed.sh) measure it.
"""

import os
import statistics
import subprocess
import sys
import time

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 4.0
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
VARIANTS = os.environ.get("VARIANTS", "xiangqi janggi chess shogi").split()
ENGINES = os.environ.get(
    "ENGINES", "target/release/alfil /usr/games/fairy-stockfish"
).split()
NETS = os.environ.get("NETS")


def search(engine, variant, options=()):
    """Nodes per second and depth of one timed search from the start position."""
    uci = subprocess.Popen(
        [engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )

    def send(line):
        uci.stdin.write(line + "\n")
        uci.stdin.flush()

    send("uci")
    send(f"setoption name UCI_Variant value {variant}")
    for name, value in options:
        send(f"setoption name {name} value {value}")
    send("isready")
    while uci.stdout.readline().strip() != "readyok":
        pass
    send("position startpos")
    start = time.time()
    send(f"go movetime {int(SECONDS * 1000)}")
    last = ""
    for line in uci.stdout:
        if line.startswith("bestmove"):
            break
        if " nodes " in line:
            last = line
    wall = time.time() - start
    send("quit")
    uci.wait()
    words = last.split()
    nodes = int(words[words.index("nodes") + 1])
    depth = int(words[words.index("depth") + 1])
    return nodes / wall, depth


def net_columns():
    """The table of the hand evaluation against the network, both in the first engine."""
    alfil = ENGINES[0]
    print("| variant | hand k nodes/s (depth) | net k nodes/s (depth) | net ÷ hand |")
    print("| --- | --- | --- | --- |")
    for variant in VARIANTS:
        net = os.path.abspath(os.path.join(NETS, f"{variant}.nnue"))
        if not os.path.exists(net):
            print(f"skipped (no network): {net}", file=sys.stderr)
            continue
        hand = [search(alfil, variant, [("Use NNUE", "false")]) for _ in range(RUNS)]
        learned = [search(alfil, variant, [("EvalFile", net)]) for _ in range(RUNS)]
        cells = [
            f"{statistics.median(r[0] for r in runs) / 1000:.0f} "
            f"({statistics.median(r[1] for r in runs)})"
            for runs in (hand, learned)
        ]
        ratio = statistics.median(r[0] for r in learned) / statistics.median(
            r[0] for r in hand
        )
        print(f"| {variant} {SECONDS:g} s | {' | '.join(cells)} | {ratio:.2f} |")


def main():
    if NETS:
        net_columns()
        return
    engines = [e for e in ENGINES if os.access(e, os.X_OK)]
    for missing in set(ENGINES) - set(engines):
        print(f"skipped (not found): {missing}", file=sys.stderr)
    names = [os.path.basename(e) for e in engines]
    print(f"| variant | {' | '.join(f'{n} k nodes/s (depth)' for n in names)} | Alfil ÷ FS |")
    print(f"| --- | {' | '.join('---' for _ in names)} | --- |")
    for variant in VARIANTS:
        runs = {e: [search(e, variant) for _ in range(RUNS)] for e in engines}
        medians = {e: statistics.median(r[0] for r in runs[e]) for e in engines}
        cells = [
            f"{medians[e] / 1000:.0f} ({statistics.median(r[1] for r in runs[e])})"
            for e in engines
        ]
        fairy = [e for e in engines if os.path.basename(e) == "fairy-stockfish"]
        ratio = f"{medians[engines[0]] / medians[fairy[0]]:.2f}" if fairy else "—"
        print(f"| {variant} {SECONDS:g} s | {' | '.join(cells)} | {ratio} |")


if __name__ == "__main__":
    main()
