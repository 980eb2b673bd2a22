#!/usr/bin/env python3
"""Alfil's piece moves against HaChu's, square by square, in positions from real games.

Both engines are driven over CECP through the same games: in each position every square of the
board is lifted (`lift SQ`) in both, and the squares each one highlights are compared with their
colours (first legs: a Lion's adjacent squares, from where a second leg may follow, are cyan;
targets where a promotion may be chosen magenta). The games
start with random moves both engines agree on and go on with Alfil's own (fast) play; each move
is also given to HaChu, which must accept it (`Illegal move` from HaChu is a difference too).
Two kinds of difference are explained, counted and not reported: a target only HaChu shows
that Alfil refuses because it leaves the king attacked (HaChu's `lift` is pseudo-legal), and
a Lion's distant capture of a protected promoted kirin, which HaChu refuses and XBoard, the
referee, allows (Alfil's chu follows XBoard). Two more, in HaChu's chess-like variants (lion,
werewolf), against orthodox chess, which these variants keep: with `--castling`, HaChu
offers castling to a king or with a rook that has moved and come back, and even from the
king's empty start square once it has left (it keeps no castling rights), or out of, through
or into check (its lift is pseudo-legal; the squares the other side's pieces reach are those
of HaChu's own lifts), and with
`--one-promotion` a pawn's promotion square that HaChu marks magenta (a choice) where the
variant promotes to one type only, whatever the move names (HaChu's lion promotes to a queen,
werewolf to a rook), is counted as the same target, and so is a capture of a werewolf, which
HaChu marks as a promotion too (the captor becomes a werewolf: no choice either); HaChu marks a pawn's en-passant capture on
the square of the pawn it takes (its first leg), Alfil on the square it goes to; and in lion
chess HaChu's lift shows a Lion's distant capture of a protected Lion that HaChu refuses when
the move is played from a fresh start (`Illegal move {Distant capture of protected Lion}`), as
Alfil does: a target only HaChu shows that a fresh HaChu refuses is counted apart. Two
colourings are counted apart too: a square that is both a first leg and a promotion (HaChu
magenta, Alfil cyan), and an empty square a multi-leg move only passes and turns back on
(HaChu cyan, Alfil yellow for the plain step that move amounts to). With `--hooks IDS`
(cashew shogi), the targets only Alfil shows for a hook mover of those IDs are counted apart,
and a game ends without a difference where HaChu refuses a move of one, or a lion dog's
capture two steps away with a step back onto the empty square between, or of its capture one
step away that goes on straight to the third square (`g7f7,f7d7`, which HaChu's generator writes
as a capture of the second, `g7e7,e7d7`): HaChu's generator lacks these, though its own piece
lines (`RmasR`, `WBmasB`, `KADcavKmcpafmcpavK`) give them. In
macadamia shogi (`--hooks "H!,C!,+X"`, `--lacks` is the same) its hook mover and capricorn
lack their hooks too, and its generator moves the promoted phoenix as a go-between (its table
promotes the phoenix to `GB`, its piece line gives the golden bird); with `--no-promotion K`,
a capture of the king that HaChu marks magenta (its table promotes the king to an emperor that
has no move and is no king; its piece lines give `+K` none) is counted apart.

With `--hachu-plays` HaChu chooses the moves after the random ones (at `--hachu-depth`, 2 by
default), as a referee would see it play: where it passes, a fresh HaChu (HaChu 0.21 dies taking
its own pass back) is given the game and a random move is played instead; where HaChu dies in
the middle of its own game (it does, now and then, in macadamia shogi), the game ends there and
the next has a fresh HaChu. Each game's moves are printed (`game N, P plies: ...`).

With `--alfil-fen FEN` Alfil starts each game from FEN (HaChu from its own start position),
where the variant file's start differs from HaChu's (tenjiku: HaChu's start array has slips
the file does not follow, and HaChu 0.21's `setboard` cannot read a FEN).

With `--burners IDS` (tenjiku: `D!,+W!`, the fire demons) the board the script keeps follows
their burning, and a game ends without a difference before a move that ends next to a fire
demon of the mover's own side: HaChu burns that piece too (its `FireSet`, hachu.c:2021, takes
in the mover's own demons, against its comment "we moved next to enemy Fire Demon"), Alfil
does not.

    bench/hachu_diff.py [--variant chu] [--positions 5000] [--seed 1] [--alfil PATH]
                        [--hachu /usr/games/hachu] [--random-plies 30] [--max-plies 200]
                        [--castling] [--one-promotion LETTER] [--hooks IDS] [--alfil-fen FEN]
                        [--burners IDS] [--no-promotion IDS] [--hachu-plays]
                        [--hachu-depth 2]

Prints one line per difference (position, square, the squares only Alfil or only HaChu has)
and a summary; exit status 0 when there is none, 1 otherwise. HaChu is Debian's `hachu`.
"""

