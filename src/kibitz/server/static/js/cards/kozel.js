// Kozel's French-suited cards, drawn as SVG in code (our own drawings, MIT like the rest of
// kibitz). Kozel's spec names this module (`cards`).

import { s } from "../dom.js";

const W = 60;
const H = 88;

export const SUIT_PATHS = {
  S: "M10 0 C 14 5, 20 8, 20 12.5 A4.6 4.6 0 0 1 11.2 14.5 L13 20 L7 20 L8.8 14.5 A4.6 4.6 0 0 1 0 12.5 C 0 8, 6 5, 10 0 Z",
  H: "M10 19 C 3 13, 0 9.5, 0 5.5 A5 5 0 0 1 10 4 A5 5 0 0 1 20 5.5 C 20 9.5, 17 13, 10 19 Z",
  D: "M10 0 L18 10 L10 20 L2 10 Z",
  C: "M10 0.5 A4.6 4.6 0 0 1 13.4 8.3 A4.6 4.6 0 1 1 11.3 14.2 L13 20 L7 20 L8.7 14.2 A4.6 4.6 0 1 1 6.6 8.3 A4.6 4.6 0 0 1 10 0.5 Z",
};
// Four colours and four shapes: suits never depend on colour alone.
export const SUIT_COLORS = { S: "#1b1b1b", H: "#c8102e", D: "#1f5fbf", C: "#1d7a35" };

export function suitIcon(suit, x, y, size, attrs = {}) {
  return s("path", { d: SUIT_PATHS[suit], fill: SUIT_COLORS[suit], transform: `translate(${x} ${y}) scale(${size / 20})`, ...attrs });
}

/** A small inline suit symbol (an <svg> to put in text). */
export function suitBadge(suit, label) {
  return s("svg", { viewBox: "0 0 20 20", class: "suit-badge", role: "img", "aria-label": label || suit }, suitIcon(suit, 0, 0, 20));
}

export function splitCard(text) {
  return { rank: text.slice(0, -1), suit: text.slice(-1) };
}

const PIPS = {
  6: [[0.3, 0.2], [0.7, 0.2], [0.3, 0.5], [0.7, 0.5], [0.3, 0.8], [0.7, 0.8]],
  7: [[0.3, 0.2], [0.7, 0.2], [0.5, 0.35], [0.3, 0.5], [0.7, 0.5], [0.3, 0.8], [0.7, 0.8]],
  8: [[0.3, 0.2], [0.7, 0.2], [0.5, 0.35], [0.3, 0.5], [0.7, 0.5], [0.5, 0.65], [0.3, 0.8], [0.7, 0.8]],
  9: [[0.3, 0.2], [0.7, 0.2], [0.3, 0.4], [0.7, 0.4], [0.5, 0.5], [0.3, 0.6], [0.7, 0.6], [0.3, 0.8], [0.7, 0.8]],
  10: [[0.3, 0.2], [0.7, 0.2], [0.5, 0.3], [0.3, 0.4], [0.7, 0.4], [0.3, 0.6], [0.7, 0.6], [0.5, 0.7], [0.3, 0.8], [0.7, 0.8]],
};

function crown(x, y, color) {
  return s("path", { d: `M${x - 9} ${y + 6} L${x - 9} ${y - 3} L${x - 4.5} ${y + 1} L${x} ${y - 6} L${x + 4.5} ${y + 1} L${x + 9} ${y - 3} L${x + 9} ${y + 6} Z`,
    fill: "#e7c14a", stroke: color, "stroke-width": 0.8 });
}

