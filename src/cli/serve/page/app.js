// The page of `alfil serve`: draws the variant's board from the server's JSON, lets the user
// pick up pieces (legal targets highlighted, multi-leg moves leg by leg, promotion choices,
// drops from the hand), plays against Alfil, streams analysis and perft, shows piece diagrams
// and edits, checks and saves variant files.
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
    : (st.white_to_move ? "White" : "Black") + " to move" + (st.in_check ? ", in check" : "");
  $("status").textContent = text;
  $("fen").value = st.fen;
  const list = $("moves");
  list.innerHTML = "";
  st.history.forEach((m) => {
    const li = document.createElement("li");
    li.textContent = m;
    list.appendChild(li);
  });
  $("pass").hidden = !st.moves.some((m) => m.pass);
}

function humanToMove() { return isHumanTurn(game.state); }

async function setState(state) {
  game.state = state;
  pick = null;
  $("choices").innerHTML = "";
  await drawBoard();
  if (!state.result && !humanToMove() && !thinking) think(true);
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
  if (!game || game.state.result) return;
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
  if (!game || game.state.result || white !== game.state.white_to_move || !humanToMove()) return;
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
  if (!game || game.state.result) return;
  stopThinking();
  const ms = playIt ? Math.max(50, parseInt($("movetime").value, 10) || 1000) : 0;
  const source = new EventSource(withToken(`/api/games/${game.id}/think?ms=${ms}&play=${playIt ? 1 : 0}`));
  thinking = source;
  source.addEventListener("info", (e) => {
    const i = JSON.parse(e.data);
    $("analysis").textContent =
      `depth ${i.depth}  ${i.score}  nodes ${i.nodes}  ${i.nps} n/s  ${i.pv.join(" ")}`;
  });
  source.addEventListener("done", (e) => {
    const d = JSON.parse(e.data);
    source.close();
    if (thinking === source) thinking = null;
    $("analysis").textContent += `  → ${d.best || "no move"}`;
    if (d.played) setState(d.state);
  });
  source.addEventListener("failure", (e) => {
    source.close();
    if (thinking === source) thinking = null;
    showError(JSON.parse(e.data).error);
  });
  source.onerror = () => { source.close(); if (thinking === source) thinking = null; };
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
    for (const [list, kind] of [[d.moves, "move"], [d.captures, "capture"], [d.both, "both"]]) {
      for (const sq of list) {
        const [x, y] = squareXY(sq, v, false);
        const r = kind === "move" ? S / 6 : S / 2 - 5;
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

async function loadGame(request) {
  showError("");
  stopThinking();
  try {
    const r = await api("POST", "/api/games", request);
    game = { id: r.id, variant: r.variant, state: r.state };
    pick = null;
    diagramPiece = null;
    $("diagram").innerHTML = "";
    $("analysis").textContent = "";
    $("perft-result").textContent = "";
    flipped = $("mode").value === "black";
    drawPieceList();
    await setState(r.state);
    return true;
  } catch (e) {
    showError(e.message);
    return false;
  }
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
  $("flip").onclick = () => { flipped = !flipped; if (game) drawBoard(); };
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
  await loadFiles();
  await loadGame({ variant: $("variant-select").value });
}

main();
