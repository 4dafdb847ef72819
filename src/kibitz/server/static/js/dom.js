// Tiny DOM helpers: h() builds HTML or SVG elements; no framework, no build step.

const SVG_NS = "http://www.w3.org/2000/svg";

function put(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "text") el.textContent = value;
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
}

function add(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element: h("button", {class: "x", onclick: f}, "text", child, ...). */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  put(el, attrs);
  add(el, children);
  return el;
}

/** An SVG element (same arguments as h). */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  put(el, attrs);
  add(el, children);
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Wait `ms` milliseconds (a promise). */
export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** A button that plays move `move` when `act` is given, else a disabled one. */
export function moveButton(label, move, act, attrs = {}) {
  return h("button", { class: "btn move", "data-move": move, onclick: () => act(move), ...attrs }, label);
}

/** Make a non-button element act like a button for keyboard users (Enter and Space). */
export function clickable(el, handler, label) {
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  if (label) el.setAttribute("aria-label", label);
  el.addEventListener("click", handler);
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      handler(event);
    }
  });
  return el;
}
