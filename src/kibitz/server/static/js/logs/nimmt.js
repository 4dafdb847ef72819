// The game log of X bere! and 6 nimmt! in words (entries: src/kibitz/games/nimmt/log.py), and
// the end panel's account of the penalties: per round, and in X bere! hand + 2 × X pile.

import { h } from "../dom.js";
import { t, plural } from "../i18n.js";

const en = {
  "nlog.round": "Round {round}",
  "nlog.rows": "The rows start with {cards}.",
  "nlog.turn": "Turn {turn}: {cards}",
  "nlog.place": "{who} plays {card} to row {row}.",
  "nlog.takeFull": (p) => `${p.who} plays ${p.card} to row ${p.row} and takes ${p.n} ${p.n === 1 ? "card" : "cards"} (${p.cards}).`,
  "nlog.takeLow": (p) => `${p.who}'s ${p.card} is lower than every row: takes row ${p.row}, ${p.n} ${p.n === 1 ? "card" : "cards"} (${p.cards}).`,
  "nlog.x": "{who} lays {card} on the X row; back to the hand: {back}.",
  "nlog.xPacked": "{who} starts the X row again with {card}: the old X row goes to the X pile; back to the hand: {back}.",
  "nlog.roundEnd": "Round {round} over: {scores}.",
  "nlog.over": "Game over: {scores}.",
  "nlog.none": "none",
  "nlog.formula": "{hand} + 2 × {pile} = {total}",
  "nlog.formulaCards": "Cards in hand + 2 × cards in the X pile, per round:",
  "nlog.formulaHeads": "Bullheads in hand + 2 × bullheads in the X pile, per round:",
  "nlog.perRound": "Bullheads taken per round:",
  "nlog.roundN": "Round {n}",
  "nlog.total": "Total",
};

const cs = {
  "nlog.round": "Kolo {round}",
  "nlog.rows": "Řady začínají kartami {cards}.",
  "nlog.turn": "Tah {turn}: {cards}",
  "nlog.place": "{who} hraje {card} do řady {row}.",
  "nlog.takeFull": (p) => `${p.who} hraje ${p.card} do řady ${p.row} a bere ${p.n} ${plural(p.n, ["kartu", "karty", "karet"])} (${p.cards}).`,
  "nlog.takeLow": (p) => `${p.who}: ${p.card} je nižší než všechny řady, bere řadu ${p.row}, ${p.n} ${plural(p.n, ["kartu", "karty", "karet"])} (${p.cards}).`,
  "nlog.x": "{who} klade {card} do řady X; zpět do ruky: {back}.",
  "nlog.xPacked": "{who} začíná řadu X znovu kartou {card}: stará řada X jde do balíčku X; zpět do ruky: {back}.",
  "nlog.roundEnd": "Konec kola {round}: {scores}.",
  "nlog.over": "Konec hry: {scores}.",
  "nlog.none": "nic",
  "nlog.formula": "{hand} + 2 × {pile} = {total}",
  "nlog.formulaCards": "Karty v ruce + 2 × karty v balíčku X, po kolech:",
  "nlog.formulaHeads": "Volské hlavy v ruce + 2 × volské hlavy v balíčku X, po kolech:",
  "nlog.perRound": "Volské hlavy po kolech:",
  "nlog.roundN": "Kolo {n}",
  "nlog.total": "Celkem",
};

