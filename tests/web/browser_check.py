"""Drives `alfil serve`'s page in headless Chromium (Debian's chromium and chromedriver,
through Selenium) as a user would, and checks what the page shows against references that do
not come from the page: `alfil betza` for a cannon's targets, the shared perft data for a
perft count, the variant text's own line and column for a located error.

Usage: browser_check.py URL ALFIL PERFT_FILE [SCREENSHOT_DIR]
Prints one line per check passed; exits 1 with the reason at the first failure.
"""

import re
import subprocess
import sys
import tempfile
from urllib.parse import parse_qs, urlencode, urlparse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

URL, ALFIL, PERFT_FILE = sys.argv[1:4]
SHOTS = sys.argv[4] if len(sys.argv) > 4 else None

JUMPERS = """(
    name: "jumpers",
    board: (files: 8, ranks: 8),
    piece_to_char: "PLQ.......................Kplq.......................k",
    parent: "fairy",
    start: "4k3/1P6/8/8/3p4/4L3/8/4K3 w - - 0 1",
    pieces: [
        (letter: 'P', name: "pawn", moves: "fmWfcF",
         promotion: (zone: "*8", choices: "QL", mandatory: true)),
        (letter: 'L', name: "leaper", moves: "mFcafmF"),
        (letter: 'Q', name: "queen", moves: "Q"),
        (letter: 'K', name: "king", moves: "K", royal: true),
    ],
)
"""

XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def fail(message):
    print("FAILED: " + message)
    sys.exit(1)


def driver():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                "--window-size=1400,1000"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait(d, what, test, seconds=30):
    try:
        # The page redraws as it goes: an element read just as it is replaced is read again.
        return WebDriverWait(d, seconds, ignored_exceptions=[StaleElementReferenceException]) \
            .until(lambda _: test())
    except Exception:
        shown = d.find_element(By.ID, "error").text
        what = what() if callable(what) else what
        fail("timed out waiting for " + what + (f" (the page says: {shown})" if shown else ""))


def text(d, id_):
    return d.find_element(By.ID, id_).text


def squares(d):
    return d.find_elements(By.CSS_SELECTOR, "#board rect[data-square]")


def click_square(d, name):
    """Clicks what the user sees on the square: the piece if one stands there, else the square."""
    piece = d.find_elements(By.CSS_SELECTOR, f'#board g[data-square="{name}"]')
    target = piece[0] if piece else d.find_element(By.CSS_SELECTOR, f'#board rect[data-square="{name}"]')
    target.click()


def targets(d):
    return sorted(e.get_attribute("data-square")
                  for e in d.find_elements(By.CSS_SELECTOR, "#board circle.target"))


def marks(d, kind):
    return sorted(e.get_attribute("data-square")
                  for e in d.find_elements(By.CSS_SELECTOR, f"#board circle.target.{kind}"))


def diagram_marks(d, kind):
    return sorted(e.get_attribute("data-square")
                  for e in d.find_elements(By.CSS_SELECTOR, f"#diagram circle.mark.{kind}"))


def history(d):
    return [li.text for li in d.find_elements(By.CSS_SELECTOR, "#moves li[data-ply]")]


def play_typed(d, move):
    box = d.find_element(By.ID, "move-text")
    box.clear()
    box.send_keys(move)
    d.find_element(By.ID, "move-play").click()
    wait(d, lambda: f"the move {move} (typed: {box.get_attribute('value')!r}, moves: {history(d)})",
         lambda: history(d)[-1:] == [move], 10)


def game_id(d):
    return d.find_element(By.ID, "board").get_attribute("data-game")


def new_game(d, variant, files, ranks):
    before = game_id(d)
    Select(d.find_element(By.ID, "variant-select")).select_by_value(variant)
    d.find_element(By.ID, "new-game").click()
    wait(d, f"the {variant} board", lambda: game_id(d) != before and len(squares(d)) == files * ranks
         and d.find_elements(By.CSS_SELECTOR, "#board g[data-square]"))


