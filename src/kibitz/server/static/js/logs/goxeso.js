// The game log of Goxeso in words (entries: src/kibitz/games/goxeso/log.py), and the end
// panel's account of the score: each holder's pairs and the joker pair.

import { h } from "../dom.js";
import { t, plural } from "../i18n.js";

const en = {
  "glog.turn": "Turn {turn}: {who}",
  "glog.flip": "{who} turns {face} at {cell}.",
  "glog.joker": "the joker",
  "glog.match": "A match: {holder} takes {a} and {b}.",
  "glog.captured": "Captured between them: {cards}.",
  "glog.claims": "Claimed by the holder of the mate: {cards}.",
  "glog.lone": "The last card {card} goes to {holder}.",
  "glog.miss": "No match.",
  "glog.swap": "No match: the two cards swap places.",
  "glog.exchange": "The exchange",
  "glog.offer": "{who} offers {to} their {give} for {to}'s {get}.",
  "glog.accept": "{who} accepts.",
  "glog.decline": "{who} declines.",
  "glog.pass": "{who} passes.",
  "glog.over": "Game over: {scores}.",
  "glog.pairs": (p) => `${p.n} ${p.n === 1 ? "pair" : "pairs"}`,
  "glog.howScored": "One point per complete pair, the joker pair included:",
  "glog.jokerPair": "joker pair",
  "glog.noPairs": "no pairs",
};

const cs = {
  "glog.turn": "Tah {turn}: {who}",
  "glog.flip": "{who} otáčí {face} na {cell}.",
  "glog.joker": "žolíka",
  "glog.match": "Dvojice: {holder} bere {a} a {b}.",
  "glog.captured": "Zajaté mezi nimi: {cards}.",
  "glog.claims": "Získává držitel druhé karty: {cards}.",
  "glog.lone": "Poslední karta {card} připadá: {holder}.",
  "glog.miss": "Není to dvojice.",
  "glog.swap": "Není to dvojice: karty si vymění místa.",
  "glog.exchange": "Výměna",
  "glog.offer": "{who} nabízí hráči {to} svou {give} za jeho {get}.",
  "glog.accept": "{who} přijímá.",
  "glog.decline": "{who} odmítá.",
  "glog.pass": "{who} pasuje.",
  "glog.over": "Konec hry: {scores}.",
  "glog.pairs": (p) => `${p.n} ${plural(p.n, ["dvojice", "dvojice", "dvojic"])}`,
  "glog.howScored": "Bod za každou celou dvojici, i za dvojici žolíků:",
  "glog.jokerPair": "dvojice žolíků",
  "glog.noPairs": "žádné dvojice",
};

const ru = {
  "glog.turn": "Ход {turn}: {who}",
  "glog.flip": "{who} открывает {face} на {cell}.",
  "glog.joker": "джокера",
  "glog.match": "Пара: {holder} забирает {a} и {b}.",
  "glog.captured": "Захвачены между ними: {cards}.",
  "glog.claims": "Забирает владелец пары: {cards}.",
  "glog.lone": "Последняя карта {card} уходит: {holder}.",
  "glog.miss": "Не пара.",
  "glog.swap": "Не пара: карты меняются местами.",
  "glog.exchange": "Обмен",
  "glog.offer": "{who} предлагает {to} свою {give} за его {get}.",
  "glog.accept": "{who} соглашается.",
  "glog.decline": "{who} отказывается.",
  "glog.pass": "{who} пасует.",
  "glog.over": "Игра окончена: {scores}.",
  "glog.pairs": (p) => `${p.n} ${plural(p.n, ["пара", "пары", "пар"])}`,
  "glog.howScored": "Очко за каждую полную пару, включая пару джокеров:",
  "glog.jokerPair": "пара джокеров",
  "glog.noPairs": "нет пар",
};

export const STRINGS = { en, cs, ru };

function face(f) {
  return f === "J" ? t("glog.joker") : f;
}

function holderName(seats, ctx) {
  return seats.map((s) => ctx.seatName(s)).join(" & ");
}

function ownerName(owner, ctx) {
  const holding = ctx.view && ctx.view.holdings && ctx.view.holdings[owner];
  return holderName(holding ? holding.seats : [owner], ctx);
}

function cardsText(cards) {
  return cards.map((c) => `${face(c.face)} (${c.cell})`).join(", ");
}

function outcome(e, ctx) {
  const parts = [];
  if (e.captured && e.captured.length) parts.push(t("glog.captured", { cards: cardsText(e.captured) }));
  if (e.claims && e.claims.length) parts.push(t("glog.claims", { cards: e.claims.map((c) => `${face(c.face)} → ${ownerName(c.owner, ctx)}`).join(", ") }));
  if (e.lone) parts.push(t("glog.lone", { card: face(e.lone.face), holder: ownerName(e.lone.owner, ctx) }));
  return parts;
}

export function entryText(e, ctx) {
  const who = e.seat === undefined ? "" : ctx.seatName(e.seat);
  switch (e.kind) {
    case "turn":
      return { level: 2, text: t("glog.turn", { turn: e.turn, who }) };
    case "flip":
      return { level: 0, text: t("glog.flip", { who, face: face(e.face), cell: e.cell }) };
    case "match":
      return { level: 0, text: [t("glog.match", { holder: holderName(e.seats, ctx), a: face(e.faces[0]), b: face(e.faces[1]) }), ...outcome(e, ctx)].join(" ") };
    case "miss":
      return { level: 0, text: [t(e.swap ? "glog.swap" : "glog.miss"), ...outcome(e, ctx)].join(" ") };
    case "exchange":
      return { level: 1, text: t("glog.exchange") };
    case "offer":
      return { level: 0, text: t("glog.offer", { who, to: ctx.seatName(e.to), give: face(e.give), get: face(e.get) }) };
    case "accept":
    case "decline":
    case "pass":
      return { level: 0, text: t(`glog.${e.kind}`, { who }) };
    case "over":
      return { level: 1, text: t("glog.over", { scores: e.scores.map((s, seat) => `${ctx.seatName(seat)} ${s}`).join(", ") }) };
    default:
      return { level: 0, text: e.kind };
  }
}

/** The end panel's account: each holder's pairs, the joker pair named. */
export function breakdown(view, entries, ctx) {
  const holdings = (view && view.holdings) || [];
  if (!holdings.length) return null;
  return h("div", { class: "breakdown", id: "breakdown" },
    h("p", {}, t("glog.howScored")),
    h("ul", { class: "breakdown-list" }, holdings.map((holding, owner) => {
      const faces = holding.pairs.map((f) => (f === "J" ? t("glog.jokerPair") : f));
      return h("li", { "data-owner": owner },
        h("strong", {}, holderName(holding.seats, ctx)), ": ", t("glog.pairs", { n: holding.pairs.length }),
        faces.length ? ` (${faces.join(", ")})` : "");
    })));
}
