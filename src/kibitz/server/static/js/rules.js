// The rules pages (docs/rules, in each language) rendered from their Markdown.

import { h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { api } from "./net.js";
import { games, gameTitle } from "./catalog.js";

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

/** A small Markdown renderer: headings, paragraphs, lists, tables, code, emphasis, links. */
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
      html.push(`<pre><code>${escape(body.join("\n"))}</code></pre>`);
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
    const item = /^(\s*)([-*]|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      const ordered = /\d/.test(item[2]);
      const items = [];
      while (i < lines.length) {
        const m = /^(\s*)([-*]|\d+\.)\s+(.*)$/.exec(lines[i]);
        if (m && m[1].length <= item[1].length) {
          items.push(m[3]);
          i += 1;
        } else if (lines[i].trim() && /^\s+/.test(lines[i]) && items.length) {
          items[items.length - 1] += ` ${lines[i].trim()}`;
          i += 1;
        } else break;
      }
      const tag = ordered ? "ol" : "ul";
      html.push(`<${tag}>${items.map((text) => `<li>${inline(text)}</li>`).join("")}</${tag}>`);
      continue;
    }
    const para = [];
    while (i < lines.length && lines[i].trim() && !/^(#{1,4}\s|```|\s*([-*]|\d+\.)\s)/.test(lines[i]) && !isTable(i)) para.push(lines[i++].trim());
    html.push(`<p>${inline(para.join(" "))}</p>`);
  }
  return html.join("\n");
}

export function mountRules(root, game) {
  const body = h("article", { class: "rules", "aria-busy": "true" }, t("loading"));
  root.append(h("div", { class: "page narrow" },
    h("p", { class: "crumbs" }, h("a", { href: "#/" }, t("nav.lobby")), " › ", t("nav.rules")),
    h("nav", { class: "tabs" }, games().map((g) =>
      h("a", { href: `#/rules/${g.name}`, class: g.name === game ? "active" : null }, g.title))),
    body));
  document.title = `${gameTitle(game)} · kibitz`;
  api(`/api/rules/${encodeURIComponent(game)}?lang=${lang()}`, { raw: true })
    .then((text) => {
      body.innerHTML = markdown(text);
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