import argparse
import random
import re
import subprocess
import sys
import time

FILES = "abcdefghijklmnop"


class EngineDied(RuntimeError):
    """An engine closed its output or input (HaChu 0.21 sometimes dies in the middle of a game)."""

    def __init__(self, name):
        super().__init__(f"{name} closed its output")
        self.name = name


class Engine:
    """A CECP engine in a pipe, with ping/pong to know where its answers end."""

    def __init__(self, command, name):
        self.name = name
        self.proc = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            errors="replace",
            bufsize=1,
        )
        self.pings = 0

    def send(self, *lines):
        try:
            self.proc.stdin.write("".join(line + "\n" for line in lines))
            self.proc.stdin.flush()
        except BrokenPipeError as error:
            raise EngineDied(self.name) from error

    def line(self):
        text = self.proc.stdout.readline()
        if not text:
            raise EngineDied(self.name)
        return text.rstrip("\n")

    def sync(self):
        """Lines the engine writes until it answers a new ping (without the pong)."""
        self.pings += 1
        self.send(f"ping {self.pings}")
        out = []
        while True:
            text = self.line()
            if text.strip() == f"pong {self.pings}":
                return out
            out.append(text)

    def answers(self, commands):
        """Each command's output lines, the commands sent in one batch, a ping after each."""
        first = self.pings + 1
        batch = []
        for i, command in enumerate(commands):
            batch += [command, f"ping {first + i}"]
        self.send(*batch)
        out = []
        for i in range(len(commands)):
            lines = []
            while True:
                text = self.line()
                if text.strip() == f"pong {first + i}":
                    break
                lines.append(text)
            out.append(lines)
        self.pings += len(commands)
        return out

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def target(leg):
    """The square a move's leg ends on (`e7e8q` -> e8, `a10a11+` -> a11)."""
    rest = leg[2:] if leg[2].isalpha() else leg[3:]
    digits = 2 if len(rest) > 2 and rest[2].isdigit() else 1
    return rest[: 1 + digits]


def square_names(files, ranks):
    return [f"{FILES[f]}{r + 1}" for r in range(ranks) for f in range(files)]


def highlighted(lines, files, ranks):
    """Squares a `highlight` answer marks as targets (upper-case colours), with the colour."""
    for text in lines:
        if not text.startswith("highlight "):
            continue
        rows = text.split()[1].split("/")
        marks = {}
        for i, row in enumerate(rows):
            rank = ranks - 1 - i
            file = 0
            digits = ""
            for c in row + " ":
                if c.isdigit():
                    digits += c
                    continue
                if digits:
                    file += int(digits)
                    digits = ""
                if c == " ":
                    break
                if c.isupper():
                    marks[f"{FILES[file]}{rank + 1}"] = c
                file += 1
        return marks
    return {}


def alfil_move(alfil):
    """Alfil's move on `go` (the legs of a move sent in parts joined), or None at a game end."""
    return engine_move(alfil)


def engine_move(engine):
    """The engine's move on `go` (the legs of a move sent in parts joined), or None at a game
    end (a result, or HaChu's resignation)."""
    engine.send("go")
    move = ""
    while True:
        text = engine.line()
        if text.startswith(("resign", "tellusererror")):
            engine.send("force")
            return None
        if text.startswith("move "):
            move += text.split()[1]
            if not move.endswith(","):
                break
        elif text.split(" ")[0] in ("1-0", "0-1", "1/2-1/2"):
            engine.send("force")
            return None
    engine.send("force")
    return move


