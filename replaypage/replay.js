// The replay's script: it draws the position of the half-move shown as the svg
// package draws a position (the same layers, geometry and symbols; for an Atomic
// chess capture, its blast and the pieces it removed), and moves
// through the game and its variations by click and by key. D is the game's data
// (see data.go): D.plies[0..D.last] the main line, after it the variations'
// positions, each with the one before it (u), the next of its line (n) and the
// main line's half-move it is an alternative to (m). Every step is a loop or a
// lookup, never a recursion, however deep the variations nest. The element
// before this script is the game's root. Everything stays inside the root, so a
// page may hold several games.
"use strict";
var root = document.currentScript.previousElementSibling, pfx = root.id, k;
if (document.getElementById(pfx) !== root) {
  // The same game is on the page twice: give this copy ids of its own.
  for (k = 2; document.getElementById(pfx + "-" + k); k++) {}
  root.querySelectorAll("[id]").forEach(function (e) {
    if (e.id.indexOf(pfx + "-") === 0) e.id = pfx + "-" + k + e.id.slice(pfx.length);
  });
  root.id = pfx = pfx + "-" + k;
}
if (D.css && !document.getElementById("psr-style")) {
  var st = document.createElement("style");
  st.id = "psr-style";
  st.textContent = D.css;
  document.head.appendChild(st);
}
var layer = root.querySelector(".psr-layer"), statusEl = root.querySelector(".psr-status"),
  list = root.querySelector(".psr-moves"), mainBtn = root.querySelector('[data-act="main"]'), C = D.colors,
  last = D.last, cur = -1, flip = false, byPly = [];
root.querySelectorAll("[data-ply]").forEach(function (b) {
  if (b !== root) byPly[+b.getAttribute("data-ply")] = b;
});
var ROLE = { p: "pawn", n: "knight", b: "bishop", r: "rook", q: "queen", k: "king" };

// Geometry of the svg package: squares 100 units, a 40-unit margin.
function num(x) { x = Math.round(x * 100) / 100; return String(x === 0 ? 0 : x); }
function origin(s) {
  var col = s % 8, row = 7 - (s >> 3);
  if (flip) { col = 7 - col; row = 7 - row; }
  return [40 + col * 100, 40 + row * 100];
}
function center(s) { var o = origin(s); return [o[0] + 50, o[1] + 50]; }
function sq(name) { return name.charCodeAt(0) - 97 + 8 * (name.charCodeAt(1) - 49); }
function squares(text) {
  var out = [];
  for (var i = 0; i + 1 < text.length; i += 2) out.push(sq(text.substr(i, 2)));
  return out;
}
// The squares in the order they are drawn: rank 8 to 1, files a to h.
var ORDER = [];
for (k = 63; k >= 0; k--) ORDER.push((k >> 3) * 8 + 7 - (k % 8));

