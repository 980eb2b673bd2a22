#!/usr/bin/env python3
"""Nodes to complete each depth, Alfil beside Fairy-Stockfish, from the positions of the search
signature (`alfil bench --search`, read from src/cli/bench.rs so the two never differ): each
engine, one after the other, in a fresh process with one thread and a 16 MB table as the
signature has, searches each position to its signature depth (UCI `go depth`), and the table
gives the nodes each had searched when it completed each depth (the `info depth` line without
an aspiration bound) and Alfil's ratio to Fairy-Stockfish. A ratio below 1 means Alfil
completes the depth with fewer nodes; the plies need not hold as much.

    bench/search_depth.py [DEPTH]        (DEPTH: the signature's base depth, default 8)
    VARIANTS="chess xiangqi" bench/search_depth.py
    ALFIL=/tmp/alfil-old FAIRY=/usr/games/fairy-stockfish bench/search_depth.py 6

Debian puts Fairy-Stockfish in /usr/games (apt-get install fairy-stockfish).
"""

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEPTH = int(sys.argv[1]) if len(sys.argv) > 1 else 8
ALFIL = os.environ.get("ALFIL", os.path.join(ROOT, "target/release/alfil"))
FAIRY = os.environ.get("FAIRY", "/usr/games/fairy-stockfish")
VARIANTS = os.environ.get("VARIANTS", "").split()


def signature_positions():
    """(variant, FEN or None for the start position, extra plies) of SEARCH_POSITIONS."""
    with open(os.path.join(ROOT, "src/cli/bench.rs"), encoding="utf-8") as f:
        source = f.read()
    body = source[source.index("const SEARCH_POSITIONS") :]
    body = body[: body.index("];")]
    entry = re.compile(r'\(\s*"([\w-]+)",\s*(None|Some\(\s*"([^"]*)",?\s*\)),\s*(\d+),?\s*\)')
    positions = [(m[1], m[3], int(m[4])) for m in entry.finditer(body)]
    if not positions:
        sys.exit("no positions found in src/cli/bench.rs SEARCH_POSITIONS")
    return positions


def completed_nodes(engine, variant, fen, depth):
    """The nodes searched when each depth 1..depth was completed, by depth."""
    uci = subprocess.Popen(
        [engine],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        bufsize=1,
    )

    def send(line):
        uci.stdin.write(line + "\n")
        uci.stdin.flush()

    send("uci")
    send(f"setoption name UCI_Variant value {variant}")
    send("setoption name Threads value 1")
    send("setoption name Hash value 16")
    send("isready")
    while uci.stdout.readline().strip() != "readyok":
        pass
    send(f"position fen {fen}" if fen else "position startpos")
    send(f"go depth {depth}")
    nodes = {}
    for line in uci.stdout:
        if line.startswith("bestmove"):
            break
        words = line.split()
        if words[:1] != ["info"] or "nodes" not in words or "depth" not in words:
            continue
        if "lowerbound" in words or "upperbound" in words:
            continue
        if "multipv" in words and words[words.index("multipv") + 1] != "1":
            continue
        nodes[int(words[words.index("depth") + 1])] = int(words[words.index("nodes") + 1])
    send("quit")
    uci.wait()
    return nodes


def ratio(a, b):
    return f"{a / b:.2f}" if a and b else "—"


def main():
    engines = [e for e in (ALFIL, FAIRY) if os.access(e, os.X_OK)]
    if ALFIL not in engines:
        sys.exit(f"not found: {ALFIL} (cargo build --release)")
    if FAIRY not in engines:
        print(f"skipped (not found): {FAIRY}", file=sys.stderr)
    summary = []
    for variant, fen, extra in signature_positions():
        if VARIANTS and variant not in VARIANTS:
            continue
        depth = DEPTH + extra
        where = "fen" if fen else "start"
        runs = [completed_nodes(e, variant, fen, depth) for e in engines]
        alfil, fairy = runs[0], runs[1] if len(runs) > 1 else {}
        print(f"\n{variant} {where} {fen or ''}".rstrip())
        print("| depth | Alfil nodes | Fairy-Stockfish nodes | Alfil ÷ FS |")
        print("| ---: | ---: | ---: | ---: |")
        for d in range(1, depth + 1):
            a, f = alfil.get(d), fairy.get(d)
            print(f"| {d} | {a or '—'} | {f or '—'} | {ratio(a, f)} |")
        summary.append((variant, where, depth, alfil.get(depth), fairy.get(depth)))
    print("\nAt the signature depth")
    print("| position | depth | Alfil nodes | Fairy-Stockfish nodes | Alfil ÷ FS |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for variant, where, depth, a, f in summary:
        print(f"| {variant} {where} | {depth} | {a or '—'} | {f or '—'} | {ratio(a, f)} |")


if __name__ == "__main__":
    main()
