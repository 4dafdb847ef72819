// The leaderboards (#/leaderboard/GAME): a tab per game; the game's rated players (bot levels
// among them) best first, fifty at a time, each a link to their page.

import { h } from "./dom.js";
import { t, errorText } from "./i18n.js";
import { api } from "./net.js";
import { games, gameTitle } from "./catalog.js";
import { me } from "./player.js";
import { playerName, ratingText, shareText } from "./profile.js";

const PAGE = 50;

export function mountLeaderboard(root, game) {
  const rows = h("tbody", {});
  const more = h("button", { class: "btn", id: "board-more", hidden: true, onclick: () => load() }, t("board.more"));
  const note = h("p", { class: "muted", "aria-live": "polite" }, t("loading"));
  const table = h("table", { class: "stats leaderboard", id: "leaderboard", "data-game": game, hidden: true },
    h("thead", {}, h("tr", {}, h("th", { class: "num" }, t("board.rank")), h("th", {}, t("board.player")),
      [t("profile.rating"), t("profile.played"), t("profile.won"), t("profile.share")].map((c) => h("th", { class: "num" }, c)))), rows);
  root.append(h("div", { class: "page narrow", id: "leaderboards" },
    h("h1", {}, t("board.title")),
    h("nav", { class: "tabs" }, games().map((g) =>
      h("a", { href: `#/leaderboard/${g.name}`, class: g.name === game ? "active" : null }, gameTitle(g.name)))),
    h("section", { class: "panel" }, h("h2", {}, gameTitle(game)), note, h("div", { class: "table-wrap" }, table), more,
      h("p", { class: "doc" }, t("board.doc")))));
  document.title = `${t("board.title")}: ${gameTitle(game)} · kibitz`;
  let offset = 0;
  let gone = false;

  async function load() {
    more.disabled = true;
    let entries;
    try {
      entries = await api(`/api/leaderboard/${encodeURIComponent(game)}?limit=${PAGE}&offset=${offset}`);
    } catch (error) {
      if (!gone) note.textContent = errorText(error);
      return;
    }
    if (gone) return;
    more.disabled = false;
    offset += entries.length;
    const self = me();
    for (const entry of entries) {
      const mine = self && self.id === entry.player.id;
      rows.append(h("tr", { class: [mine && "me", entry.player.bot && "bot"], "data-player": entry.player.id },
        h("td", { class: "num" }, String(entry.rank)),
        h("td", {}, h("a", { href: `#/players/${encodeURIComponent(entry.player.id)}` }, playerName(entry.player)),
          mine ? h("span", { class: "tag" }, t("board.you")) : null),
        h("td", { class: "num rating" }, ratingText(entry.rating)),
        h("td", { class: "num" }, String(entry.played)),
        h("td", { class: "num" }, String(entry.won)),
        h("td", { class: "num" }, shareText(entry.won, entry.played))));
    }
    table.hidden = offset === 0;
    note.textContent = offset === 0 ? t("board.empty", { game: gameTitle(game) }) : "";
    more.hidden = entries.length < PAGE;
  }

  load();
  return { destroy() { gone = true; } };
}