function rect(x, y, w, fill, extra) {
  return '<rect x="' + num(x) + '" y="' + num(y) + '" width="' + w + '" height="' + w + '" fill="' + fill + '"' + (extra || "") + "/>";
}
function use(id, x, y, s, extra) {
  return '<use href="#' + pfx + "-" + id + '"' + (extra || "") + ' transform="translate(' + num(x) + "," + num(y) + ")" + (s !== 1 ? " scale(" + num(s) + ")" : "") + '"/>';
}
function figure(color, letter, x, y, s) {
  return use(color + "-" + ROLE[letter.toLowerCase()], x, y, s, ' class="piece"');
}
// cell draws a square's figures in a box of side 100*s at (x, y); a union shows
// both at 70 %, the black one up and to the right behind the white one.
function cell(w, b, x, y, s) {
  if (w !== "." && b !== ".") return figure("black", b, x + 28 * s, y + 2 * s, 0.7 * s) + figure("white", w, x + 2 * s, y + 28 * s, 0.7 * s);
  if (w !== ".") return figure("white", w, x, y, s);
  if (b !== ".") return figure("black", b, x, y, s);
  return "";
}
function line(pts) {
  var n = pts.length - 1, dx = pts[n][0] - pts[n - 1][0], dy = pts[n][1] - pts[n - 1][1], l = Math.hypot(dx, dy), d = "";
  var end = l > 0 ? [pts[n][0] - dx / l * 54, pts[n][1] - dy / l * 54] : pts[n];
  for (var i = 0; i <= n; i++) {
    var p = i === n ? end : pts[i];
    d += (i ? "L" : "M") + num(p[0]) + " " + num(p[1]);
  }
  return '<path d="' + d + '" fill="none" stroke="' + C.chain + '" stroke-width="11" stroke-linejoin="round"/>';
}
function head(f, t) {
  var dx = t[0] - f[0], dy = t[1] - f[1], l = Math.hypot(dx, dy), ux = dx / l, uy = dy / l;
  var tx = t[0] - ux * 20, ty = t[1] - uy * 20, bx = tx - ux * 36, by = ty - uy * 36, px = -uy * 22, py = ux * 22;
  return '<path d="M' + num(tx) + " " + num(ty) + "L" + num(bx + px) + " " + num(by + py) + "L" + num(bx - px) + " " + num(by - py) + 'Z" fill="' + C.chain + '"/>';
}

// gone reads what an explosion removed (a ply's g): square and two characters
// each, as the figures of the square by its number.
function gone(text) {
  var out = {};
  for (var i = 0; i + 3 < text.length; i += 4) out[sq(text.substr(i, 2))] = text.substr(i + 2, 2);
  return out;
}

// draw writes the board of ply i in the svg package's layers: margin, squares
// (the last move's tinted), an explosion's blast, glows, the hand's shadow,
// coordinates, the chain's line, figures (those an explosion removed faded), the
// hand, the chain's heads.
function draw(i) {
  var P = D.plies[i], b = P.b, out = [], chain = squares(P.c || ""), sako = squares(P.s || ""), tint = {}, blast = {}, ghost = gone(P.g || ""), s, o, j;
  chain.forEach(function (x) { tint[x] = true; });
  squares(P.x || "").forEach(function (x) { blast[x] = true; });
  out.push(rect(0, 0, 880, C.margin));
  ORDER.forEach(function (s) {
    var o = origin(s), light = ((s % 8) + (s >> 3)) % 2 === 1;
    out.push(rect(o[0], o[1], 100, tint[s] ? (light ? C.lightLast : C.darkLast) : (light ? C.light : C.dark), ' class="sq-' + "abcdefgh"[s % 8] + (1 + (s >> 3)) + '"'));
  });
  ORDER.forEach(function (s) {
    var o = origin(s);
    if (blast[s]) out.push(rect(o[0], o[1], 100, C.blast, ' fill-opacity="' + C.blastOpacity + '" class="blast"'));
  });
  ORDER.forEach(function (s) {
    var o = origin(s), w = b[2 * s], k = b[2 * s + 1];
    if (sako.indexOf(s) >= 0) out.push(rect(o[0], o[1], 100, "url(#" + pfx + '-sako-glow)', ' class="sako"'));
    if ((w === "K" && k !== ".") || (k === "k" && w !== ".")) out.push(rect(o[0], o[1], 100, "url(#" + pfx + '-paco-glow)', ' class="paco"'));
  });
  var hs = P.h ? sq(P.h) : -1;
  if (hs >= 0) {
    o = origin(hs);
    out.push('<ellipse cx="' + num(o[0] + 50) + '" cy="' + num(o[1] + 86) + '" rx="32" ry="9" fill="' + C.shadow + '" fill-opacity="' + C.shadowOpacity + '"/>');
  }
  // The labels as the svg package places them: the glyph box's corner 7 units
  // left of and 12 above the middle of its file or rank in the margin.
  out.push('<g fill="none" stroke="' + C.coords + '" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">');
  for (j = 0; j < 8; j++) {
    var x = center(j)[0] - 7;
    out.push(use("glyph-" + "abcdefgh"[j], x, 8, 1.5), use("glyph-" + "abcdefgh"[j], x, 848, 1.5));
  }
  for (j = 7; j >= 0; j--) {
    var y = center(8 * j)[1] - 12;
    out.push(use("glyph-" + (j + 1), 13, y, 1.5), use("glyph-" + (j + 1), 853, y, 1.5));
  }
  out.push("</g>");
  var pts = chain.map(center), op = ' opacity="' + C.chainOpacity + '"';
  if (pts.length > 1) out.push('<g class="chain"' + op + ">" + line(pts) + "</g>");
  ORDER.forEach(function (s) {
    o = origin(s);
    if (ghost[s]) out.push('<g class="vanishing" opacity="' + C.vanishing + '">' + cell(ghost[s][0], ghost[s][1], o[0], o[1], 1) + "</g>");
    out.push(cell(b[2 * s], b[2 * s + 1], o[0], o[1], 1));
  });
  if (hs >= 0) {
    // The hand hovers over its square: smaller and higher over a square with pieces.
    var over = b[2 * hs] !== "." || b[2 * hs + 1] !== ".", sc = over ? 0.75 : 0.9, raise = over ? 48 : 30;
    o = origin(hs);
    out.push('<g class="hand" opacity="0.9">' + cell(P.h[2], P.h[3], o[0] + (1 - sc) * 50, o[1] - raise, sc) + "</g>");
  }
  if (pts.length === 1) {
    out.push("<g" + op + '><circle cx="' + num(pts[0][0]) + '" cy="' + num(pts[0][1]) + '" r="42" fill="none" stroke="' + C.chain + '" stroke-width="8"/></g>');
  } else if (pts.length > 1) {
    var heads = "";
    for (j = 1; j < pts.length; j++) {
      if (pts[j][0] !== pts[j - 1][0] || pts[j][1] !== pts[j - 1][1]) heads += head(pts[j - 1], pts[j]);
    }
    out.push('<g class="chain"' + op + ">" + heads + "</g>");
  }
  layer.innerHTML = out.join("");
}