def refused_because(engine, move, reason):
    """Whether `engine` refuses `move` with `reason` in its answer (a move it takes is undone).
    Alfil says "leaves the king attacked" for a move HaChu's pseudo-legal `lift` shows; HaChu
    says "Distant capture of protected Lion" for a Lion's capture of a protected promoted kirin,
    which it counts as a Lion and XBoard, the referee, and so Alfil's chu do not."""
    engine.send(f"usermove {move}")
    said = [t for t in engine.sync() if not t.startswith("#")]
    if not any(t.startswith(("Illegal", "Error")) for t in said):
        engine.send("undo")
        engine.sync()
        return False
    return any(reason in t for t in said)


def fresh_hachu_refuses(args, played, move):
    """Whether a HaChu started afresh, given the game's moves, refuses `move`. HaChu's `lift`
    after a game of lifts (and of moves it took back) may show a move that it refuses from a
    fresh start, as a Lion's distant capture of a protected Lion in lion chess."""
    fresh = Engine([args.hachu], "HaChu (fresh)")
    try:
        start(fresh, args.variant, 16)
        fresh.send("option Allow repeats=1", *(f"usermove {m}" for m in played))
        fresh.sync()
        fresh.send(f"usermove {move}")
        return any(t.startswith("Illegal move") for t in fresh.sync())
    finally:
        fresh.quit()


def hachu_after(args, played):
    """A HaChu started afresh in the game after the moves `played`, ready to search."""
    hachu = Engine([args.hachu], "HaChu")
    start(hachu, args.variant, 16)
    hachu.send("option Allow repeats=1", "easy", "nopost", f"sd {args.hachu_depth}", "st 1")
    hachu.send(*(f"usermove {m}" for m in played))
    hachu.sync()
    return hachu


def start(engine, variant, memory):
    """Start a game of `variant`; the engine's answer to `variant` (its `setup` line)."""
    engine.send("xboard", "protover 2")
    engine.sync()
    engine.send("new", "force", f"variant {variant}")
    if memory:
        engine.send(f"memory {memory}")
    return engine.sync()


def setup_board(lines, ranks):
    """The pieces of the start position in a `setup` line, by square (IDs as the FEN writes
    them: `h!`, `+P'`); empty without one."""
    for text in lines:
        words = text.split()
        if text.startswith("setup") and len(words) > 3:
            return fen_board(words[-4], ranks)
    return {}


def fen_board(field, ranks):
    board = {}
    for i, row in enumerate(field.split("/")):
        file = 0
        for token in re.findall(r"\d+|\+?[A-Za-z]['!]?", row):
            if token.isdigit():
                file += int(token)
            else:
                board[f"{FILES[file]}{ranks - i}"] = token
                file += 1
    return board


def squares_of(leg):
    return re.findall(r"[a-p]\d+", leg)


def play_on(board, move):
    """`move` made on `board`: the piece goes from its first square to its last, the squares
    its earlier legs end on lose their victims, and `+` promotes it."""
    legs = [squares_of(leg) for leg in move.split(",")]
    piece = board.pop(legs[0][0], None)
    for leg in legs[:-1]:
        board.pop(leg[1], None)
    if piece and move.endswith("+") and not piece.startswith("+"):
        piece = "+" + piece
    if piece:
        board[legs[-1][1]] = piece


def around(sq):
    """The squares next to `sq` (on the largest board; others are never on a board)."""
    x, y = FILES.index(sq[0]), int(sq[1:])
    return {
        f"{FILES[x + dx]}{y + dy}"
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if (dx or dy) and 0 <= x + dx < len(FILES) and y + dy >= 1
    }