def check_drawn(d, variant, shape=None, kinds=("set",)):
    """Every piece of the board is drawn from Alfil's set, an SVG file or the symbol of its
    moves (as `kinds` allows), none as a bare letter; with `shape`, every set piece is that
    shape (a xiangqi disc, a shogi pentagon)."""
    pieces = d.find_elements(By.CSS_SELECTOR, "#board g[data-letter]")
    if not pieces:
        fail(f"{variant}: no pieces on the board")
    drawn = d.execute_script("""
        return [...document.querySelectorAll('#board g[data-letter]')].map((g) => ({
          letter: g.dataset.letter, drawn: g.dataset.drawn || '', shapes: g.children.length,
          texts: [...g.querySelectorAll('text')].map((t) => t.textContent),
          shape: !!g.querySelector(arguments[0] || 'svg-none')}));""", shape)
    for p in drawn:
        letters = [t for t in p["texts"] if re.fullmatch(r"[A-Za-z+'!]{1,3}", t.strip())]
        if p["drawn"] not in kinds or not p["shapes"] or letters:
            fail(f"{variant}: the piece {p['letter']} is drawn as {p['drawn'] or 'nothing'!r}"
                 f" ({p['shapes']} shapes, letters {letters}), not from {kinds}")
        if shape and p["drawn"] == "set" and not p["shape"]:
            fail(f"{variant}: the piece {p['letter']} is not drawn as {shape}")
    return drawn


def shot(d, name):
    if SHOTS:
        area = d.find_element(By.ID, "board-area")
        d.execute_script("arguments[0].scrollIntoView()", area)
        area.screenshot(f"{SHOTS}/{name}.png")


def start_position_targets(square):
    """`alfil betza`'s targets of xiangqi's cannon (mRcpR) on `square` of the start position,
    with the other pieces as friends and foes."""
    rows = XIANGQI_START.split()[0].split("/")
    friends, foes = [], []
    for i, row in enumerate(rows):
        rank = 10 - i
        file = 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
                continue
            name = f"{chr(97 + file)}{rank}"
            if name != square:
                (friends if ch.isupper() else foes).append(name)
            file += 1
    out = subprocess.run([ALFIL, "betza", "mRcpR", "--board", "9x10", "--square", square,
                          "--friend", ",".join(friends), "--foe", ",".join(foes)],
                         capture_output=True, text=True, check=True).stdout
    line = next(l for l in out.splitlines() if l.startswith("targets:"))
    return sorted(line.split()[1:])


def perft_reference(fen, depth):
    for line in open(PERFT_FILE):
        parts = [p.strip() for p in line.split("|")]
        if len(parts) == 4 and parts[0] == "xiangqi" and parts[1] == fen and parts[2] == str(depth):
            return int(parts[3])
    fail(f"no xiangqi perft {depth} of the start position in {PERFT_FILE}")


