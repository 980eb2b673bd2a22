// The page of `alfil serve`: draws the variant's board from the server's JSON, lets the user
// pick up pieces (legal targets highlighted, multi-leg moves leg by leg, promotion choices,
// drops from the hand), plays against Alfil (with clocks), keeps the variant and position in the
// address, writes and reads PGN, streams analysis and perft, shows piece diagrams and edits,
// checks and saves variant files.
"use strict";

const S = 60; // square size in SVG units
const NS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

let game = null;      // { id, variant, state }
let flipped = false;
let pick = null;      // { from, drop, path }
let thinking = null;  // EventSource of the running search
let perftSource = null;
let images = {};      // piece image name -> inner SVG markup
let diagramPiece = null;
let drawing = 0;      // the latest board drawing; an older one still loading images stops
let fromText = false; // the game's variant comes from the editor, not the list
let clock = null;     // { base, inc, left: [white ms, black ms], last, flag, tc }

function showError(message) { $("error").textContent = message || ""; }

// The server's token, from the URL `alfil serve` printed: every API request carries it.
const TOKEN = new URLSearchParams(location.search).get("token") || "";
function withToken(url) {
  return url + (url.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(TOKEN);
}

async function api(method, url, body) {
  const init = { method, headers: { "Authorization": "token " + TOKEN } };
  if (method !== "GET") init.headers["Content-Type"] = "application/json";
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch(url, init);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

async function image(name) {
  if (!(name in images)) {
    const text = await (await fetch("/pieces/" + name + ".svg")).text();
    images[name] = text.replace(/^[\s\S]*?<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
  }
  return images[name];
}

function el(tag, attrs, parent) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// Square names: file letters from a, ranks from 1.
function squareName(file, rank) { return String.fromCharCode(97 + file) + (rank + 1); }
function squareXY(name, v, flip) {
  const file = name.charCodeAt(0) - 97;
  const rank = parseInt(name.slice(1), 10) - 1;
  const col = flip ? v.files - 1 - file : file;
  const row = flip ? rank : v.ranks - 1 - rank;
  return [col * S, row * S];
}

function pieceInfo(letter) {
  return game.variant.pieces.find((p) => p.letter === letter);
}

// Fetches the set's images of these piece letters not yet loaded.
async function loadImages(letters) {
  for (const letter of letters) {
    const info = pieceInfo(letter);
    if (info && info.drawn === "set") await image(info.image);
  }
}

// Draws a piece at x, y as the server says (`drawn`): its image of Alfil's set (loaded by
// `loadImages`), the SVG file its variant names, or the symbol of its moves; never a letter.
function drawPiece(parent, letter, white, x, y, size) {
  const info = pieceInfo(letter);
  const drawn = info ? info.drawn : "moves";
  const side = white ? "white" : "black";
  const g = el("g", { transform: `translate(${x},${y}) scale(${size / 100})` }, parent);
  g.setAttribute("class", `piece ${side} ${drawn}` + (info && info.promoted_of ? " promoted" : ""));
  if (drawn === "set") {
    g.innerHTML = images[info.image] || "";
  } else if (drawn === "file") {
    // The file's own <svg>, without what comes before it, scaled to the square.
    g.innerHTML = info.svg.slice(Math.max(0, info.svg.search(/<svg[\s>]/)));
    const root = g.querySelector("svg");
    if (root) { root.setAttribute("width", "100"); root.setAttribute("height", "100"); }
  } else {
    g.innerHTML = info ? info.svg : "";
  }
  g.setAttribute("data-letter", letter);
  g.setAttribute("data-drawn", drawn);
  return g;
}

function movesFrom() {
  if (!pick) return [];
  return game.state.moves.filter((m) =>
    pick.drop ? m.drop === pick.drop : m.from === pick.from && !m.pass);
}

// Moves of the picked piece that went through `pick.path` so far.
function continuing() {
  const k = pick.path.length;
  return movesFrom().filter((m) =>
    m.stops.length > k && pick.path.every((s, i) => m.stops[i] === s));
}

// Clears `svg` and draws the squares of the variant `v`'s board; `shade(name, cls)` gives the
// class of each square from its light or dark one.
function drawSquares(svg, v, flip, shade) {
  svg.innerHTML = "";
  svg.setAttribute("viewBox", `0 0 ${v.files * S} ${v.ranks * S}`);
  for (let r = 0; r < v.ranks; r++) {
    for (let f = 0; f < v.files; f++) {
      const name = squareName(f, r);
      const [x, y] = squareXY(name, v, flip);
      const cls = shade(name, "sq " + ((f + r) % 2 ? "light" : "dark"));
      el("rect", { x, y, width: S, height: S, class: cls, "data-square": name }, svg);
    }
  }
}

async function drawBoard() {
  const v = game.variant, st = game.state, svg = $("board");
  const mine = ++drawing;
  const inHand = [...st.hands[0], ...st.hands[1]].map((h) => h.letter);
  await loadImages([...st.cells.map((c) => c.letter), ...inHand]);
  if (mine !== drawing) return;
  svg.setAttribute("data-game", game.id);
  const promo = new Set([...v.zones.promotion[0], ...v.zones.promotion[1]]);
  const confined = new Set([...v.zones.confined[0], ...v.zones.confined[1]]);
  const walls = new Set(st.walls);
  drawSquares(svg, v, flipped, (name, cls) => {
    if (walls.has(name)) cls = "sq wall";
    else if (confined.has(name)) cls += " confined";
    else if (promo.has(name)) cls += " promotion";
    return pick && pick.from === name ? cls + " picked" : cls;
  });
  for (let f = 0; f < v.files; f++) {
    const [x] = squareXY(squareName(f, 0), v, flipped);
    el("text", { x: x + 2, y: v.ranks * S - 3, class: "coord" }, svg).textContent =
      String.fromCharCode(97 + f);
  }
  for (let r = 0; r < v.ranks; r++) {
    const [, y] = squareXY(squareName(0, r), v, flipped);
    el("text", { x: 2, y: y + 12, class: "coord" }, svg).textContent = String(r + 1);
  }
  for (const c of st.cells) {
    const [x, y] = squareXY(c.square, v, flipped);
    const g = drawPiece(svg, c.letter, c.white, x + 3, y + 3, S - 6);
    g.setAttribute("data-square", c.square);
  }
  if (pick) {
    const k = pick.path.length;
    const marks = new Map();
    for (const m of continuing()) {
      const at = m.stops[k];
      const kind = m.stops.length > k + 1 ? "leg" : m.capture ? "capture" : "move";
      if (!marks.has(at) || kind === "leg") marks.set(at, kind);
    }
    for (const [sq, kind] of marks) {
      const [x, y] = squareXY(sq, v, flipped);
      const attrs = kind === "move"
        ? { cx: x + S / 2, cy: y + S / 2, r: S / 7 }
        : { cx: x + S / 2, cy: y + S / 2, r: S / 2 - 4 };
      el("circle", Object.assign(attrs, { class: "mark target " + kind, "data-square": sq }), svg);
    }
  }
  drawHands();
  setStatus();
}

function drawHands() {
  const v = game.variant, st = game.state;
  const top = $("hand-top"), bottom = $("hand-bottom");
  top.innerHTML = ""; bottom.innerHTML = "";
  if (!v.hands) return;
  const sides = flipped ? [bottom, top] : [top, bottom]; // [black's, white's]
  for (const [index, box] of [[1, sides[0]], [0, sides[1]]]) {
    for (const h of st.hands[index]) {
      const svg = el("svg", { viewBox: "0 0 100 100", "data-hand": h.letter,
        "data-white": index === 0 ? "1" : "0" }, box);
      if (pick && pick.drop === h.letter && (index === 0) === st.white_to_move) {
        svg.classList.add("picked");
      }
      drawPiece(svg, h.letter, index === 0, 0, 0, 100);
      const count = document.createElement("span");
      count.className = "count";
      count.textContent = "×" + h.count;
      box.appendChild(count);
    }
  }
}

function setStatus() {
  const st = game.state;
  let text = st.result ? `${st.result.score} {${st.result.reason}}`
    : clock && clock.flag ? `${clock.flag === "white" ? "0-1" : "1-0"} {${clock.flag === "white" ? "White" : "Black"} loses on time}`
    : (st.white_to_move ? "White" : "Black") + " to move" + (st.in_check ? ", in check" : "");
  $("status").textContent = text;
  $("fen").value = st.fen;
  drawMoveList();
  $("pass").hidden = !st.moves.some((m) => m.pass);
  updateAddress();
}

// The moves played, numbered in pairs from the start position's move number.
function drawMoveList() {
  const st = game.state, list = $("moves");
  const startFields = (game.startFen || "").split(" ");
  const blackFirst = startFields[1] === "b";
  const first = parseInt(startFields[5], 10) || 1;
  list.innerHTML = "";
  if (blackFirst && st.history.length) {
    const li = document.createElement("li");
    li.className = "skip";
    li.dataset.number = String(first);
    li.textContent = "…";
    list.appendChild(li);
  }
  st.history.forEach((m, i) => {
    const ply = i + (blackFirst ? 1 : 0);
    const li = document.createElement("li");
    li.textContent = m;
    li.dataset.ply = String(i + 1);
    if (ply % 2 === 0) li.dataset.number = String(first + ply / 2);
    list.appendChild(li);
  });
  list.scrollTop = list.scrollHeight;
}

// The game is over: by the variant's rules, or a flag fell.
function over() { return !game || !!game.state.result || !!(clock && clock.flag); }

// The address says which variant and position are on the board, so that it can be linked.
function updateAddress() {
  const params = new URLSearchParams(location.search);
  if (fromText) {
    params.delete("variant");
    params.delete("fen");
  } else {
    params.set("variant", game.variant.name);
    if (game.state.fen === game.variant.start_fen) params.delete("fen");
    else params.set("fen", game.state.fen);
  }
  const search = "?" + params.toString();
  if (search !== location.search) history.replaceState(null, "", search);
}

function humanToMove() { return isHumanTurn(game.state); }

async function setState(state) {
  const moved = state.history.length === game.state.history.length + 1;
  if (moved) clockMoved(game.state.white_to_move);
  game.state = state;
  pick = null;
  $("choices").innerHTML = "";
  await drawBoard();
  if (!over() && !humanToMove() && !thinking) think(true);
}

// Clocks: a time control of the list ("300+2": seconds and increment), for games with a side
// to move that is not analysed; the side to move's clock runs, and its flag falling ends the game.
function resetClock() {
  const tc = $("clock").value;
  const mode = $("mode").value;
  if (!tc || mode === "analysis") {
    clock = null;
  } else {
    const [base, inc] = tc.split("+").map((x) => parseInt(x, 10) * 1000);
    clock = { tc, inc, left: [base, base], last: performance.now(), flag: null };
  }
  drawClocks();
}

// Charges the time since the last tick to the side to move; a clock at zero ends the game.
function tickClock() {
  if (!clock || !game || clock.flag || game.state.result) {
    if (clock) clock.last = performance.now();
    return;
  }
  const now = performance.now();
  const side = game.state.white_to_move ? 0 : 1;
  clock.left[side] -= now - clock.last;
  clock.last = now;
  if (clock.left[side] <= 0) {
    clock.left[side] = 0;
    clock.flag = side === 0 ? "white" : "black";
    // The engine's search is stopped before its stream is closed, so that its move is not
    // played after the flag fell.
    const source = thinking;
    thinking = null;
    api("POST", `/api/games/${game.id}/stop`).catch(() => {})
      .finally(() => { if (source) source.close(); });
    pick = null;
    drawBoard();
  }
  drawClocks();
}

// A move was made by White (`white`) or Black: its time so far is charged, its increment added.
function clockMoved(white) {
  if (!clock || clock.flag) return;
  tickClock();
  if (!clock.flag) clock.left[white ? 0 : 1] += clock.inc;
  drawClocks();
}

function clockText(ms) {
  const s = Math.max(0, ms) / 1000;
  if (s < 10) return s.toFixed(1);
  const whole = Math.ceil(s);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

function drawClocks() {
  const top = $("clock-top"), bottom = $("clock-bottom");
  top.hidden = bottom.hidden = !clock;
  if (!clock || !game) return;
  const [blackBox, whiteBox] = flipped ? [bottom, top] : [top, bottom];
  for (const [box, side, name] of [[whiteBox, 0, "white"], [blackBox, 1, "black"]]) {
    box.textContent = (side === 0 ? "White " : "Black ") + clockText(clock.left[side]);
    box.dataset.side = name;
    box.classList.toggle("flagged", clock.flag === name);
    box.classList.toggle("running", !clock.flag && !game.state.result
      && game.state.white_to_move === (side === 0));
  }
}

// The engine's time for this move: from its clock when there is one, else the time per move.
function engineMoveTime() {
  if (!clock) return Math.max(50, parseInt($("movetime").value, 10) || 1000);
  const left = clock.left[game.state.white_to_move ? 0 : 1];
  const planned = left / 30 + clock.inc * 0.8;
  return Math.max(1, Math.round(Math.min(planned, left * 0.5)));
}

async function play(text) {
  showError("");
  try {
    const r = await api("POST", `/api/games/${game.id}/move`, { move: text });
    stopThinking();
    await setState(r.state);
  } catch (e) {
    showError(e.message);
    pick = null;
    await drawBoard();
  }
}

function offerChoices(moves, more) {
  const box = $("choices");
  box.innerHTML = "";
  for (const m of moves) {
    const b = document.createElement("button");
    b.textContent = m.promotion ? "→ " + m.promotion : m.text;
    b.dataset.move = m.text;
    b.onclick = () => { box.innerHTML = ""; play(m.text); };
    box.appendChild(b);
  }
  if (more) {
    const b = document.createElement("button");
    b.textContent = "continue";
    b.onclick = () => { box.innerHTML = ""; more(); };
    box.appendChild(b);
  }
}

async function clickSquare(name) {
  if (over()) return;
  const st = game.state;
  if (pick) {
    const k = pick.path.length;
    const here = continuing().filter((m) => m.stops[k] === name);
    if (here.length) {
      const finals = here.filter((m) => m.stops.length === k + 1);
      const onward = here.length > finals.length;
      const goOn = () => { pick.path.push(name); drawBoard(); };
      if (finals.length === 1 && !onward) return play(finals[0].text);
      if (finals.length === 0) return goOn();
      return offerChoices(finals, onward ? goOn : null);
    }
  }
  const cell = st.cells.find((c) => c.square === name);
  pick = null;
  $("choices").innerHTML = "";
  if (cell && cell.white === st.white_to_move && humanToMove()) {
    pick = { from: name, drop: null, path: [] };
    if (!movesFrom().length) pick = null;
  }
  await drawBoard();
}

function clickHand(letter, white) {
  if (over() || white !== game.state.white_to_move || !humanToMove()) return;
  pick = { from: null, drop: letter, path: [] };
  drawBoard();
}

function squareOf(target) {
  const node = target.closest("[data-square]");
  return node ? node.getAttribute("data-square") : null;
}

function stopThinking() {
  if (thinking) { thinking.close(); thinking = null; }
}

// Asks the engine to think; `playIt`: play its move at the end.
function think(playIt) {
  if (over()) return;
  stopThinking();
  const ms = playIt ? engineMoveTime() : 0;
  const source = new EventSource(withToken(`/api/games/${game.id}/think?ms=${ms}&play=${playIt ? 1 : 0}`));
  thinking = source;
  $("analysis").innerHTML = "";
  source.addEventListener("info", (e) => {
    const i = JSON.parse(e.data);
    analysisLine(`depth ${i.depth}  ${i.score}  nodes ${i.nodes}  ${i.nps} n/s  ${i.pv.join(" ")}`);
  });
  source.addEventListener("done", (e) => {
    const d = JSON.parse(e.data);
    source.close();
    if (thinking === source) thinking = null;
    analysisLine(`→ ${d.best || "no move"}`);
    if (d.played && !(clock && clock.flag)) setState(d.state);
  });
  source.addEventListener("failure", (e) => {
    source.close();
    if (thinking === source) thinking = null;
    showError(JSON.parse(e.data).error);
  });
  source.onerror = () => { source.close(); if (thinking === source) thinking = null; };
}

// One line of the engine's analysis, newest on top (the last 40 kept).
function analysisLine(text) {
  const box = $("analysis");
  const div = document.createElement("div");
  div.className = "line";
  div.textContent = text;
  box.insertBefore(div, box.firstChild);
  while (box.childNodes.length > 40) box.removeChild(box.lastChild);
}

function runPerft() {
  if (!game) return;
  if (perftSource) perftSource.close();
  const depth = $("perft-depth").value;
  $("perft-result").textContent = `perft ${depth}: counting…`;
  $("perft-divide").textContent = "";
  const bar = $("perft-progress");
  bar.value = 0;
  const source = new EventSource(withToken(`/api/games/${game.id}/perft?depth=${encodeURIComponent(depth)}`));
  perftSource = source;
  source.addEventListener("progress", (e) => {
    const p = JSON.parse(e.data);
    bar.max = p.of; bar.value = p.done;
  });
  source.addEventListener("done", (e) => {
    const d = JSON.parse(e.data);
    source.close();
    $("perft-result").textContent = `perft ${d.depth}: ${d.total} nodes (${d.ms} ms)`;
    $("perft-divide").textContent = d.divide.map((x) => `${x.move} ${x.nodes}`).join("\n");
  });
  source.addEventListener("stopped", () => {
    source.close();
    $("perft-result").textContent = "perft stopped";
  });
  source.addEventListener("failure", (e) => {
    source.close();
    $("perft-result").textContent = JSON.parse(e.data).error;
  });
  source.onerror = () => {
    source.close();
    if (perftSource === source) $("perft-result").textContent = "perft: no answer from the server";
  };
}

function drawPieceList() {
  const table = $("piece-list");
  table.innerHTML = "<tr><th>letter</th><th>name</th><th>XBetza</th><th>value</th></tr>";
  for (const p of game.variant.pieces) {
    const tr = document.createElement("tr");
    for (const text of [p.letter, p.name, p.betza, p.value === null ? "royal" : p.value]) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.appendChild(td);
    }
    tr.dataset.letter = p.letter;
    tr.onclick = () => {
      diagramPiece = p.letter;
      for (const row of table.querySelectorAll("tr")) row.classList.toggle("picked", row === tr);
      const v = game.variant;
      showDiagram(squareName(Math.floor(v.files / 2), Math.floor(v.ranks / 2)));
    };
    table.appendChild(tr);
  }
}

async function showDiagram(square) {
  if (!diagramPiece) return;
  try {
    const d = await api("GET",
      `/api/games/${game.id}/diagram?piece=${encodeURIComponent(diagramPiece)}&square=${square}`);
    const v = game.variant, svg = $("diagram");
    drawSquares(svg, v, false, (_, cls) => cls);
    const marks = [[d.moves, "move"], [d.captures, "capture"], [d.both, "both"],
      [d.screen_moves, "screen-move"], [d.screen_captures, "screen-capture"], [d.passes, "passes"]];
    for (const [list, kind] of marks) {
      for (const sq of list) {
        const [x, y] = squareXY(sq, v, false);
        const r = kind.endsWith("move") || kind === "passes" ? S / 6 : S / 2 - 5;
        el("circle", { cx: x + S / 2, cy: y + S / 2, r, class: "mark " + kind,
          "data-square": sq }, svg);
      }
    }
    const [x, y] = squareXY(d.square, v, false);
    await loadImages([diagramPiece]);
    drawPiece(svg, diagramPiece, true, x + 3, y + 3, S - 6);
  } catch (e) {
    showError(e.message);
  }
}

// Starts a game (`POST /api/games` with `request`, or `url` with `request`); gives true, or
// shows why not and gives false, the board left as it was.
async function loadGame(request, url) {
  showError("");
  try {
    const r = await api("POST", url || "/api/games", request);
    stopThinking();
    fromText = request.text !== undefined;
    game = { id: r.id, variant: r.variant, state: r.state };
    game.startFen = r.start_fen;
    pick = null;
    diagramPiece = null;
    $("diagram").innerHTML = "";
    $("analysis").textContent = "";
    $("perft-result").textContent = "";
    flipped = $("mode").value === "black";
    if (!fromText && [...$("variant-select").options].some((o) => o.value === r.variant.name)) {
      $("variant-select").value = r.variant.name;
    }
    resetClock();
    drawPieceList();
    await setState(r.state);
    return true;
  } catch (e) {
    showError(e.message);
    return false;
  }
}

// The game as PGN, with the time control and a fallen flag.
async function currentPgn() {
  const params = new URLSearchParams();
  if (clock) params.set("tc", clock.tc);
  if (clock && clock.flag) params.set("flag", clock.flag);
  const query = params.toString();
  return (await api("GET", `/api/games/${game.id}/pgn${query ? "?" + query : ""}`)).pgn;
}

// Replays a PGN as a new game; a PGN that does not parse or holds an illegal move is refused
// with the reason, and the board stays as it was.
async function loadPgn(text) {
  if (!text.trim()) { showError("PGN: the text is empty"); return false; }
  return loadGame({ pgn: text }, "/api/pgn");
}

// The board the address asks for (`?variant=…&fen=…`), else chess; what cannot be shown
// is said.
async function openFromAddress() {
  const params = new URLSearchParams(location.search);
  const variant = params.get("variant");
  const fen = params.get("fen");
  if (!variant && !fen) return loadGame({ variant: $("variant-select").value });
  const request = { variant: variant || $("variant-select").value };
  if (fen) request.fen = fen;
  if (await loadGame(request)) return true;
  const why = $("error").textContent;
  const fallback = fen && (await loadGame({ variant: request.variant }))
    || (await loadGame({ variant: $("variant-select").value }));
  showError(`The address asks for ${variant ? `variant '${variant}'` : "a position"}` +
    `${fen ? ` with FEN '${fen}'` : ""}, which cannot be shown: ${why}` +
    (fallback ? ` (showing ${game.variant.name} from its start instead)` : ""));
  return false;
}

function showFindings(findings) {
  $("findings").textContent = findings.length
    ? findings.map((f) => f.text).join("\n")
    : "no errors, no warnings";
}

function fillSelect(select, names) {
  const kept = select.value;
  select.innerHTML = "";
  for (const name of names) {
    const o = document.createElement("option");
    o.value = o.textContent = name;
    select.appendChild(o);
  }
  if (names.includes(kept)) select.value = kept;
}

async function loadFiles() {
  const r = await api("GET", "/api/variants");
  const select = $("variant-select");
  const first = !select.value;
  fillSelect(select, r.variants);
  if (first) select.value = r.variants.includes("chess") ? "chess" : r.variants[0];
  fillSelect($("file-select"), r.files);
}

function wire() {
  $("board").addEventListener("click", (e) => {
    const sq = squareOf(e.target);
    if (sq) clickSquare(sq);
  });
  for (const id of ["hand-top", "hand-bottom"]) {
    $(id).addEventListener("click", (e) => {
      const svg = e.target.closest("[data-hand]");
      if (svg) clickHand(svg.getAttribute("data-hand"), svg.getAttribute("data-white") === "1");
    });
  }
  $("diagram").addEventListener("click", (e) => {
    const sq = squareOf(e.target);
    if (sq) showDiagram(sq);
  });
  $("new-game").onclick = () => loadGame({ variant: $("variant-select").value });
  $("variant-select").onchange = () => loadGame({ variant: $("variant-select").value });
  $("clock").onchange = () => { resetClock(); if (game && !over() && !humanToMove() && !thinking) think(true); };
  $("mode").onchange = () => { resetClock(); };
  $("pgn-show").onclick = async () => {
    try { $("pgn-text").value = await currentPgn(); } catch (e) { showError(e.message); }
  };
  $("pgn-download").onclick = async () => {
    try {
      const text = await currentPgn();
      $("pgn-text").value = text;
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([text], { type: "application/x-chess-pgn" }));
      a.download = `${game.variant.name}.pgn`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      URL.revokeObjectURL(a.href);
    } catch (e) { showError(e.message); }
  };
  $("pgn-load").onclick = () => loadPgn($("pgn-text").value);
  $("pgn-file").onchange = async () => {
    const file = $("pgn-file").files[0];
    if (!file) return;
    const text = await file.text();
    $("pgn-file").value = "";
    $("pgn-text").value = text;
    await loadPgn(text);
  };
  $("flip").onclick = () => { flipped = !flipped; if (game) { drawBoard(); drawClocks(); } };
  $("undo").onclick = async () => {
    stopThinking();
    try {
      let r = await api("POST", `/api/games/${game.id}/undo`);
      // Against the engine, take back its reply and the player's move.
      if (!isHumanTurn(r.state) && r.state.history.length) {
        r = await api("POST", `/api/games/${game.id}/undo`);
      }
      showError("");
      game.state = r.state;
      pick = null;
      await drawBoard();
    } catch (e) { showError(e.message); }
  };
  $("move-play").onclick = () => { if (game) play($("move-text").value.trim()); };
  $("engine-move").onclick = () => {
    // The engine takes over the side to move; the player gets the other side.
    const mode = $("mode");
    if (game && isHumanTurn(game.state) && (mode.value === "white" || mode.value === "black")) {
      mode.value = mode.value === "white" ? "black" : "white";
    }
    think(true);
  };
  $("analyze").onclick = () => think(false);
  $("stop").onclick = () => { if (game) api("POST", `/api/games/${game.id}/stop`).catch(() => {}); };
  $("pass").onclick = () => {
    const m = game.state.moves.find((x) => x.pass);
    if (m) play(m.text);
  };
  $("fen-load").onclick = async () => {
    try {
      const r = await api("POST", `/api/games/${game.id}/fen`, { fen: $("fen").value });
      showError("");
      game.startFen = r.start_fen;
      stopThinking();
      await setState(r.state);
    } catch (e) { showError(e.message); }
  };
  $("perft-run").onclick = runPerft;
  $("perft-stop").onclick = () => {
    if (game) api("POST", `/api/games/${game.id}/stop`).catch(() => {});
  };
  $("file-open").onclick = async () => {
    const name = $("file-select").value;
    if (!name) return;
    try {
      const r = await api("GET", `/api/files/${encodeURIComponent(name)}`);
      $("file-text").value = r.text;
      $("file-name").value = name;
      $("findings").textContent = "";
    } catch (e) { showError(e.message); }
  };
  $("check").onclick = async () => {
    try {
      const r = await api("POST", "/api/check", { file: $("file-name").value, text: $("file-text").value });
      showFindings(r.findings);
    } catch (e) { $("findings").textContent = e.message; }
  };
  $("save").onclick = async () => {
    const name = $("file-name").value;
    try {
      const r = await api("PUT", `/api/files/${encodeURIComponent(name)}`, { text: $("file-text").value });
      showFindings(r.findings);
      $("findings").textContent = `saved ${name}\n` + $("findings").textContent;
      await loadFiles();
    } catch (e) { $("findings").textContent = e.message; }
  };
  $("play-text").onclick = async () => {
    const ok = await loadGame({ text: $("file-text").value, file: $("file-name").value });
    if (!ok) $("findings").textContent = $("error").textContent;
  };
}

// Whether the side to move in `state` is the player's (against the engine).
function isHumanTurn(state) {
  const mode = $("mode").value;
  return mode === "humans" || mode === "analysis" || (mode === "white") === state.white_to_move;
}

async function main() {
  wire();
  setInterval(tickClock, 100);
  await loadFiles();
  await openFromAddress();
}

main();