def burn_on(board, move, burners):
    """After `move` was made on `board` by `play_on`: the mover removed where it stopped next
    to an enemy burner (one of the IDs `burners`; those before the move), else, if a burner
    made it, the enemy pieces around where it stopped (tenjiku's fire demon)."""
    legs = [squares_of(leg) for leg in move.split(",")]
    to = legs[-1][1]
    piece = board.get(to)
    if not piece:
        return
    white = piece.lstrip("+")[0].isupper()
    is_burner = lambda p: p.upper() in burners
    enemy = lambda p: p.lstrip("+")[0].isupper() != white
    if any(enemy(board[sq]) and is_burner(board[sq]) for sq in around(to) if sq in board):
        del board[to]
    elif is_burner(piece) and not move.endswith("+"):
        for sq in around(to):
            if sq in board and enemy(board[sq]):
                del board[sq]


def next_to_own_burner(board, move, burners):
    """Whether `move` (not yet made) ends next to a burner of the mover's own side, other than
    the mover: HaChu burns the mover there too (its `FireSet` takes in the mover's own fire
    demons), Alfil does not."""
    legs = [squares_of(leg) for leg in move.split(",")]
    start, to = legs[0][0], legs[-1][1]
    piece = board.get(start)
    if not piece:
        return False
    white = piece.lstrip("+")[0].isupper()
    return any(
        board[sq].upper() in burners and board[sq].lstrip("+")[0].isupper() == white
        for sq in around(to)
        if sq in board and sq != start
    )


def two_legs(move):
    """A two-leg move's start, first stop and end as (file, rank) numbers, and its end
    square's name; None for any other move."""
    legs = [squares_of(leg) for leg in move.split(",")]
    if len(legs) != 2 or len(legs[0]) != 2 or len(legs[1]) != 2:
        return None
    (f, e), (_, t) = legs

    def xy(sq):
        return FILES.index(sq[0]), int(sq[1:])

    return xy(f), xy(e), xy(t), t


def returns_to_empty_first(board, move):
    """Whether `move` is a lion dog's two steps straight with a capture on the second and a
    step back onto the first, empty square (`g7g9,g9g8`)."""
    legs = two_legs(move)
    if legs is None:
        return False
    (fx, fy), (ex, ey), (tx, ty), t = legs
    straight = (ex - fx, ey - fy) == (2 * (tx - fx), 2 * (ty - fy))
    return straight and max(abs(tx - fx), abs(ty - fy)) == 1 and t not in board


