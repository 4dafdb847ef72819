// Kozel on 4 cards: four seats around the table (partners opposite), the trick with face-up
// and face-down cards, trump and stock, team points when counted, the series' losing points,
// the four-of-a-suit takeover. Moves are made by choosing cards, then how to put them down.

import { h, clear, sleep } from "../dom.js";
import { t } from "../i18n.js";

const RANK_ORDER = ["6", "7", "8", "9", "J", "Q", "K", "10", "A"];
const SUIT_ORDER = ["S", "H", "D", "C"];

function parseMove(text) {
  const [kind, ...cards] = text.split(" ");
  return { text, kind, cards };
}

function sortCards(cards, trump) {
  const suitRank = (s) => (s === trump ? 4 : SUIT_ORDER.indexOf(s));
  return cards.slice().sort((a, b) => {
    const sa = a.slice(-1);
    const sb = b.slice(-1);
    if (sa !== sb) return suitRank(sa) - suitRank(sb);
    return RANK_ORDER.indexOf(a.slice(0, -1)) - RANK_ORDER.indexOf(b.slice(0, -1));
  });
}

export function board(root, ctx) {
  const { kozelCard, kozelBack, suitBadge } = ctx.cards;
  let prev = null;
  let locked = false;
  let selected = new Set();
  let current = null;
  let currentInteractive = false;
  const el = {
    table: h("div", { class: "kz-table felt" }),
    info: h("div", { class: "kz-info" }),
    teams: h("div", { class: "kz-teams", id: "teams" }),
    hand: h("div", { class: "hand kz-hand", id: "hand", role: "group", "aria-label": t("kozel.hand") }),
    actions: h("div", { class: "kz-actions", id: "kz-actions" }),
  };
  root.append(h("div", { class: "kozel-board" }, el.info, el.table,
    h("h3", {}, t("kozel.hand")), el.hand, el.actions, el.teams));

  const team = (seat) => seat % 2;
  const teamName = (tm) => t(tm === 0 ? "kozel.teamA" : "kozel.teamB");
  const base = () => (ctx.mySeat() === null || ctx.mySeat() === undefined ? 0 : ctx.mySeat());
  const position = (seat) => ["bottom", "left", "top", "right"][(seat - base() + 4) % 4];

  function playEl(play, view, { fresh = false, undone = false } = {}) {
    const cards = [];
    for (let i = 0; i < play.count; i += 1) {
      const text = play.cards ? play.cards[i] : null;
      if (play.face_up && text) cards.push(kozelCard(text));
      else if (text) cards.push(h("span", { class: "own-facedown" }, kozelCard(text, { class: "dim" }), h("span", { class: "fd-mark" }, t("kozel.faceDown"))));
      else cards.push(kozelBack({ label: t("kozel.faceDown") }));
    }
    const top = !undone && view.trick && view.trick.top === play.seat;
    return h("div", { class: ["kz-play", `from-${position(play.seat)}`, fresh && "enter", top && "top", undone && "undone"], "data-seat": play.seat },
      h("div", { class: "kz-cards" }, cards),
      h("div", { class: "kz-caption" }, h("strong", {}, ctx.seatName(play.seat)), " · ", t(`kozel.${play.move}`),
        top ? h("span", { class: "tag" }, t("kozel.onTop")) : null));
  }

  function seatBox(view, seat) {
    const n = view.hand_sizes[seat];
    const backs = [];
    for (let i = 0; i < n; i += 1) backs.push(kozelBack({ class: "tiny" }));
    const acting = view.to_act.includes(seat);
    const returned = (view.returned[seat] || []).map(([card]) => card);
    return h("div", { class: ["kz-seat", position(seat), acting && "acting", seat === ctx.mySeat() && "me"], "data-seat": seat },
      h("div", { class: "who" }, acting ? h("span", { class: "turn-tag", "aria-hidden": "true" }, "▶ ") : null, h("strong", {}, ctx.seatName(seat)),
        h("span", { class: ["tag", `team-${team(seat)}`] }, teamName(team(seat))),
        view.dealer === seat ? h("span", { class: "tag" }, t("kozel.dealer")) : null),
      seat === ctx.mySeat() ? null : h("div", { class: "kz-backs" }, backs),
      returned.length && seat !== ctx.mySeat() ? h("div", { class: "muted small" }, t("kozel.returned", { cards: returned.join(" ") })) : null);
  }

  function drawTable(view, { trick = null, caption = null, animateFrom = -1 } = {}) {
    clear(el.table);
    const shownTrick = trick || view.trick;
    const center = h("div", { class: "kz-center", id: "trick" });
    if (caption) center.append(h("p", { class: "kz-caption-big" }, caption));
    (shownTrick.undone || []).forEach((p) => center.append(playEl(p, view, { undone: true })));
    shownTrick.plays.forEach((p, i) => center.append(playEl(p, { ...view, trick: shownTrick.top !== undefined ? shownTrick : { top: shownTrick.winner } }, { fresh: animateFrom >= 0 && i >= animateFrom })));
    if (!shownTrick.plays.length && !caption) center.append(h("p", { class: "muted" }, view.over ? "" : t("kozel.emptyTrick")));
    el.table.append(...[0, 1, 2, 3].map((s) => seatBox(view, s)), center,
      h("div", { class: "kz-stock", id: "stock" },
        h("div", { class: "stock-pile" },
          view.stock_size ? kozelBack({ class: "stock-back", label: t("kozel.stock", { n: view.stock_size }) }) : null,
          kozelCard(view.trump, { class: ["trump-card", !view.stock_size && "gone"].filter(Boolean).join(" "), label: t("kozel.trumpCard", { card: view.trump }) })),
        h("div", {}, t("kozel.stock", { n: view.stock_size })),
        h("div", { class: "small" }, t("kozel.trumpCard", { card: "" }).trim())));
  }

  function drawInfo(view) {
    clear(el.info);
    el.info.append(...[
      h("span", { class: "trump" }, t("kozel.trumpIs"), " ", suitBadge(view.trump_suit, t(`suit.${view.trump_suit}`)), " ", t(`suit.${view.trump_suit}`)),
      h("span", {}, t("kozel.deal", { n: view.deal })),
      h("span", {}, t("kozel.trickNo", { n: view.trick.number })),
      view.trick.takeover_open ? null : h("span", { class: "muted" }, t("kozel.takeoverUsed")),
      view.doubled ? h("span", { class: "tag warn" }, t("kozel.doubled")) : null].filter(Boolean));
  }

  function drawTeams(view) {
    clear(el.teams);
    const rows = [0, 1].map((tm) => h("tr", { "data-team": tm },
      h("th", {}, teamName(tm), h("div", { class: "muted small" }, `${ctx.seatName(tm)} & ${ctx.seatName(tm + 2)}`)),
      h("td", {}, String(view.tricks_won[tm])),
      h("td", {}, view.points ? String(view.points[tm]) : `${view.points_seen[tm]}+`),
      h("td", { class: "losing" }, String(view.losing_points[tm]))));
    el.teams.append(h("table", { class: "kz-score" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t("kozel.tricks")), h("th", { title: t("kozel.pointsDoc") }, t("kozel.points")), h("th", {}, view.options.series ? t("kozel.losing", { n: view.options.series_limit }) : t("kozel.losingTitle")))),
      h("tbody", {}, rows)));
    // The legend of the points column: what counts, and what "n+" means while the deal goes on.
    el.teams.append(h("p", { class: "muted small kz-legend", id: "kz-legend" }, t("kozel.pointsDoc"), " ", t("kozel.cardValues")));
    if (view.results.length) {
      el.teams.append(h("details", { class: "kz-results" }, h("summary", {}, t("kozel.results")),
        h("ol", {}, view.results.map((r) => h("li", {}, t("kozel.dealResult", { n: r.deal, a: r.points[0], b: r.points[1], la: r.losing[0], lb: r.losing[1] }), r.eggs ? ` (${t("kozel.eggs")})` : "")))));
    }
  }

  function legalMoves(view) {
    return currentInteractive ? view.legal.map(parseMove) : [];
  }

  function drawHand(view, fresh = new Set()) {
    clear(el.hand);
    clear(el.actions);
    if (!view.hand) {
      el.hand.append(h("p", { class: "muted" }, t("kozel.spectator")));
      return;
    }
    const moves = legalMoves(view);
    const cards = sortCards(view.hand, view.trump_suit);
    for (const card of [...selected]) if (!cards.includes(card)) selected.delete(card);
    for (const card of cards) {
      const isSel = selected.has(card);
      const wanted = [...selected, card];
      const selectable = !isSel && moves.some((m) => wanted.every((c) => m.cards.includes(c)));
      const usable = moves.some((m) => m.cards.includes(card));
      const button = h("button", {
        class: ["card-btn", isSel && "selected", selectable && "selectable", (selectable || isSel) && "legal", !usable && currentInteractive && "unusable", fresh.has(card) && "drawn"],
        "data-card": card, "aria-pressed": isSel ? "true" : "false", disabled: !(selectable || isSel) || locked,
        "aria-label": `${card}${card.endsWith(view.trump_suit) ? ` (${t("kozel.trump")})` : ""}`,
        onclick: () => {
          if (locked) return;
          if (selected.has(card)) selected.delete(card);
          else selected.add(card);
          drawHand(current);
        },
      }, kozelCard(card, { class: card.endsWith(view.trump_suit) ? "is-trump" : null }));
      el.hand.append(button);
    }
    if (!currentInteractive) return;
    const chosen = [...selected].sort().join(" ");
    const exact = moves.filter((m) => m.cards.slice().sort().join(" ") === chosen && selected.size);
    if (!selected.size) el.actions.append(h("span", { class: "muted" }, t("kozel.chooseCards")));
    for (const m of exact) {
      el.actions.append(h("button", { class: ["btn", "move", "primary", `kind-${m.kind}`], "data-move": m.text, onclick: () => { if (!locked) { selected = new Set(); ctx.act(m.text); } } },
        t(`kozel.do.${m.kind}`, { n: m.cards.length })));
    }
    if (selected.size && !exact.length) el.actions.append(h("span", { class: "muted" }, t("kozel.addMore")));
    if (selected.size) el.actions.append(h("button", { class: "btn", onclick: () => { selected = new Set(); drawHand(current); } }, t("kozel.clear")));
    // Which kinds of move are possible at all now (a hint).
    const kinds = [...new Set(moves.map((m) => m.kind))].map((k) => t(`kozel.kind.${k}`));
    el.actions.append(h("span", { class: "muted small kinds" }, t("kozel.possible", { kinds: kinds.join(", ") })));
  }

  return {
    async update(view, { animate, interactive }) {
      locked = false;
      const before = prev;
      prev = view;
      current = view;
      currentInteractive = interactive;
      drawInfo(view);
      drawTeams(view);
      const sp = ctx.speed();
      const trickDone = before && (view.tricks.length > before.tricks.length || (view.deal !== before.deal && view.last_trick));
      const freshCards = new Set(before && before.hand ? view.hand.filter((c) => !before.hand.includes(c)) : []);
      if (animate && trickDone && view.last_trick) {
        // The finished trick stays a moment, with who takes it; then the draw.
        const last = view.last_trick;
        const sameTrick = before.trick.number === last.number && before.deal === last.deal;
        drawTable(view, { trick: last, caption: t("kozel.takes", { who: ctx.seatName(last.winner) }), animateFrom: sameTrick ? before.trick.plays.length : last.plays.length });
        drawHand({ ...view, hand: before.hand && view.deal === before.deal ? before.hand.filter((c) => !last.plays.some((p) => p.seat === view.seat && p.cards && p.cards.includes(c))) : view.hand });
        await sleep(1600 * sp);
        if (view.results.length > before.results.length) {
          const r = view.results[view.results.length - 1];
          drawTable(view, { trick: { plays: [], undone: [] }, caption: t("kozel.dealOver", { n: r.deal, a: r.points[0], b: r.points[1], la: r.losing[0], lb: r.losing[1] }) });
          await sleep(1800 * sp);
        }
        if (prev !== view) return;
        drawTable(view);
        drawHand(view, freshCards);
        await sleep(300 * sp);
        return;
      }
      const sameTrick = before && before.deal === view.deal && before.trick.number === view.trick.number;
      const from = animate && sameTrick ? (view.trick.undone.length > before.trick.undone.length ? 0 : before.trick.plays.length) : -1;
      drawTable(view, { animateFrom: from });
      drawHand(view, animate ? freshCards : new Set());
      if (animate && from >= 0 && view.trick.plays.length > from) await sleep(550 * sp);
    },
    prompt(view) {
      const kinds = [...new Set(view.legal.map((m) => m.split(" ")[0]))];
      if (kinds.includes("lead")) return t("kozel.askLead");
      return kinds.includes("four") ? t("kozel.askAnswerFour") : t("kozel.askAnswer");
    },
    scores(view) { return [0, 1, 2, 3].map((s) => view.losing_points[s % 2]); },
    scoreTitle() { return t("kozel.losingTitle"); },
    scoreNote() { return t("kozel.scoreNote"); },
    seatTag(view, seat) { return h("span", { class: ["tag", `team-${seat % 2}`] }, t(seat % 2 ? "kozel.teamB" : "kozel.teamA")); },
    lock() {
      locked = true;
      root.querySelectorAll("[data-move], .card-btn").forEach((b) => { b.disabled = true; });
    },
  };
}
