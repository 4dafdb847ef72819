// The game log of Kozel in words (entries: src/kibitz/games/kozel/log.py), the last trick on
// demand, and the end panel's account of the score: card points and losing points per deal.

import { h } from "../dom.js";
import { t, plural } from "../i18n.js";

const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };

const en = {
  "klog.deal": "Deal {deal}: {dealer} deals, the trump card is {trump}.",
  "klog.trick": "Trick {number}",
  "klog.lead": "{who} leads {cards}.",
  "klog.beat": "{who} beats with {cards}.",
  "klog.discard": "{who} discards {cards}.",
  "klog.discardDown": (p) => `${p.who} discards ${p.n} ${p.n === 1 ? "card" : "cards"} face down.`,
  "klog.four": (p) => `${p.who} takes the trick over with four: ${p.cards}; ${p.n} ${p.n === 1 ? "play goes" : "plays go"} back to the hands.`,
  "klog.taken": "{team} takes the trick ({who}), {points} points.",
  "klog.takenHidden": (p) => `${p.team} takes the trick (${p.who}), ${p.points} points seen and ${p.n} ${p.n === 1 ? "card" : "cards"} face down.`,
  "klog.dealEnd": "Deal {deal} over: card points {a} : {b}.",
  "klog.losing": "{team} gets {n} losing points{doubled}.",
  "klog.doubledNote": " (doubled)",
  "klog.eggs": "Eggs: 60 : 60, no losing points.",
  "klog.over": "Series over: losing points {a} : {b}.",
  "klog.lastTrick": "Last trick",
  "klog.noLastTrick": "No trick has been taken yet.",
  "klog.perDeal": "Card points and losing points per deal:",
  "klog.dealN": "Deal {n}",
  "klog.cardPoints": "Card points",
  "klog.losingPoints": "Losing points",
  "klog.total": "Total",
  "klog.eggsShort": "eggs",
};

const cs = {
  "klog.deal": "Rozdání {deal}: rozdává {dealer}, trumfová karta je {trump}.",
  "klog.trick": "Štych {number}",
  "klog.lead": "{who} vynáší {cards}.",
  "klog.beat": "{who} přebíjí kartami {cards}.",
  "klog.discard": "{who} odhazuje {cards}.",
  "klog.discardDown": (p) => `${p.who} odhazuje ${p.n} ${plural(p.n, ["kartu", "karty", "karet"])} lícem dolů.`,
  "klog.four": (p) => `${p.who} přebírá štych čtveřicí: ${p.cards}; ${p.n} ${plural(p.n, ["výnos se vrací", "výnosy se vracejí", "výnosů se vrací"])} do rukou.`,
  "klog.taken": "{team} bere štych ({who}), {points} bodů.",
  "klog.takenHidden": (p) => `${p.team} bere štych (${p.who}), ${p.points} viditelných bodů a ${p.n} ${plural(p.n, ["karta", "karty", "karet"])} lícem dolů.`,
  "klog.dealEnd": "Konec rozdání {deal}: body z karet {a} : {b}.",
  "klog.losing": "{team} dostává {n} trestných bodů{doubled}.",
  "klog.doubledNote": " (dvojnásobně)",
  "klog.eggs": "Vejce: 60 : 60, žádné trestné body.",
  "klog.over": "Konec série: trestné body {a} : {b}.",
  "klog.lastTrick": "Poslední štych",
  "klog.noLastTrick": "Zatím nikdo nevzal štych.",
  "klog.perDeal": "Body z karet a trestné body po rozdáních:",
  "klog.dealN": "Rozdání {n}",
  "klog.cardPoints": "Body z karet",
  "klog.losingPoints": "Trestné body",
  "klog.total": "Celkem",
  "klog.eggsShort": "vejce",
};

const ru = {
  "klog.deal": "Сдача {deal}: сдаёт {dealer}, козырная карта {trump}.",
  "klog.trick": "Взятка {number}",
  "klog.lead": "{who} заходит с {cards}.",
  "klog.beat": "{who} бьёт картами {cards}.",
  "klog.discard": "{who} сбрасывает {cards}.",
  "klog.discardDown": (p) => `${p.who} сбрасывает ${p.n} ${plural(p.n, ["карту", "карты", "карт"])} рубашкой вверх.`,
  "klog.four": (p) => `${p.who} перебивает взятку четвёркой: ${p.cards}; ${p.n} ${plural(p.n, ["ход возвращается", "хода возвращаются", "ходов возвращаются"])} в руки.`,
  "klog.taken": "{team} берёт взятку ({who}), {points} очков.",
  "klog.takenHidden": (p) => `${p.team} берёт взятку (${p.who}), ${p.points} видимых очков и ${p.n} ${plural(p.n, ["карта", "карты", "карт"])} рубашкой вверх.`,
  "klog.dealEnd": "Сдача {deal} окончена: очки за карты {a} : {b}.",
  "klog.losing": "{team} получает {n} штрафных очков{doubled}.",
  "klog.doubledNote": " (вдвойне)",
  "klog.eggs": "Яйца: 60 : 60, без штрафных очков.",
  "klog.over": "Серия окончена: штрафные очки {a} : {b}.",
  "klog.lastTrick": "Последняя взятка",
  "klog.noLastTrick": "Взяток ещё не было.",
  "klog.perDeal": "Очки за карты и штрафные очки по сдачам:",
  "klog.dealN": "Сдача {n}",
  "klog.cardPoints": "Очки за карты",
  "klog.losingPoints": "Штрафные очки",
  "klog.total": "Итого",
  "klog.eggsShort": "яйца",
};