def takes_first_ends_third(move):
    """Whether `move` is a lion dog's capture one step away that goes on straight to the third
    square (`g7f7,f7d7`): HaChu's generator writes it as a capture on the second square
    (`g7e7,e7d7`, its code for "take the second, stop on the third") and refuses it written
    as its own piece line gives it."""
    legs = two_legs(move)
    if legs is None:
        return False
    (fx, fy), (ex, ey), (tx, ty), _ = legs
    step = (ex - fx, ey - fy)
    return max(map(abs, step)) == 1 and (tx - fx, ty - fy) == (3 * step[0], 3 * step[1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="chu")
    parser.add_argument("--positions", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--alfil", default="target/release/alfil")
    parser.add_argument("--hachu", default="/usr/games/hachu")
    parser.add_argument("--random-plies", type=int, default=30)
    parser.add_argument("--max-plies", type=int, default=200)
    parser.add_argument("--nodes", type=int, default=300, help="Alfil's nodes a move")
    parser.add_argument("--files", type=int, default=12)
    parser.add_argument("--ranks", type=int, default=12)
    parser.add_argument(
        "--hachu-plays",
        action="store_true",
        help="after the random plies HaChu chooses the moves (a fixed depth, `--hachu-depth`), "
        "not Alfil",
    )
    parser.add_argument("--hachu-depth", type=int, default=2, help="HaChu's depth a move")
    parser.add_argument(
        "--castling",
        action="store_true",
        help="the variant castles as chess does (HaChu's castling without rights is explained)",
    )
    parser.add_argument(
        "--hooks",
        "--lacks",
        dest="hooks",
        metavar="IDS",
        help="comma-separated IDs of pieces some of whose moves HaChu 0.21's generator lacks, "
        "though its piece lines give them: hook movers (`H!,G!,+P',+K'` in cashew shogi, "
        "`H!,C!` in macadamia): none of their bent moves, nor (for cashew's G!) a diagonal "
        "slide past one step (`RmasR`, `WBmasB`); macadamia's promoted phoenix (`+X`), which "
        "its generator moves as a go-between",
    )
    parser.add_argument(
        "--no-promotion",
        metavar="IDS",
        help="comma-separated IDs of pieces that do not promote, whose captures HaChu marks "
        "magenta (a choice) all the same: macadamia's king, which HaChu's table promotes to an "
        "emperor without a move",
    )
    parser.add_argument(
        "--one-promotion",
        metavar="LETTER",
        help="the variant's pawn promotes to this type only: HaChu's magenta there (and on a "
        "werewolf's captures) is no choice",
    )
    parser.add_argument(
        "--burners",
        metavar="IDS",
        help="IDs of the fire demons (tenjiku: D!,+W!): the board follows their burning, and a "
        "game ends where a piece moves next to its own side's demon, which HaChu burns (a slip "
        "of its FireSet) and Alfil does not",
    )
    parser.add_argument(
        "--alfil-fen",
        metavar="FEN",
        help="Alfil's start position for each game, where the variant's differs from HaChu's",
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    squares = square_names(args.files, args.ranks)
    alfil = Engine([args.alfil], "Alfil")
    hachu = Engine([args.hachu], "HaChu")
    positions = differences = explained = kirins = lifts = games = 0
    castlings = single_promotions = en_passants = own_refusals = two_marks = 0
    hook_targets = hachu_lacks = own_burns = no_promotions = hachu_deaths = 0
    hooks = {h.upper() for h in args.hooks.split(",")} if args.hooks else set()
    unpromoting = {u.upper() for u in args.no_promotion.split(",")} if args.no_promotion else set()
    burners = {b.upper() for b in args.burners.split(",")} if args.burners else set()
    began = time.time()
    played = []
    try:
        while positions < args.positions:
            games += 1
            if args.hachu_plays and games > 1 and hachu.proc.poll() is None:
                # A fresh HaChu for each game it plays: its search keeps state across games.
                hachu.quit()
                hachu = Engine([args.hachu], "HaChu")
            start(alfil, args.variant, None)
            if args.alfil_fen:
                alfil.send(f"setboard {args.alfil_fen}")
            board = setup_board(start(hachu, args.variant, 16), args.ranks)
            if not board and args.alfil_fen and burners:
                # HaChu sends no `setup` for tenjiku: the board of the start both engines have.
                board = fen_board(args.alfil_fen.split()[0], args.ranks)
            # HaChu refuses every move that repeats an earlier position unless told otherwise;
            # Alfil's chu has the n-fold repetition rule of its variant file instead.
            hachu.send("option Allow repeats=1")
            alfil.send("easy", f"nps {args.nodes}", "st 1")
            hachu.send("easy", "nopost", f"sd {args.hachu_depth}", "st 1")
            played = []
            touched = set()  # squares a move of this game has started or ended on
            try:
                for ply in range(args.max_plies):
                    if positions >= args.positions:
                        break
                    shown = False
                    mine = alfil.answers([f"lift {sq}" for sq in squares])
                    theirs = hachu.answers([f"lift {sq}" for sq in squares])
                    # Squares HaChu's pieces that Alfil does not move (the side not to move) reach:
                    # where castling would pass through, start from or end in check.
                    reach = set()
                    for sq, a, h in zip(squares, mine, theirs):
                        if not highlighted(a, args.files, args.ranks):
                            reach |= set(highlighted(h, args.files, args.ranks)) - {sq}
                    positions += 1
                    moves = []
                    for sq, a, h in zip(squares, mine, theirs):
                        # HaChu marks the lifted square red when the piece has no move: the
                        # square a piece stands on is no first-leg target in either engine.
                        a = highlighted(a, args.files, args.ranks)
                        h = highlighted(h, args.files, args.ranks)
                        a.pop(sq, None)
                        h.pop(sq, None)
                        lifts += bool(a or h)
                        for to in sorted(set(a) - set(h)):
                            victim = to[0] + sq[1:]
                            if abs(ord(to[0]) - ord(sq[0])) == 1 and victim in set(h) - set(a):
                                en_passants += 1
                                a.pop(to)
                                h.pop(victim)
                        # HaChu's highlights are pseudo-legal: a target only HaChu has is explained
                        # when Alfil refuses the move because it leaves the king attacked.
                        for to in sorted(set(h) - set(a)):
                            corner = ("a" if to < sq else FILES[args.files - 1]) + sq[1:]
                            passed = chr((ord(sq[0]) + ord(to[0])) // 2) + sq[1:]
                            if (
                                args.castling
                                and to[1:] == sq[1:]
                                and abs(ord(to[0]) - ord(sq[0])) == 2
                                and (touched & {sq, corner} or reach & {sq, passed, to})
                            ):
                                castlings += 1
                                h.pop(to)
                                continue
                            if refused_because(alfil, f"{sq}{to}", "leaves the king attacked") or (
                                args.one_promotion
                                and refused_because(
                                    alfil, f"{sq}{to}{args.one_promotion}", "leaves the king attacked"
                                )
                            ):
                                explained += 1
                                h.pop(to)
                            elif fresh_hachu_refuses(args, played, f"{sq}{to}"):
                                own_refusals += 1
                                h.pop(to)
                        for to in sorted(set(a) - set(h)):
                            if refused_because(
                                hachu, f"{sq}{to}", "Distant capture of protected Lion"
                            ):
                                kirins += 1
                                a.pop(to)
                        for to in set(a) & set(h):
                            # One square, two marks, one colour: a first leg that is also a
                            # promotion (HaChu shows the promotion, Alfil the leg that goes on), or
                            # an empty square a multi-leg move passes and turns back on, which HaChu
                            # marks cyan though nothing is taken there (Alfil: the plain step).
                            if (a[to], h[to]) in (("C", "M"), ("Y", "C")):
                                two_marks += 1
                                h[to] = a[to]
                        if args.one_promotion:
                            for to in set(a) & set(h):
                                if h[to] == "M" and a[to] in "YR":
                                    single_promotions += 1
                                    h[to] = a[to]
                        if board.get(sq, "").upper() in unpromoting:
                            # A capture HaChu offers as a promotion the piece does not have.
                            for to in set(a) & set(h):
                                if (a[to], h[to]) == ("R", "M"):
                                    no_promotions += 1
                                    h[to] = a[to]
                        if board.get(sq, "").upper() in hooks and not set(h) - set(a):
                            # A hook mover's targets HaChu's generator leaves out (see --hooks).
                            for to in set(a) - set(h):
                                hook_targets += 1
                                a.pop(to)
                        if a != h:
                            differences += 1
                            if not shown:
                                print(f"game {games} moves: {' '.join(played)}", flush=True)
                                shown = True
                            recoloured = sorted(
                                f"{to} {a[to]}/{h[to]}" for to in set(a) & set(h) if a[to] != h[to]
                            )
                            print(
                                f"game {games} ply {ply} {sq}: only Alfil {sorted(set(a) - set(h))}"
                                f" only HaChu {sorted(set(h) - set(a))}"
                                f" colours (Alfil/HaChu) {recoloured}",
                                flush=True,
                            )
                        moves += [
                            f"{sq}{to}" for to, colour in a.items() if colour in "YR" and h.get(to) in ("Y", "R")
                        ]
                    if not moves:
                        break
                    hachus = False  # HaChu chose the move and has made it
                    if args.hachu_plays and ply >= args.random_plies:
                        move = engine_move(hachu)
                        if move is None:
                            break
                        hachus = bool(squares_of(move))
                        if not hachus:
                            # HaChu passes (at a shallow depth, often move after move): a random
                            # move is played instead, by a fresh HaChu given the game so far (HaChu
                            # 0.21 dies taking its own pass back with `undo`).
                            hachu.quit()
                            hachu = hachu_after(args, played)
                            move = rng.choice(moves)
                        alfil.send(f"usermove {move}")
                    elif ply < args.random_plies:
                        move = rng.choice(moves)
                        alfil.send(f"usermove {move}")
                    else:
                        move = alfil_move(alfil)
                        if move is None:
                            break
                    if burners and next_to_own_burner(board, move, burners):
                        # HaChu would burn the mover, Alfil does not: the game ends here.
                        own_burns += 1
                        break
                    if not squares_of(move):
                        # A pass (`@@@@`, HaChu's): nothing moves.
                        mover = ""
                        played.append(move)
                        if not hachus:
                            hachu.send(f"usermove {move}")
                        hachu.sync()
                        if any(t.startswith(("Illegal move", "Error")) for t in alfil.sync()):
                            differences += 1
                            print(f"game {games} ply {ply} pass {move} refused by Alfil", flush=True)
                            break
                        continue
                    mover = board.get(squares_of(move)[0], "").upper() if board else ""
                    lacking = bool(board) and (
                        mover in hooks
                        or returns_to_empty_first(board, move)
                        or takes_first_ends_third(move)
                    )
                    played.append(move)
                    if board:
                        play_on(board, move)
                        if burners:
                            burn_on(board, move, burners)
                    for leg in move.split(","):
                        touched.add(leg[:2] if leg[2].isalpha() else leg[:3])
                        touched.add(target(leg))
                    if not hachus:
                        hachu.send(f"usermove {move}")
                    said = [t for t in hachu.sync() if t and not t.startswith("#")]
                    if said:
                        print(f"game {games} ply {ply} HaChu after {move}: {said}", flush=True)
                    refused = [t for t in said if t.startswith("Illegal move")]
                    heard = alfil.sync()
                    refused += [t for t in heard if t.startswith(("Illegal move", "Error"))]
                    if any(t.split(" ")[0] in ("1-0", "0-1", "1/2-1/2") for t in heard):
                        break
                    if refused and lacking and not any(t.startswith(("Illegal", "Error")) for t in heard):
                        # A move of HaChu's own piece lines its generator lacks: the game ends here.
                        hachu_lacks += 1
                        break
                    if refused:
                        differences += 1
                        print(f"game {games} ply {ply} move {move}: {refused}", flush=True)
                        print(f"game {games} moves: {' '.join(played)}", flush=True)
                        break
            except EngineDied as died:
                if not (args.hachu_plays and died.name == "HaChu"):
                    raise
                # HaChu 0.21 died (a crash of its own, in a game it plays itself): the game
                # ends, and the next one has a fresh HaChu.
                hachu_deaths += 1
                print(f"game {games}: HaChu died after {' '.join(played)}", flush=True)
                hachu = Engine([args.hachu], "HaChu")
            if args.hachu_plays:
                print(f"game {games}, {len(played)} plies: {' '.join(played)}", flush=True)
    except EngineDied:
        print(f"game {games} moves when it happened: {' '.join(played)}", flush=True)
        raise
    finally:
        alfil.quit()
        hachu.quit()
    seconds = time.time() - began
    print(
        f"{args.variant}: {positions} positions in {games} games, {lifts} pieces lifted, "
        f"{differences} differences; {explained} HaChu targets that leave the king attacked, "
        f"{kirins} Lion captures of a protected promoted kirin only HaChu refuses, "
        f"{castlings} castlings without the rights or in check only HaChu offers, "
        f"{single_promotions} one-type promotions HaChu marks as a choice, "
        f"{no_promotions} captures HaChu marks as a promotion the piece does not have, "
        f"{en_passants} en-passant captures HaChu marks on the victim, "
        f"{own_refusals} targets HaChu shows and refuses from a fresh start, "
        f"{two_marks} squares with two marks coloured apart, "
        f"{hook_targets} targets of pieces whose moves HaChu's generator lacks (--hooks) and "
        f"{hachu_lacks} moves (games ended) it lacks, "
        f"{own_burns} moves (games ended) next to the mover's own fire demon, "
        f"{hachu_deaths} games ended by HaChu dying "
        f"({seconds:.0f} s)"
    )
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
