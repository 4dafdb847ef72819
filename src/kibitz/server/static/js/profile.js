// A player's page (#/players/ID): per game the rating, games played and won and the win share;
// the rating after each rated game drawn as SVG; the recent games with their replays. Bot
// levels have pages too (`bot.medium`).

import { h, clear } from "./dom.js";
import { t, errorText } from "./i18n.js";
import { api } from "./net.js";
import { gameTitle, games } from "./catalog.js";
import { me } from "./player.js";
import { botName, dateText, timeText, winnersText } from "./names.js";
import { seatChips } from "./lobby.js";
import { ratingChart } from "./chart.js";

/** A player's name as pages show it: a bot level as "Bot (medium)". */
export function playerName(player) {
  return player.bot ? botName(player.bot) : player.nickname;
}

export function ratingText(rating) {
  return rating.toFixed(1);
}

export function shareText(won, played) {
  return played ? `${Math.round((100 * won) / played)}%` : "–";
}

function gamesTable(data) {
  const order = games().map((g) => g.name);
  const names = Object.keys(data.games).sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return h("div", { class: "table-wrap" }, h("table", { class: "stats", id: "profile-games" },
    h("thead", {}, h("tr", {}, h("th", {}, t("profile.game")),
      [t("profile.rating"), t("profile.played"), t("profile.won"), t("profile.share")].map((c) => h("th", { class: "num" }, c)))),
    h("tbody", {}, names.map((game) => {
      const g = data.games[game];
      return h("tr", { "data-game": game },
        h("td", {}, h("a", { href: `#/leaderboard/${game}` }, gameTitle(game))),
        h("td", { class: "num rating" }, ratingText(g.rating)),
        h("td", { class: "num" }, String(g.played)),
        h("td", { class: "num" }, String(g.won)),
        h("td", { class: "num" }, shareText(g.won, g.played)));
    }))));
}

function charts(data) {
  const byGame = new Map();
  for (const point of data.history) {
    if (!byGame.has(point.game)) byGame.set(point.game, []);
    byGame.get(point.game).push(point);
  }
  return [...byGame].map(([game, points]) => {
    // Every game of it shown: the line starts from the rating before the first (0).
    const start = points.length === data.games[game].played
      ? [{ rating: 0, won: false, href: null, label: t("profile.start") }] : [];
    const drawn = start.concat(points.map((p, i) => ({
      rating: p.rating,
      won: p.won,
      href: `#/replay/${p.table}`,
      label: t("profile.point", { n: i + 1, date: timeText(p.at), rating: ratingText(p.rating), result: t(p.won ? "profile.result.won" : "profile.result.lost") }),
    })));
    const label = t("profile.chart", { game: gameTitle(game), first: ratingText(points[0].rating), last: ratingText(points[points.length - 1].rating), n: points.length });
    return h("figure", { class: "chart", "data-game": game }, h("figcaption", {}, gameTitle(game)), ratingChart(drawn, label));
  });
}

function recentGames(data) {
  return h("ul", { class: "tables", id: "profile-recent" }, data.recent.map((table) => {
    const held = table.seats_held || [];
    const won = held.some((seat) => (table.result && table.result.winners || []).includes(seat));
    const scores = table.result ? held.map((seat) => table.result.scores[seat]) : [];
    return h("li", { class: "table-row", "data-table": table.id },
      h("div", { class: "what" },
        h("strong", {}, gameTitle(table.game)), " ",
        h("span", { class: ["tag", won ? "won" : "lost"] }, t(won ? "profile.result.won" : "profile.result.lost")),
        h("span", { class: "muted" }, ` · ${timeText(table.updated_at)}${scores.length ? ` · ${t("profile.score", { score: scores.join(", ") })}` : ""}`),
        h("div", { class: "chips" }, seatChips(table, held.length ? held[0] : null)),
        table.result ? h("span", { class: "result" }, winnersText(table.result, table.seats)) : null),
      h("div", { class: "actions" }, h("a", { class: "btn replay", href: `#/replay/${table.id}` }, t("lobby.replay"))));
  }));
}

export function mountProfile(root, playerId) {
  const body = h("div", { class: "profile", "aria-busy": "true" }, h("p", { class: "muted" }, t("loading")));
  root.append(h("div", { class: "page", id: "profile", "data-player": playerId }, body));
  let gone = false;
  api(`/api/players/${encodeURIComponent(playerId)}`).then((data) => {
    if (gone) return;
    clear(body);
    body.removeAttribute("aria-busy");
    const name = playerName(data);
    document.title = `${name} · kibitz`;
    const mine = me() && me().id === data.id;
    body.append(
      h("h1", {}, name, mine ? h("span", { class: "tag" }, t("board.you")) : null),
      h("p", { class: "muted" }, data.bot ? t("profile.bot") : t("profile.since", { date: dateText(data.created_at) })));
    if (!data.history.length) {
      body.append(h("p", { class: "empty" }, t("profile.none")));
      return;
    }
    body.append(
      h("section", { class: "panel" }, h("h2", {}, t("profile.games")), gamesTable(data), h("p", { class: "doc" }, t("profile.ratingDoc"))),
      h("section", { class: "panel" }, h("h2", {}, t("profile.history")), h("div", { class: "charts" }, charts(data))),
      h("section", {}, h("h2", {}, t("profile.recent")), recentGames(data)));
  }, (error) => {
    if (gone) return;
    clear(body).append(h("p", { class: "error" }, errorText(error)));
    body.removeAttribute("aria-busy");
  });
  return { destroy() { gone = true; } };
}