def main():
    d = driver()
    try:
        d.get(URL)
        wait(d, "the chess board", lambda: len(squares(d)) == 64)
        check_drawn(d, "chess")
        shot(d, "chess")
        print("ok: the page loads with an 8x8 chess board, every piece drawn from Alfil's set")

        d.find_element(By.ID, "movetime").clear()
        d.find_element(By.ID, "movetime").send_keys("300")
        new_game(d, "xiangqi", 9, 10)
        check_drawn(d, "xiangqi", ".disc")
        print("ok: xiangqi gives a 9x10 board of discs")

        click_square(d, "b3")
        expected = start_position_targets("b3")
        wait(d, "the cannon's targets", lambda: targets(d) == expected, 10)
        print(f"ok: the cannon on b3 highlights {' '.join(expected)}, as alfil betza says")
        shot(d, "xiangqi")

        click_square(d, "e3")
        wait(d, "the engine's reply", lambda: len(history(d)) == 2)
        moves = history(d)
        if moves[0] != "b3e3":
            fail(f"the first move shown is {moves[0]}, not b3e3")
        print(f"ok: b3e3 is played and the engine replies {moves[1]}")

        fen_before = d.find_element(By.ID, "fen").get_attribute("value")
        move_box = d.find_element(By.ID, "move-text")
        move_box.clear()
        move_box.send_keys("a1a5")  # the chariot is blocked by its own soldier on a4
        d.find_element(By.ID, "move-play").click()
        wait(d, "the refusal", lambda: "Illegal move" in text(d, "error"), 10)
        if not text(d, "error").endswith(": a1a5"):
            fail("the refusal does not name the move: " + text(d, "error"))
        if d.find_element(By.ID, "fen").get_attribute("value") != fen_before:
            fail("the refused move changed the position")
        print(f"ok: a1a5 is refused ({text(d, 'error')}) and the position is kept")

        new_game(d, "xiangqi", 9, 10)
        depth = d.find_element(By.ID, "perft-depth")
        depth.clear()
        depth.send_keys("3")
        d.find_element(By.ID, "perft-run").click()
        nodes = perft_reference(XIANGQI_START, 3)
        wait(d, "perft 3", lambda: text(d, "perft-result").startswith(f"perft 3: {nodes} nodes"), 60)
        print(f"ok: perft 3 of the start position reads {nodes}, as the shared perft data says")

        depth.clear()
        depth.send_keys("30")
        d.find_element(By.ID, "perft-run").click()
        wait(d, "the depth limit", lambda: "between 1 and" in text(d, "perft-result"), 10)
        print(f"ok: perft 30 is refused: {text(d, 'perft-result')}")

        # The horse's move diagram (`nN`) from the board's middle, e6: the eight knight
        # squares, moving or capturing, and the four squares next to it, where a piece would
        # lame it, marked as passed over.
        d.find_element(By.CSS_SELECTOR, '#piece-list tr[data-letter="N"]').click()
        leaps = ["c5", "c7", "d4", "d8", "f4", "f8", "g5", "g7"]
        legs = ["d6", "e5", "e7", "f6"]
        wait(d, "the horse's diagram", lambda: diagram_marks(d, "both") == leaps
             and diagram_marks(d, "passes") == legs, 10)
        if SHOTS:
            diagram = d.find_element(By.ID, "diagram")
            d.execute_script("arguments[0].scrollIntoView()", diagram)
            diagram.screenshot(f"{SHOTS}/xiangqi-horse-diagram.png")
        print(f"ok: the horse's diagram shows its leaps {' '.join(leaps)} and its legs {' '.join(legs)}")

        broken = '(\n    name: "broken",\n    board: (files: 8, ranks: 8),\n    pieces: [(letter: \'K\', name: "king", moves: "K", royall: true)],\n)\n'
        line_no = 4
        column = broken.splitlines()[line_no - 1].index("royall") + 1
        box = d.find_element(By.ID, "file-text")
        box.clear()
        box.send_keys(broken)
        name_box = d.find_element(By.ID, "file-name")
        name_box.clear()
        name_box.send_keys("broken.ron")
        d.find_element(By.ID, "check").click()
        located = re.compile(rf"broken\.ron:{line_no}:{column}: error\[load\]: .*royall")
        wait(d, "the located error", lambda: located.search(text(d, "findings")), 10)
        print(f"ok: the file's error is shown at broken.ron:{line_no}:{column}")

        # A variant written in the editor and played without saving: a piece that jumps over
        # an enemy diagonally next to it (mFcafmF: a diagonal step, or a capture continued one
        # more step the same way onto an empty square), and a pawn that promotes to Q or L.
        Select(d.find_element(By.ID, "mode")).select_by_value("humans")
        box.clear()
        box.send_keys(JUMPERS)
        name_box.clear()
        name_box.send_keys("jumpers.ron")
        before = game_id(d)
        d.find_element(By.ID, "play-text").click()
        wait(d, "the jumpers board", lambda: game_id(d) != before
             and d.find_elements(By.CSS_SELECTOR, '#board g[data-square="e3"]'))
        drawn = {p["letter"]: p["drawn"] for p in check_drawn(d, "jumpers", None, ("set", "moves"))}
        if drawn.get("L") != "moves":
            fail(f"the leaper (mFcafmF), which the set lacks, is drawn as {drawn.get('L')!r}")
        shot(d, "fairy-file")
        print("ok: the file's leaper, which the set lacks, is drawn as a symbol of its moves")
        click_square(d, "e3")
        # From e3: steps to the empty d2, f2, f4; over the black pawn on d4 to c5 (leg by leg).
        wait(d, "the first legs", lambda: marks(d, "move") == ["d2", "f2", "f4"] and marks(d, "leg") == ["d4"], 10)
        click_square(d, "d4")
        wait(d, "the second leg", lambda: targets(d) == ["c5"], 10)
        click_square(d, "c5")
        wait(d, "the two-leg move", lambda: history(d) == ["e3d4,d4c5"], 10)
        if d.find_elements(By.CSS_SELECTOR, '#board g[data-square="d4"]'):
            fail("the jumped pawn is still on d4")
        print("ok: a two-leg capture is played leg by leg (e3d4,d4c5) and removes its victim")
        play_typed(d, "e8f8")
        click_square(d, "b7")
        wait(d, "the promotion square", lambda: targets(d) == ["b8"], 10)
        click_square(d, "b8")
        wait(d, "the promotion choice", lambda: len(d.find_elements(By.CSS_SELECTOR, "#choices button")) == 2)
        labels = sorted(b.text for b in d.find_elements(By.CSS_SELECTOR, "#choices button"))
        if labels != ["→ leaper", "→ queen"]:
            fail(f"the promotion choices are {labels}")
        next(b for b in d.find_elements(By.CSS_SELECTOR, "#choices button") if b.text == "→ leaper").click()
        wait(d, "the promotion", lambda: history(d)[-1:] == ["b7b8l"], 10)
        piece = d.find_element(By.CSS_SELECTOR, '#board g[data-square="b8"]')
        if piece.get_attribute("data-letter") != "L":
            fail("b8 does not hold the leaper after promoting to it")
        print("ok: a promotion offers queen and leaper, and b7b8l makes a leaper")

        new_game(d, "crazyhouse", 8, 8)
        fen = "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 1 3"
        fen_box = d.find_element(By.ID, "fen")
        fen_box.clear()
        fen_box.send_keys(fen)
        d.find_element(By.ID, "fen-load").click()
        wait(d, "White's pawn in hand", lambda: d.find_elements(By.CSS_SELECTOR, '#hand-bottom svg[data-hand="P"]'), 10)
        d.find_element(By.CSS_SELECTOR, '#hand-bottom svg[data-hand="P"]').click()
        # A pawn is dropped on any empty square but the first and last ranks.
        empty = []
        for i, row in enumerate(fen.split("[")[0].split("/")):
            rank, file = 8 - i, 0
            for ch in row:
                if ch.isdigit():
                    empty += [f"{chr(97 + file + k)}{rank}" for k in range(int(ch))]
                    file += int(ch)
                else:
                    file += 1
        expected = sorted(sq for sq in empty if sq[1] not in "18")
        wait(d, "the drop targets", lambda: targets(d) == expected, 10)
        shot(d, "crazyhouse")
        print(f"ok: crazyhouse shows the holdings; a pawn in hand may drop on {len(expected)} squares")

        for variant, files, ranks in (("shogi", 9, 9), ("chu", 12, 12)):
            new_game(d, variant, files, ranks)
            check_drawn(d, variant, ".pentagon")
            shot(d, variant)
            print(f"ok: {variant} is drawn in pentagons with their kanji")
        new_game(d, "capablanca", 10, 8)
        check_drawn(d, "capablanca")
        shot(d, "capablanca")
        print("ok: capablanca's archbishop and chancellor are drawn from Alfil's set")

        place_to_play(d)
        image_file(d)
    finally:
        d.quit()


