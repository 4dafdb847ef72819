// The rules pages (docs/rules, in each language) rendered from their Markdown: the players'
// part only (a page's developers' part follows the line DEVELOPERS and is not shown here), with
// its examples (```cards blocks) drawn with the game's own card art.

import { h, clear } from "./dom.js";
import { lang, t } from "./i18n.js";
import { api } from "./net.js";
import { games, gameTitle, gameModules } from "./catalog.js";

/** The line of a rules page after which it speaks to developers (kibitz rules shows it). */
export const DEVELOPERS = "<!-- developers -->";

/** A rules page without its developers' part. */
export function playersPart(source) {
  const at = source.indexOf(`\n${DEVELOPERS}`);
  return at < 0 ? source : source.slice(0, at);
}

function escape(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function inline(text) {
  const codes = [];
  let out = escape(text).replace(/`([^`]+)`/g, (_, code) => {
    codes.push(code);
    return `\u0000${codes.length - 1}\u0000`;
  });
  out = out
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[\s(])\*([^*\s][^*]*)\*/g, "$1<em>$2</em>")
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label, href) => {
      const safe = /^(https?:|#|\.{0,2}\/)/.test(href) || /^[\w./-]+$/.test(href);
      return safe ? `<a href="${href.replace(/"/g, "")}" rel="noopener">${label}</a>` : label;
    });
  return out.replace(/\u0000(\d+)\u0000/g, (_, i) => `<code>${codes[Number(i)]}</code>`);
}

const LIST_ITEM = /^(\s*)([-*]|\d+\.)\s+(.*)$/;

/**
 * A small Markdown renderer: headings, paragraphs, lists (and lists in their items), tables,
 * code, emphasis, links, and
 * examples: a ```cards block holds lines `Label: card card* ? _` (the label is optional; a
 * card as the game writes it, `*` marking it, `?` a card face down, `_` an empty place),
 * drawn by `drawExamples`.
 */
export function markdown(source) {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const html = [];
  let i = 0;
  const isTable = (k) => /^\s*\|/.test(lines[k] || "") && /^\s*\|[\s:|-]+\|\s*$/.test(lines[k + 1] || "");
  const cells = (line) => line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) { i += 1; continue; }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      const level = heading[1].length;
      html.push(`<h${level + 1}>${inline(heading[2])}</h${level + 1}>`);
      i += 1;
      continue;
    }
    if (line.startsWith("```")) {
      const body = [];
      i += 1;
      while (i < lines.length && !lines[i].startsWith("```")) body.push(lines[i++]);
      i += 1;
      if (line.trim() === "```cards") html.push(`<div class="cards-example" data-lines="${escape(JSON.stringify(body))}"></div>`);
      else html.push(`<pre><code>${escape(body.join("\n"))}</code></pre>`);
      continue;
    }
    if (isTable(i)) {
      const head = cells(line);
      i += 2;
      const rows = [];
      while (i < lines.length && /^\s*\|/.test(lines[i])) rows.push(cells(lines[i++]));
      html.push(`<div class="table-wrap"><table><thead><tr>${head.map((c) => `<th>${inline(c)}</th>`).join("")}</tr></thead><tbody>${
        rows.map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join("")}</tr>`).join("")}</tbody></table></div>`);
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      // Items, each with its text and the items of a list indented under it (one level).
      const items = [];
      while (i < lines.length) {
        const m = LIST_ITEM.exec(lines[i]);
        const last = items[items.length - 1];
        if (m && m[1].length <= item[1].length) items.push({ text: m[3], sub: [] });
        else if (m && last) last.sub.push(m[3]);
        else if (lines[i].trim() && /^\s+/.test(lines[i]) && last) {
          if (last.sub.length) last.sub[last.sub.length - 1] += ` ${lines[i].trim()}`;
          else last.text += ` ${lines[i].trim()}`;
        } else break;
        i += 1;
      }
      const tag = /\d/.test(item[2]) ? "ol" : "ul";
      html.push(`<${tag}>${items.map(({ text, sub }) => `<li>${inline(text)}${
        sub.length ? `<ul>${sub.map((t) => `<li>${inline(t)}</li>`).join("")}</ul>` : ""}</li>`).join("")}</${tag}>`);
      continue;
    }
    const para = [];
    while (i < lines.length && lines[i].trim() && !/^(#{1,4}\s|```|\s*([-*]|\d+\.)\s)/.test(lines[i]) && !isTable(i)) para.push(lines[i++].trim());
    html.push(`<p>${inline(para.join(" "))}</p>`);
  }
  return html.join("\n");
}

/** Draw the examples of a rendered page with the card art `cards` (a game's cards module:
 * `exampleCard(text)`); without it the cards are written as text. */
export function drawExamples(root, cards) {
  for (const example of root.querySelectorAll(".cards-example")) {
    clear(example);
    for (const line of JSON.parse(example.dataset.lines)) {
      const colon = line.indexOf(": ");
      const label = colon < 0 ? null : line.slice(0, colon);
      const tokens = (colon < 0 ? line : line.slice(colon + 2)).split(/\s+/).filter(Boolean);
      example.append(h("div", { class: "example-row" },
        label === null ? null : h("span", { class: "example-label" }, label),
        h("span", { class: "example-cards" }, tokens.map((token) => {
          const marked = token.endsWith("*");
          const text = marked ? token.slice(0, -1) : token;
          if (text === "_") return h("span", { class: "example-slot" });
          const card = cards && cards.exampleCard ? cards.exampleCard(text) : null;
          return h("span", { class: ["example-card", marked && "marked"] }, card || h("code", {}, text));
        }))));
    }
  }
}

export function mountRules(root, game) {
  const body = h("article", { class: "rules", "aria-busy": "true" }, t("loading"));
  root.append(h("div", { class: "page narrow" },
    h("p", { class: "crumbs" }, h("a", { href: "#/" }, t("nav.lobby")), " › ", t("nav.rules")),
    h("nav", { class: "tabs" }, games().map((g) =>
      h("a", { href: `#/rules/${g.name}`, class: g.name === game ? "active" : null }, gameTitle(g.name)))),
    body));
  document.title = `${gameTitle(game)} · kibitz`;
  api(`/api/rules/${encodeURIComponent(game)}?lang=${lang()}`, { raw: true })
    .then((text) => {
      body.innerHTML = markdown(playersPart(text));
      drawExamples(body, gameModules(game).cards);
      body.removeAttribute("aria-busy");
      // Links between the rules pages stay inside the app.
      for (const a of body.querySelectorAll("a[href]")) {
        const m = /(?:^|\/)([\w-]+)\.md$/.exec(a.getAttribute("href"));
        if (m && games().some((g) => g.name === m[1])) a.setAttribute("href", `#/rules/${m[1]}`);
      }
    })
    .catch((error) => {
      body.textContent = `${t("error")}: ${error.message}`;
    });
  return { destroy() {} };
}