export const STRINGS = { en, cs, ru };

/** "7H" -> "7♥". */
function card(text) {
  return `${text.slice(0, -1)}${SUIT[text.slice(-1)] || text.slice(-1)}`;
}

function cards(texts) {
  return texts.map(card).join(" ");
}

function team(n) {
  return t(n === 0 ? "kozel.teamA" : "kozel.teamB");
}

function playText(p, ctx) {
  const who = ctx.seatName(p.seat);
  if (p.move === "discard" && !p.cards) return t("klog.discardDown", { who, n: p.count });
  return t(`klog.${p.move}`, { who, cards: cards(p.cards || []) });
}

export function entryText(e, ctx) {
  const who = e.seat === undefined ? "" : ctx.seatName(e.seat);
  switch (e.kind) {
    case "deal":
      return { level: 1, text: t("klog.deal", { deal: e.deal, dealer: ctx.seatName(e.dealer), trump: card(e.trump) }) };
    case "trick":
      return { level: 2, text: t("klog.trick", { number: e.number }) };
    case "play":
      return { level: 0, text: playText(e, ctx) };
    case "four":
      return { level: 0, text: t("klog.four", { who, cards: cards(e.cards || []), n: e.returned }) };
    case "taken":
      return { level: 0, text: h("strong", {}, t(e.hidden ? "klog.takenHidden" : "klog.taken", { team: team(e.team), who, points: e.points, n: e.hidden })) };
    case "deal_end": {
      const losing = e.eggs ? t("klog.eggs") : e.losing.map((n, i) => (n ? t("klog.losing", { team: team(i), n, doubled: e.doubled ? t("klog.doubledNote") : "" }) : "")).join(" ");
      return { level: 1, text: `${t("klog.dealEnd", { deal: e.deal, a: e.points[0], b: e.points[1] })} ${losing}` };
    }
    case "over":
      return { level: 1, text: t("klog.over", { a: e.scores[0], b: e.scores[1] }) };
    default:
      return { level: 0, text: e.kind };
  }
}

/** The last trick on demand: a button that shows its plays. */
export function extra(view, ctx) {
  const last = view && view.last_trick;
  const body = last
    ? h("ul", { class: "log-lines" }, last.plays.map((p) => h("li", {}, playText(p, ctx))),
      h("li", {}, h("strong", {}, t("kozel.takes", { who: ctx.seatName(last.winner) }))))
    : h("p", { class: "muted" }, t("klog.noLastTrick"));
  return h("details", { class: "last-trick", id: "last-trick" },
    h("summary", { class: "btn small" }, last ? `${t("klog.lastTrick")} (${t("klog.trick", { number: last.number })})` : t("klog.lastTrick")), body);
}

/** The end panel's account: card points and losing points per deal, team A : team B. */
export function breakdown(view, entries, ctx) {
  const results = (view && view.results) || [];
  if (!results.length) return null;
  const members = (i) => `${team(i)}: ${[i, i + 2].map((s) => ctx.seatName(s)).join(", ")}`;
  const losing = (r) => `${r.losing[0]} : ${r.losing[1]}${r.eggs ? ` (${t("klog.eggsShort")})` : ""}${r.doubled ? " ×2" : ""}`;
  return h("div", { class: "breakdown", id: "breakdown" },
    h("p", {}, t("klog.perDeal"), h("br"), h("span", { class: "muted" }, `${members(0)} · ${members(1)}`)),
    h("table", { class: "result breakdown-table" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, `${t("klog.cardPoints")} A : B`), h("th", {}, `${t("klog.losingPoints")} A : B`))),
      h("tbody", {},
        results.map((r) => h("tr", { "data-deal": r.deal }, h("td", {}, t("klog.dealN", { n: r.deal }).replace(" ", "\u00a0")), h("td", {}, `${r.points[0]} : ${r.points[1]}`), h("td", {}, losing(r)))),
        h("tr", { class: "total" }, h("td", {}, t("klog.total")), h("td", {}, ""), h("td", {}, `${view.losing_points[0]} : ${view.losing_points[1]}`)))));
}