def address(d):
    return parse_qs(urlparse(d.current_url).query)


def board_size(d, n):
    return len(squares(d)) == n and d.find_elements(By.CSS_SELECTOR, "#board g[data-square]")


def load_address(d, **params):
    """Opens the page at the server's URL (its token) with these address parameters."""
    before = game_id(d) if d.find_elements(By.CSS_SELECTOR, "#board[data-game]") else None
    d.get(URL + "&" + urlencode(params))
    wait(d, f"the page at {params}", lambda: d.find_elements(By.CSS_SELECTOR, "#board[data-game]")
         and game_id(d) != before and squares(d))


def place_to_play(d):
    """Issue 73's board as a place to play: the address, the list, the move list, PGN out and
    in, bad input in the address and in a PGN, clocks and the analysis lines."""
    Select(d.find_element(By.ID, "mode")).select_by_value("humans")
    before = game_id(d)
    Select(d.find_element(By.ID, "variant-select")).select_by_value("shogi")
    wait(d, "the shogi board without New game", lambda: game_id(d) != before and board_size(d, 81))
    wait(d, "shogi in the address", lambda: address(d).get("variant") == ["shogi"], 10)
    print("ok: choosing shogi in the list shows its 9x9 board and puts it in the address")

    # A position linked by its address: capablanca after 1. e2e4.
    capa = "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq e3 0 1"
    load_address(d, variant="capablanca", fen=capa)
    wait(d, "the linked position", lambda: board_size(d, 80)
         and d.find_element(By.ID, "fen").get_attribute("value") == capa
         and d.find_elements(By.CSS_SELECTOR, '#board g[data-square="e4"]'), 10)
    if text(d, "error"):
        fail("a good address shows an error: " + text(d, "error"))
    print("ok: /?variant=capablanca&fen=… shows that position on a 10x8 board")

    load_address(d, variant="capablanka")
    wait(d, "the unknown variant's message", lambda: "did you mean 'capablanca'" in text(d, "error")
         and board_size(d, 64), 10)
    print(f"ok: an unknown variant in the address says so ({text(d, 'error')}) over a chess board")
    load_address(d, variant="xiangqi", fen="9/9 w - - 0 1")
    wait(d, "the bad FEN's message", lambda: "FEN '9/9 w - - 0 1'" in text(d, "error")
         and board_size(d, 90), 10)
    if d.find_element(By.ID, "fen").get_attribute("value") != XIANGQI_START:
        fail("a bad FEN in the address does not leave xiangqi's start position")
    print("ok: a bad FEN in the address says so and shows xiangqi's start position")

    load_address(d, variant="chess")
    Select(d.find_element(By.ID, "mode")).select_by_value("humans")
    for mv in ["e2e4", "e7e5", "g1f3"]:
        play_typed(d, mv)
    fen = d.find_element(By.ID, "fen").get_attribute("value")
    wait(d, "the position in the address", lambda: address(d).get("fen") == [fen], 10)
    numbers = [li.get_attribute("data-number") for li in d.find_elements(By.CSS_SELECTOR, "#moves li[data-ply]")]
    if numbers != ["1", None, "2"]:
        fail(f"the move list is numbered {numbers}")
    print("ok: each move updates the address's FEN, and the move list is numbered in pairs")

    d.find_element(By.ID, "pgn-show").click()
    wait(d, "the PGN in SAN", lambda: "1. e4 e5 2. Nf3 *" in d.find_element(By.ID, "pgn-text").get_attribute("value"), 10)
    pgn = d.find_element(By.ID, "pgn-text").get_attribute("value")
    before = game_id(d)
    Select(d.find_element(By.ID, "variant-select")).select_by_value("xiangqi")
    wait(d, "xiangqi", lambda: game_id(d) != before and board_size(d, 90))
    with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
        f.write(pgn)
    before = game_id(d)
    d.find_element(By.ID, "pgn-file").send_keys(f.name)
    wait(d, "the uploaded PGN", lambda: game_id(d) != before and history(d) == ["e2e4", "e7e5", "g1f3"]
         and board_size(d, 64), 10)
    if d.find_element(By.ID, "fen").get_attribute("value") != fen:
        fail("the PGN read back gives another position")
    print("ok: the PGN written for the game (1. e4 e5 2. Nf3) and uploaded again replays e2e4 e7e5 g1f3")

    kept = game_id(d)
    for bad, says in [("1. e2e4 e7e5 2. e4e6 *", "PGN: move 2: Illegal move ("),
                      ("[Event \"x\"\n1. e2e4", "PGN: line 1: a tag must read")]:
        with open(f.name, "w") as g:
            g.write(bad)
        d.find_element(By.ID, "pgn-file").send_keys(f.name)
        wait(d, f"the refusal of {bad!r}", lambda: text(d, "error").startswith(says), 10)
        if game_id(d) != kept or history(d) != ["e2e4", "e7e5", "g1f3"]:
            fail("a refused PGN changed the board")
        print(f"ok: a bad PGN is refused ({text(d, 'error')}) and the board stays as it was")

    # Clocks against the engine: the engine (Black) answers within its clock; a flag that
    # falls ends the game.
    Select(d.find_element(By.ID, "mode")).select_by_value("white")
    Select(d.find_element(By.ID, "clock")).select_by_value("60+0")
    new_game(d, "chess", 8, 8)
    wait(d, "the clocks", lambda: d.find_element(By.ID, "clock-bottom").is_displayed()
         and text(d, "clock-bottom").startswith("White ") and text(d, "clock-top").startswith("Black "), 10)
    play_typed(d, "e2e4")
    wait(d, "the engine's reply on the clock", lambda: len(history(d)) == 2, 30)
    black_left = text(d, "clock-top")
    if not re.fullmatch(r"Black 0:[0-5]\d|Black 1:00", black_left):
        fail(f"Black's clock reads {black_left!r} after its move")
    print(f"ok: with a 1 minute clock the engine replies {history(d)[1]}; clocks: {text(d, 'clock-bottom')}, {black_left}")
    d.execute_script("clock.left[0] = 200;")
    wait(d, "the flag", lambda: "White loses on time" in text(d, "status")
         and "flagged" in d.find_element(By.ID, "clock-bottom").get_attribute("class"), 10)
    click_square(d, "d2")
    if targets(d):
        fail("a piece can still be picked up after the flag fell")
    d.find_element(By.ID, "pgn-show").click()
    wait(d, "the PGN after the flag", lambda: "{White loses on time} 0-1" in d.find_element(By.ID, "pgn-text").get_attribute("value"), 10)
    shot(d, "clocks")
    print(f"ok: the flag falls: {text(d, 'status')}, and the PGN says 0-1")

    Select(d.find_element(By.ID, "clock")).select_by_value("")
    Select(d.find_element(By.ID, "mode")).select_by_value("analysis")
    new_game(d, "chess", 8, 8)
    d.find_element(By.ID, "analyze").click()
    wait(d, "analysis lines", lambda: len(d.find_elements(By.CSS_SELECTOR, "#analysis .line")) >= 3, 30)
    d.find_element(By.ID, "stop").click()
    first = d.find_elements(By.CSS_SELECTOR, "#analysis .line")[-1].text
    if not first.startswith("depth 1 "):
        fail(f"the first analysis line is {first!r}")
    print(f"ok: the engine's analysis lines are shown as it thinks ({len(d.find_elements(By.CSS_SELECTOR, '#analysis .line'))} lines)")


def image_file(d):
    """A variant in the served folder whose hawk has `image: "hawk.svg"`, the SVG file beside
    it (written there by tests/serve.rs): both hawks are drawn from that file's own drawing."""
    load_address(d, variant="hawks")
    wait(d, "the hawks board", lambda: board_size(d, 64))
    hawks = d.execute_script("""
        return [...document.querySelectorAll('#board g[data-letter="H"], #board g[data-letter="h"]')]
          .map((g) => { const mark = g.querySelector('svg circle.hawk-mark');
                        const box = mark ? mark.getBoundingClientRect() : null;
                        return { drawn: g.dataset.drawn, width: box ? box.width : 0 }; });""")
    if len(hawks) != 2:
        fail(f"{len(hawks)} hawks on the board, not 2")
    for h in hawks:
        if h["drawn"] != "file" or h["width"] <= 0:
            fail(f"a hawk is not drawn from hawk.svg: {h}")
    shot(d, "svg-file-piece")
    print("ok: the hawks are drawn from the SVG file beside their variant, hawk.svg")


main()
