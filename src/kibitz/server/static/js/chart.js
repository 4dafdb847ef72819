// A rating history drawn as SVG: the rating after each game as a line, one dot per game (filled
// for a win), each dot a link to that game's replay with its details as a tooltip.

import { s } from "./dom.js";

const W = 640;
const H = 210;
const LEFT = 44;
const RIGHT = 14;
const TOP = 12;
const BOTTOM = 28;

/** Round numbers for the y axis between `low` and `high` (about four steps). */
function ticks(low, high) {
  const raw = (high - low) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((f) => f * power).find((v) => v >= raw);
  const out = [];
  for (let v = Math.ceil(low / step) * step; v <= high + 1e-9; v += step) out.push(Number(v.toFixed(6)));
  return out;
}

/**
 * The chart of `points` ({rating, won, href, label}, oldest first; a point without `href` is
 * the start, before any game). `label` is the chart's text for screen readers; the dots'
 * tooltips are the points' labels.
 */
export function ratingChart(points, label) {
  const values = points.map((p) => p.rating);
  let low = Math.min(0, ...values);
  let high = Math.max(1, ...values);
  const pad = (high - low) * 0.08;
  low -= pad;
  high += pad;
  const x = (i) => LEFT + (points.length === 1 ? (W - LEFT - RIGHT) / 2 : (i * (W - LEFT - RIGHT)) / (points.length - 1));
  const y = (v) => TOP + ((high - v) * (H - TOP - BOTTOM)) / (high - low);
  const grid = ticks(low, high).map((v) => [
    s("line", { class: v === 0 ? "zero" : "grid", x1: LEFT, x2: W - RIGHT, y1: y(v), y2: y(v) }),
    s("text", { class: "tick", x: LEFT - 6, y: y(v) + 4, "text-anchor": "end" }, String(v)),
  ]);
  const line = s("polyline", { class: "line", points: points.map((p, i) => `${x(i)},${y(p.rating)}`).join(" ") });
  const dot = (p, i) => s("circle", { class: ["dot", p.href ? (p.won ? "won" : "lost") : "start"], cx: x(i), cy: y(p.rating), r: points.length > 60 ? 3 : 4.5 },
    s("title", {}, p.label));
  const dots = points.map((p, i) => (p.href ? s("a", { href: p.href }, dot(p, i)) : dot(p, i)));
  // The x axis counts games: the start (no href) is game 0.
  const number = (i) => String(points[0].href ? i + 1 : i);
  const first = s("text", { class: "tick", x: x(0), y: H - 8, "text-anchor": "middle" }, number(0));
  const last = points.length > 1 ? s("text", { class: "tick", x: x(points.length - 1), y: H - 8, "text-anchor": "middle" }, number(points.length - 1)) : null;
  return s("svg", { class: "rating-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label },
    s("title", {}, label), grid, line, dots, first, last);
}
