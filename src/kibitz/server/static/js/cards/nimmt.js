// The cards of X bere! and 6 nimmt!, drawn as SVG in code (our own drawings, MIT like the rest of
// kibitz): a number and its bullheads. The spec of both games names this module (`cards`).

import { s } from "../dom.js";

const W = 60;
const H = 88;

/** 6 nimmt!'s bullheads of a card: 55 = 7, other multiples of 11 = 5, of 10 = 3, of 5 = 2. */
export function bullheads(card) {
  if (card === 55) return 7;
  if (card % 11 === 0) return 5;
  if (card % 10 === 0) return 3;
  if (card % 5 === 0) return 2;
  return 1;
}

const HEAD_FILL = { 1: "#f7f3ea", 2: "#cfe3f7", 3: "#f8e39a", 5: "#f6b3a8", 7: "#d9b8ef" };

function bullhead(x, y, size) {
  // A small bull's head: a face, two horns, two nostrils.
  const k = size / 10;
  return s("g", { transform: `translate(${x} ${y}) scale(${k})`, class: "bullhead" },
    s("path", { d: "M-5 -2 C -9 -3 -9 -7 -7 -8 C -7 -5 -5 -4 -3 -4 Z M5 -2 C 9 -3 9 -7 7 -8 C 7 -5 5 -4 3 -4 Z", fill: "#5b3b1f" }),
    s("ellipse", { cx: 0, cy: 0, rx: 4.2, ry: 5, fill: "#7a4a24" }),
    s("ellipse", { cx: 0, cy: 2.8, rx: 2.6, ry: 1.8, fill: "#e9b991" }),
    s("circle", { cx: -1, cy: 2.8, r: 0.5, fill: "#5b3b1f" }),
    s("circle", { cx: 1, cy: 2.8, r: 0.5, fill: "#5b3b1f" }),
    s("circle", { cx: -1.8, cy: -1.2, r: 0.7, fill: "#fff" }),
    s("circle", { cx: 1.8, cy: -1.2, r: 0.7, fill: "#fff" }));
}

/** An X bere! / 6 nimmt! card: its number big, and its bullheads on top (count and colour). */
export function nimmtCard(card, extra = {}) {
  const heads = bullheads(card);
  const headRow = [];
  const per = Math.min(heads, 4);
  for (let i = 0; i < heads; i += 1) {
    const row = i < per ? 0 : 1;
    const inRow = row === 0 ? per : heads - per;
    const col = row === 0 ? i : i - per;
    headRow.push(bullhead(W / 2 + (col - (inRow - 1) / 2) * 11, 12 + row * 11, 9));
  }
  return s("svg", { viewBox: `0 0 ${W} ${H}`, class: ["card", "nimmt", `heads-${heads}`, extra.class], role: "img",
    "aria-label": `${card} (${heads})` },
    s("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 6, fill: HEAD_FILL[heads], stroke: "#333", "stroke-width": 1.5 }),
    s("rect", { x: 5, y: 5, width: W - 10, height: H - 10, rx: 4, fill: "none", stroke: "#0006", "stroke-width": 0.8 }),
    headRow,
    s("text", { x: W / 2, y: heads > 4 ? 66 : 60, "text-anchor": "middle", "font-size": card >= 100 ? 22 : 26,
      "font-weight": 700, fill: "#222" }, String(card)),
    s("text", { x: 8, y: H - 8, "font-size": 9, fill: "#333" }, String(card)),
    s("text", { x: W - 8, y: H - 8, "font-size": 9, "text-anchor": "end", fill: "#333" }, `${heads}×`));
}

/** A face-down X bere! card (a hidden choice). */
export function nimmtBack(extra = {}) {
  return s("svg", { viewBox: `0 0 ${W} ${H}`, class: ["card", "back", extra.class], role: "img", "aria-label": extra.label || "card" },
    s("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 6, fill: "#3c5a8a", stroke: "#1d2f4f", "stroke-width": 1.5 }),
    s("rect", { x: 6, y: 6, width: W - 12, height: H - 12, rx: 4, fill: "none", stroke: "#a9c1e8", "stroke-width": 1, "stroke-dasharray": "3 2" }),
    bullhead(W / 2, H / 2, 22));
}

/** A bull's head icon (inline, for counts of bullheads). */
export function bullIcon(label = "") {
  return s("svg", { viewBox: "-10 -10 20 20", class: "icon bull", role: label ? "img" : null, "aria-label": label || null, "aria-hidden": label ? null : "true" }, bullhead(0, 0, 17));
}

/** A card of the rules pages' examples: its number, or `?` face down (null: not a card). */
export function exampleCard(text) {
  if (text === "?") return nimmtBack();
  return /^[1-9][0-9]*$/.test(text) ? nimmtCard(Number(text)) : null;
}