/** A Kozel card: `10H`, `QS`, ... with its rank in the corners and suit pips or a court emblem. */
export function kozelCard(text, extra = {}) {
  const { rank, suit } = splitCard(text);
  const color = SUIT_COLORS[suit];
  const body = [];
  if (PIPS[rank]) {
    for (const [px, py] of PIPS[rank]) body.push(suitIcon(suit, 14 + px * 32 - 5.5, 10 + py * 68 - 5.5, 11));
  } else if (rank === "A") {
    body.push(suitIcon(suit, W / 2 - 14, H / 2 - 14, 28));
  } else {
    // Court cards: a framed panel with a crown (K), a tiara (Q) or a cap (J), the letter and the suit.
    body.push(s("rect", { x: 13, y: 15, width: W - 26, height: H - 30, rx: 3, fill: "#fbf5e6", stroke: color, "stroke-width": 1.2 }));
    if (rank === "K") body.push(crown(W / 2, 26, color));
    else if (rank === "Q") body.push(s("circle", { cx: W / 2, cy: 25, r: 5, fill: "none", stroke: "#e7c14a", "stroke-width": 2.5 }));
    else body.push(s("path", { d: `M${W / 2 - 8} 29 Q ${W / 2} 17 ${W / 2 + 8} 29 Z`, fill: color, opacity: 0.85 }));
    body.push(s("text", { x: W / 2, y: 52, "text-anchor": "middle", "font-size": 20, "font-weight": 700, fill: color }, rank));
    body.push(suitIcon(suit, W / 2 - 6, 56, 12));
  }
  return s("svg", { viewBox: `0 0 ${W} ${H}`, class: ["card", "kozel", `suit-${suit}`, extra.class], role: "img",
    "aria-label": extra.label || text },
    s("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 5, fill: "#fff", stroke: "#444", "stroke-width": 1.2 }),
    s("text", { x: 4, y: 13, "font-size": 11, "font-weight": 700, fill: color, "letter-spacing": rank === "10" ? -1 : 0 }, rank),
    suitIcon(suit, 4.5, 15, 7),
    s("g", { transform: `rotate(180 ${W / 2} ${H / 2})` },
      s("text", { x: 4, y: 13, "font-size": 11, "font-weight": 700, fill: color, "letter-spacing": rank === "10" ? -1 : 0 }, rank),
      suitIcon(suit, 4.5, 15, 7)),
    body);
}

/** The back of a Kozel card: a lattice and a goat's head. */
export function kozelBack(extra = {}) {
  const lines = [];
  for (let i = -H; i < W + H; i += 7) {
    lines.push(s("line", { x1: i, y1: 0, x2: i + H, y2: H, stroke: "#f3d9a4", "stroke-width": 0.8, opacity: 0.55 }));
    lines.push(s("line", { x1: i + H, y1: 0, x2: i, y2: H, stroke: "#f3d9a4", "stroke-width": 0.8, opacity: 0.55 }));
  }
  const id = `kb${Math.random().toString(36).slice(2, 8)}`;
  return s("svg", { viewBox: `0 0 ${W} ${H}`, class: ["card", "back", "kozel-back", extra.class], role: "img", "aria-label": extra.label || "card back" },
    s("defs", {}, s("clipPath", { id }, s("rect", { x: 4, y: 4, width: W - 8, height: H - 8, rx: 3 }))),
    s("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 5, fill: "#8c2f1f", stroke: "#3d120b", "stroke-width": 1.2 }),
    s("g", { "clip-path": `url(#${id})` }, lines),
    s("circle", { cx: W / 2, cy: H / 2, r: 12, fill: "#8c2f1f", stroke: "#f3d9a4", "stroke-width": 1.2 }),
    // a goat: horns and a beard
    s("path", { d: `M${W / 2 - 4} ${H / 2 - 4} Q ${W / 2 - 10} ${H / 2 - 12} ${W / 2 - 2} ${H / 2 - 11} M${W / 2 + 4} ${H / 2 - 4} Q ${W / 2 + 10} ${H / 2 - 12} ${W / 2 + 2} ${H / 2 - 11}`,
      stroke: "#f3d9a4", "stroke-width": 1.6, fill: "none" }),
    s("path", { d: `M${W / 2 - 5} ${H / 2 - 4} L${W / 2 + 5} ${H / 2 - 4} L${W / 2 + 2} ${H / 2 + 5} L${W / 2} ${H / 2 + 9} L${W / 2 - 2} ${H / 2 + 5} Z`,
      fill: "#f3d9a4" }));
}

/** A card of the rules pages' examples: as Kozel writes it (`10H`, `QS`), or `?` face down
 * (null: not a card). */
export function exampleCard(text) {
  if (text === "?") return kozelBack();
  return /^(6|7|8|9|10|J|Q|K|A)[SHDC]$/.test(text) ? kozelCard(text) : null;
}
