// Goxeso's cards: Twemoji pictures (CC-BY 4.0) served from /assets/goxeso/, on a card drawn in
// code, and the marks of reserved and blocked singles. Goxeso's spec names this module (`cards`).

import { s } from "../dom.js";

/** A Goxeso face: a Twemoji picture on a card; the joker with a golden, starred frame. */
export function goxesoFace(face, extra = {}) {
  const joker = face === "J";
  return s("svg", { viewBox: "0 0 60 60", class: ["card", "goxeso", joker && "joker", extra.class], role: "img",
    "aria-label": extra.label || face },
    s("rect", { x: 1, y: 1, width: 58, height: 58, rx: 7, fill: joker ? "#fff3c4" : "#fffdf7",
      stroke: joker ? "#b8860b" : "#6b6b6b", "stroke-width": joker ? 3 : 1.5, "stroke-dasharray": joker ? "5 2" : null }),
    s("image", { href: `/assets/goxeso/${face}.svg`, x: 9, y: 9, width: 42, height: 42 }),
    joker ? s("text", { x: 6, y: 15, "font-size": 11, "font-weight": 700, fill: "#8a5a00" }, "★") : null);
}

/** A face-down Goxeso card: the same back for every card. */
export function goxesoBack(extra = {}) {
  return s("svg", { viewBox: "0 0 60 60", class: ["card", "back", "goxeso-back", extra.class], role: "img", "aria-label": extra.label || "" },
    s("rect", { x: 1, y: 1, width: 58, height: 58, rx: 7, fill: "#2f6f73", stroke: "#173b3d", "stroke-width": 1.5 }),
    s("path", { d: "M30 8 L52 30 L30 52 L8 30 Z", fill: "none", stroke: "#9fd3c7", "stroke-width": 1.5 }),
    s("path", { d: "M30 18 L42 30 L30 42 L18 30 Z", fill: "#9fd3c7", opacity: 0.6 }),
    s("circle", { cx: 30, cy: 30, r: 3, fill: "#e8f6f2" }));
}

/** A padlock (a reserved single) or a no-entry sign (a blocked single). */
export function statusIcon(status) {
  if (status === "reserved") {
    return s("svg", { viewBox: "0 0 20 20", class: "icon", "aria-hidden": "true" },
      s("path", { d: "M6 9 V6 a4 4 0 0 1 8 0 V9", fill: "none", stroke: "#1f5fbf", "stroke-width": 2.2 }),
      s("rect", { x: 3.5, y: 9, width: 13, height: 9, rx: 1.5, fill: "#1f5fbf" }));
  }
  return s("svg", { viewBox: "0 0 20 20", class: "icon", "aria-hidden": "true" },
    s("circle", { cx: 10, cy: 10, r: 8.5, fill: "#b3261e" }), s("rect", { x: 4.5, y: 8.5, width: 11, height: 3, fill: "#fff" }));
}

/** A card of the rules pages' examples: its face (`7`, `J`), or `?` face down (null: not a
 * card). */
export function exampleCard(text) {
  if (text === "?") return goxesoBack();
  return /^([1-9][0-9]?|J)$/.test(text) ? goxesoFace(text) : null;
}
