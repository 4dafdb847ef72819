// How the pages name seats, bots, players, winners, tables and times: one place, so that the
// lobby, the tables, replays and the players' pages say the same. Seats are numbered from 0 in
// the protocol and in records, and shown from 1 ("Seat 1": the texts add the 1).

import { t, has, lang } from "./i18n.js";
import { gameTitle } from "./catalog.js";

/** A bot level in words ("medium"). */
export function botLabel(level) {
  const key = `bot.${level}`;
  return has(key) ? t(key) : level;
}

/** A bot as players see it: "Bot (medium)". */
export function botName(level) {
  return t("bot.named", { level: botLabel(level) });
}

/** A seat by its number: "Seat 1" for the protocol's seat 0. */
export function seatName(seat) {
  return t("seat.n", { n: seat });
}

function plainName(seats, seat, over) {
  const s = seats && seats[seat];
  if (!s) return seatName(seat);
  if (s.kind === "bot") return botName(s.bot);
  if (s.nickname) return s.nickname;
  return over ? t("seat.standIn", { n: seat }) : seatName(seat);
}

/**
 * Who sits at `seat` of a table (`seats` as the protocol sends them): the player's nickname,
 * "Bot (medium)", or the seat's name when nobody does; a name two seats share says its seat
 * too ("Bot (medium), seat 2"), unless `plain`. A finished table's open seat was played by the
 * stand-in bot at the end ("Seat 2 (stand-in bot)" when `over`).
 */
export function seatPlayer(seats, seat, { over = false, plain = false } = {}) {
  const name = plainName(seats, seat, over);
  if (plain || !seats) return name;
  const shared = seats.some((_, other) => other !== seat && plainName(seats, other, over) === name);
  return shared ? t("seat.nameAt", { name, n: seat }) : name;
}

/**
 * The winners of a finished table in words: one winner by name; a winning side of several
 * seats as a team, with its seats ("the team of seats 2 and 4 (Bot (medium), Bot (medium))");
 * equal winners of a free-for-all, or both teams (Kozel's eggs), as a shared win. `result` is
 * the summary's (`winners`, `teams`).
 */
export function winnersText(result, seats) {
  const winners = (result && result.winners) || [];
  if (!winners.length) return "";
  const names = winners.map((w) => seatPlayer(seats, w, { over: true }));
  if (winners.length === 1) return t("won.one", { name: names[0] });
  const sides = (result.teams || []).filter((side) => side.some((s) => winners.includes(s)));
  if (sides.length === 1 && sides[0].length > 1) {
    const plain = winners.map((w) => seatPlayer(seats, w, { over: true, plain: true }));
    return t("won.team", { seats: listText(sides[0].map((s) => String(s + 1))), names: plain.join(", ") });
  }
  return t("won.shared", { names: listText(names) });
}

/** "a, b and c" in the page's language. */
export function listText(items) {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${t("and")} ${items[items.length - 1]}`;
}

/** A moment (Unix seconds) in the page's language: the time today, else the date and time. */
export function timeText(at) {
  const when = new Date(at * 1000);
  const today = new Date().toDateString() === when.toDateString();
  const format = today ? { timeStyle: "short" } : { dateStyle: "medium", timeStyle: "short" };
  return new Intl.DateTimeFormat(lang(), format).format(when);
}

/** A day (Unix seconds) in the page's language. */
export function dateText(at) {
  return new Intl.DateTimeFormat(lang(), { dateStyle: "medium" }).format(new Date(at * 1000));
}

/** A table's title: its game and who plays ("X bere!: Ada, Bot (medium)"). */
export function tableTitle(game, seats) {
  const who = (seats || []).map((_, i) => seatPlayer(seats, i, { plain: true }));
  return who.length ? `${gameTitle(game)}: ${who.join(", ")}` : gameTitle(game);
}