// The moves between positions: back to the position before, on along the line
// (the main line, or the variation of i), to the end of the line, and to the
// main line's half-move a variation is an alternative to.
function prev(i) { return i <= last ? Math.max(0, i - 1) : D.plies[i].u || 0; }
function next(i) { return i < last ? i + 1 : i > last && D.plies[i].n ? D.plies[i].n : i; }
function end(i) {
  if (i <= last) return last;
  while (D.plies[i].n) i = D.plies[i].n;
  return i;
}
function main(i) { return i <= last ? i : D.plies[i].m; }

// show makes position i (clamped to the game) the one on the board and in the
// list; on a page, the fragment then names it too (#ply=N on the main line,
// #var=K for the K-th position of the variations), except when the page just
// opened. Stepping onto an explosion (not opening on one) plays it: the style
// sheet fades its blast in and the pieces it removed out.
function show(i, opening) {
  i = Math.max(0, Math.min(D.plies.length - 1, i));
  if (byPly[cur]) { byPly[cur].classList.remove("psr-current"); byPly[cur].removeAttribute("aria-current"); }
  cur = i;
  draw(i);
  layer.classList.toggle("psr-boom", !opening && !!D.plies[i].x);
  root.setAttribute("data-ply", String(i));
  root.classList.toggle("psr-flipped", flip);
  root.classList.toggle("psr-in-variation", i > last);
  if (mainBtn) mainBtn.disabled = i <= last;
  statusEl.textContent = D.plies[i].t;
  var el = byPly[i];
  if (el) {
    el.classList.add("psr-current");
    el.setAttribute("aria-current", "step");
    // Keep the move in view inside the list without scrolling the page.
    if (el.offsetTop < list.scrollTop) list.scrollTop = el.offsetTop;
    else if (el.offsetTop + el.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = el.offsetTop + el.offsetHeight - list.clientHeight;
  }
  if (D.page && !opening && location.hash.indexOf("selftest") < 0) {
    try { history.replaceState(null, "", (i <= last ? "#ply=" + i : "#var=" + (i - last)) + (flip ? "&flip" : "")); } catch (e) { /* a file: URL may refuse it */ }
  }
}
function turn() { flip = !flip; show(cur); }

function onKey(e) {
  if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
  var to = { ArrowLeft: prev(cur), ArrowRight: next(cur), Home: 0, End: end(cur) }[e.key];
  if (e.key === "ArrowUp" && cur > last) to = main(cur); // elsewhere ↑ scrolls, as usual
  if (e.key === "f") { e.preventDefault(); turn(); return; }
  if (to === undefined) return;
  e.preventDefault();
  show(to);
}
// The whole page answers keys anywhere; an embedded game when it has the focus.
(D.page ? document : root).addEventListener("keydown", onKey);
root.addEventListener("click", function (e) {
  var t = e.target.closest("[data-ply],[data-act]");
  if (!t || t === root) return;
  var act = t.getAttribute("data-act");
  if (act === "flip") turn();
  else if (act) show({ first: 0, prev: prev(cur), next: next(cur), last: end(cur), main: main(cur) }[act]);
  else show(+t.getAttribute("data-ply"));
});

// The fragment: #ply=N opens half-move N of the main line (beyond its end, the
// end), #var=K the K-th position of the variations (from 1, in the order of the
// data; one that is not there, the start), #flip turns the board, #selftest runs
// the self-test; joined by "&" (#ply=12&flip).
function fragment() {
  var f = { ply: 0, flip: false, selftest: false };
  location.hash.slice(1).split("&").forEach(function (p) {
    var n = parseInt(p.slice(4), 10);
    if (p.indexOf("ply=") === 0 && !isNaN(n)) f.ply = Math.min(last, n);
    else if (p.indexOf("var=") === 0 && !isNaN(n)) f.ply = n >= 1 && last + n < D.plies.length ? last + n : 0;
    else if (p === "flip") f.flip = true;
    else if (p === "selftest") f.selftest = true;
  });
  return f;
}
var f0 = fragment();
flip = f0.flip;
show(f0.ply, true);
if (D.page) window.addEventListener("hashchange", function () { var f = fragment(); flip = f.flip; show(f.ply, true); });

// The self-test drives the keyboard handler with the keys a reader uses and a
// click, checks after each step the ply shown, the move highlighted and the
// board drawn, and writes "ok" or what failed into an <output> element.
function selftest() {
  var errs = [];
  function key(name) { root.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true })); }
  // figures counts the figures in cells of two characters (a board, a hand's or
  // an explosion's without their squares).
  function figures(cells) {
    var n = 0;
    for (var j = 0; j < cells.length; j++) if (cells[j] !== ".") n++;
    return n;
  }
  function removed(i) { return figures((D.plies[i].g || "").replace(/[a-h][1-8]/g, "")); }
  function pieces(i) { return figures(D.plies[i].b + (D.plies[i].h || "").slice(2)) + removed(i); }
  function check(want, flipped, what) {
    var hi = root.querySelectorAll(".psr-current"), a1 = layer.querySelector(".sq-a1"), drawn = layer.querySelectorAll("use.piece").length;
    var blasts = layer.querySelectorAll("rect.blast").length, faded = layer.querySelectorAll(".vanishing use.piece").length;
    if (root.getAttribute("data-ply") !== String(want)) errs.push(what + ": shows ply " + root.getAttribute("data-ply") + ", want " + want);
    else if (hi.length !== 1 || hi[0] !== byPly[want]) errs.push(what + ": " + hi.length + " moves highlighted, want the one of ply " + want);
    else if (drawn !== pieces(want)) errs.push(what + ": " + drawn + " figures drawn, want " + pieces(want));
    else if (blasts !== (D.plies[want].x || "").length / 2 || faded !== removed(want)) errs.push(what + ": " + blasts + " squares of a blast and " + faded + " faded figures drawn, want " + (D.plies[want].x || "").length / 2 + " and " + removed(want));
    else if (a1.getAttribute("x") !== (flipped ? "740" : "40") || a1.getAttribute("y") !== (flipped ? "40" : "740")) errs.push(what + ": a1 drawn at " + a1.getAttribute("x") + "," + a1.getAttribute("y") + (flipped ? ", want the board turned" : ", want White at the bottom"));
    else if (statusEl.textContent !== D.plies[want].t) errs.push(what + ": status " + JSON.stringify(statusEl.textContent));
  }
  var keep = cur, keepFlip = flip, mid = last >> 1;
  flip = false;
  key("Home"); check(0, false, "Home");
  key("ArrowLeft"); check(0, false, "\u2190 at the start");
  key("ArrowRight"); check(Math.min(1, last), false, "Home \u2192");
  key("ArrowRight"); check(Math.min(2, last), false, "Home \u2192 \u2192");
  key("ArrowLeft"); check(Math.min(1, last), false, "Home \u2192 \u2192 \u2190");
  key("End"); check(last, false, "End");
  key("ArrowRight"); check(last, false, "\u2192 at the end");
  key("ArrowLeft"); check(Math.max(0, last - 1), false, "End \u2190");
  key("f"); check(Math.max(0, last - 1), true, "f");
  byPly[mid].click(); check(mid, true, "a click on the move of ply " + mid);
  root.querySelector('[data-act="flip"]').click(); check(mid, false, "the flip button");
  root.querySelector('[data-act="next"]').click(); check(Math.min(last, mid + 1), false, "the \u203a button");
  root.querySelector('[data-act="first"]').click(); check(0, false, "the \u00ab button");
  for (var x = 1; x <= last && !D.plies[x].x; x++) {}
  if (x <= last) {
    // The first explosion of the main line, stepped onto from the position before.
    byPly[x - 1].click(); key("ArrowRight"); check(x, false, "\u2192 onto the first explosion, ply " + x);
    if (!layer.classList.contains("psr-boom")) errs.push("\u2192 onto an explosion: it is not played");
    key("ArrowLeft"); check(x - 1, false, "\u2190 from the first explosion");
  }
  if (last + 1 < D.plies.length) {
    // The first position of the variations: a click, along its line and back,
    // back to the position it branches from, and up to the main line.
    var v = last + 1, V = D.plies[v];
    byPly[v].click(); check(v, false, "a click on the first move of a variation");
    if (!mainBtn || mainBtn.disabled) errs.push("in a variation: no main line button to press");
    if (V.n) {
      key("ArrowRight"); check(V.n, false, "\u2192 in a variation");
      key("ArrowLeft"); check(v, false, "\u2192 \u2190 in a variation");
    }
    key("ArrowLeft"); check(V.u || 0, false, "\u2190 from the first move of a variation");
    byPly[v].click(); key("ArrowUp"); check(V.m, false, "\u2191 from a variation");
    if (mainBtn) {
      byPly[v].click(); mainBtn.click(); check(V.m, false, "the main line button");
      if (!mainBtn.disabled) errs.push("on the main line: the main line button is enabled");
    }
  }
  flip = keepFlip;
  show(keep);
  var out = document.createElement("output");
  out.className = "psr-selftest";
  out.id = D.page ? "selftest" : pfx + "-selftest";
  out.textContent = errs.length ? "FAIL: " + errs.join("; ") : "ok";
  root.querySelector(".psr-side").appendChild(out);
}
if (f0.selftest) selftest();