const ru = {
  "nlog.round": "Раунд {round}",
  "nlog.rows": "Ряды начинаются с карт {cards}.",
  "nlog.turn": "Ход {turn}: {cards}",
  "nlog.place": "{who} кладёт {card} в ряд {row}.",
  "nlog.takeFull": (p) => `${p.who} кладёт ${p.card} в ряд ${p.row} и забирает ${p.n} ${plural(p.n, ["карту", "карты", "карт"])} (${p.cards}).`,
  "nlog.takeLow": (p) => `${p.who}: ${p.card} ниже всех рядов, забирает ряд ${p.row}, ${p.n} ${plural(p.n, ["карту", "карты", "карт"])} (${p.cards}).`,
  "nlog.x": "{who} кладёт {card} в ряд X; обратно в руку: {back}.",
  "nlog.xPacked": "{who} начинает ряд X заново с {card}: старый ряд X уходит в стопку X; обратно в руку: {back}.",
  "nlog.roundEnd": "Раунд {round} окончен: {scores}.",
  "nlog.over": "Игра окончена: {scores}.",
  "nlog.none": "ничего",
  "nlog.formula": "{hand} + 2 × {pile} = {total}",
  "nlog.formulaCards": "Карты в руке + 2 × карты в стопке X, по раундам:",
  "nlog.formulaHeads": "Бычьи головы в руке + 2 × бычьи головы в стопке X, по раундам:",
  "nlog.perRound": "Бычьи головы по раундам:",
  "nlog.roundN": "Раунд {n}",
  "nlog.total": "Итого",
};

export const STRINGS = { en, cs, ru };

function list(cards) {
  return cards.length ? cards.join(", ") : t("nlog.none");
}

function scoresText(scores, ctx) {
  return scores.map((score, seat) => `${ctx.seatName(seat)} ${score}`).join(", ");
}

export function entryText(e, ctx) {
  const who = e.seat === undefined ? "" : ctx.seatName(e.seat);
  switch (e.kind) {
    case "round":
      return { level: 1, text: `${t("nlog.round", { round: e.round })} · ${t("nlog.rows", { cards: e.rows.map((row) => row.join(" ")).join(", ") })}` };
    case "turn":
      return { level: 2, text: t("nlog.turn", { turn: e.turn, cards: e.cards.map(([card, seat]) => `${ctx.seatName(seat)} ${card}`).join(", ") }) };
    case "place":
      return { level: 0, text: t("nlog.place", { who, card: e.card, row: e.row }) };
    case "take":
      return { level: 0, text: t(e.reason === "low" ? "nlog.takeLow" : "nlog.takeFull", { who, card: e.card, row: e.row, n: e.cards.length, cards: list(e.cards) }) };
    case "x":
      return { level: 0, text: t(e.packed ? "nlog.xPacked" : "nlog.x", { who, card: e.card, back: list(e.back) }) };
    case "round_end":
      return { level: 1, text: t("nlog.roundEnd", { round: e.round, scores: scoresText(e.penalties, ctx) }) };
    case "over":
      return { level: 1, text: t("nlog.over", { scores: scoresText(e.scores, ctx) }) };
    default:
      return { level: 0, text: e.kind };
  }
}

/** The end panel's account: a table of each seat's penalty per round (X bere!: hand + 2 × X pile). */
export function breakdown(view, entries, ctx) {
  const rounds = entries.filter((e) => e.kind === "round_end");
  if (!rounds.length) return null;
  const xbere = rounds[0].hand !== null;
  const heads = view.options && view.options.scoring === "bullheads";
  const intro = !xbere ? t("nlog.perRound") : t(heads ? "nlog.formulaHeads" : "nlog.formulaCards");
  const cell = (e, seat) => (xbere
    ? t("nlog.formula", { hand: e.hand[seat], pile: e.pile[seat], total: e.penalties[seat] })
    : String(e.penalties[seat]));
  const totals = view.scores || rounds.reduce((sum, e) => sum.map((v, i) => v + e.penalties[i]), rounds[0].penalties.map(() => 0));
  return h("div", { class: "breakdown", id: "breakdown" },
    h("p", {}, intro),
    h("table", { class: "result breakdown-table" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), rounds.map((e) => h("th", {}, t("nlog.roundN", { n: e.round }))), h("th", {}, t("nlog.total")))),
      h("tbody", {}, totals.map((total, seat) => h("tr", { "data-seat": seat },
        h("td", {}, ctx.seatName(seat)), rounds.map((e) => h("td", {}, cell(e, seat))), h("td", {}, String(total)))))));
}
