// X bere! and 6 nimmt!: the rows with their limits, the hand, the hidden choice and the reveal,
// each player's X row and X pile (or taken cards), and the row and X-card choices when asked.

import { h, clear, sleep } from "../dom.js";
import { t } from "../i18n.js";

export function board(root, ctx, game) {
  const { nimmtCard, nimmtBack, bullheads, bullIcon } = ctx.cards;
  const xbere = game === "xbere";
  let prev = null;
  let locked = false;
  const el = {
    reveal: h("div", { class: "reveal", "aria-live": "polite" }),
    rows: h("div", { class: "rows", id: "rows" }),
    decision: h("div", { class: "decision" }),
    hand: h("div", { class: "hand", id: "hand", role: "group", "aria-label": t("nimmt.hand") }),
    seats: h("div", { class: "nimmt-seats", id: "nimmt-seats" }),
    log: h("ol", { class: "event-log", "aria-live": "polite" }),
  };
  root.append(h("div", { class: ["nimmt-board", game] },
    h("div", { class: "felt" }, el.reveal, el.rows, el.decision),
    h("h3", {}, t("nimmt.hand")), el.hand, el.seats,
    h("details", { class: "log-box", open: true }, h("summary", {}, t("nimmt.events")), el.log)));

  // The prompts follow "Your turn:" in the turn line; standing alone on the felt they start a sentence.
  const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1);
  const takeAt = (view) => (view.options && view.options.take_on === "over" ? 1 : 0);

  function cardButton(card, move, ctxLabel, extra = {}) {
    const button = h("button", { class: ["card-btn", extra.class], "data-move": move, "data-card": card, "aria-label": ctxLabel,
      onclick: () => { if (!locked) ctx.act(move); } }, nimmtCard(card));
    return button;
  }

  function eventText(e) {
    const who = ctx.seatName(e.seat);
    if (e.type === "place") return t("nimmt.ev.place", { who, card: e.card, row: e.row });
    if (e.type === "take") return t(e.reason === "low" ? "nimmt.ev.takeLow" : "nimmt.ev.takeFull", { who, card: e.card, row: e.row, cards: e.cards.join(", ") || "—" });
    if (e.type === "x") return e.packed ? t("nimmt.ev.xPacked", { who, card: e.card, back: e.back.join(", ") || "—" }) : t("nimmt.ev.x", { who, card: e.card, back: e.back.join(", ") || "—" });
    return JSON.stringify(e);
  }

  function renderRows(view, interactive, fresh) {
    clear(el.rows);
    const extra = takeAt(view);
    // As many equal columns as the longest row has slots: the rows fill the felt's width.
    const columns = Math.max(...view.rows.map((row, r) => Math.max(view.row_limits[r] + extra, row.length)));
    el.rows.style.setProperty("--slots", String(columns));
    const takes = new Set(interactive ? view.legal.filter((m) => m.startsWith("take ")) : []);
    view.rows.forEach((row, r) => {
      const limit = view.row_limits[r];
      const slots = [];
      const total = limit + extra;
      for (let i = 0; i < Math.max(total, row.length); i += 1) {
        const card = row[i];
        const taking = i === total - 1;
        if (card !== undefined) {
          const order = fresh.get(card);
          const svg = nimmtCard(card, { class: order !== undefined ? "enter" : null });
          if (order !== undefined) svg.style.animationDelay = `${order * 380 * ctx.speed()}ms`;
          slots.push(h("div", { class: ["slot", "filled", taking && "taking"] }, svg));
        } else {
          slots.push(h("div", { class: ["slot", taking && "taking"], title: taking ? t("nimmt.takingSlot") : "" },
            taking ? h("span", { class: "slot-mark" }, bullIcon(t("nimmt.takingSlot"))) : null));
        }
      }
      const move = `take ${r + 1}`;
      const heads = row.reduce((sum, c) => sum + bullheads(c), 0);
      const label = h("div", { class: "row-label" }, h("strong", {}, t("nimmt.row", { n: r + 1 })),
        h("span", {}, t("nimmt.limit", { n: limit })), h("span", { class: "heads" }, String(heads), bullIcon()));
      const rowEl = h("div", { class: ["row", takes.has(move) && "choosable"], "data-row": r + 1 }, label, h("div", { class: "slots" }, slots));
      if (takes.has(move)) rowEl.append(h("button", { class: "btn primary move", "data-move": move, onclick: () => { if (!locked) ctx.act(move); } }, t("nimmt.takeRow", { n: r + 1 })));
      el.rows.append(rowEl);
    });
  }

  function renderReveal(view, animate) {
    clear(el.reveal);
    if (view.revealed && view.revealed.length) {
      const fresh = animate && !(prev && prev.turn === view.turn && prev.revealed && prev.revealed.length);
      el.reveal.append(h("span", { class: "label" }, t("nimmt.revealed")),
        ...view.revealed.map(([card, seat], i) => h("figure", { class: ["revealed", i < view.placed && "placed", fresh && "flip"], style: fresh ? { animationDelay: `${i * 120 * ctx.speed()}ms` } : {} },
          nimmtCard(card), h("figcaption", {}, ctx.seatName(seat)))));
    } else if (view.chosen) {
      const chosen = view.chosen.map((c, i) => (c ? ctx.seatName(i) : null)).filter(Boolean);
      el.reveal.append(h("span", { class: "label" }, chosen.length ? t("nimmt.chosenBy", { names: chosen.join(", ") }) : t("nimmt.nobodyChose")));
    }
  }

  function renderDecision(view, interactive) {
    clear(el.decision);
    const p = view.pending;
    if (!p) return;
    const who = ctx.seatName(p.seat);
    if (p.decision === "take") {
      el.decision.append(h("p", { class: "ask" }, p.seat === ctx.mySeat() ? sentence(t("nimmt.askTake", { card: p.card })) : t("nimmt.othersTake", { who, card: p.card })));
    } else {
      el.decision.append(h("p", { class: "ask" }, p.seat === ctx.mySeat() ? sentence(t("nimmt.askX")) : t("nimmt.othersX", { who })));
      el.decision.append(h("div", { class: "taken" }, p.cards.map((card) => {
        const move = `x ${card}`;
        return interactive && view.legal.includes(move) ? cardButton(card, move, t("nimmt.xCard", { card }), { class: "legal" }) : nimmtCard(card, { class: "small" });
      })));
    }
  }

  function renderHand(view, interactive) {
    clear(el.hand);
    if (!view.hand) {
      el.hand.append(h("p", { class: "muted" }, t("nimmt.spectator")));
      return;
    }
    const known = new Set((view.known && view.known[view.seat]) || []);
    // The face-down choice shows in its place in the hand, raised; until everyone has chosen,
    // clicking another card changes it (the other cards are then legal moves).
    const hasChoice = view.choice !== null && view.choice !== undefined;
    const cards = hasChoice ? [...view.hand, view.choice].sort((a, b) => a - b) : view.hand;
    for (const card of cards) {
      const move = `play ${card}`;
      const legal = interactive && view.legal.includes(move);
      const chosen = view.choice === card;
      const cls = [legal && "legal", chosen && "chosen", known.has(card) && "known"];
      const label = t(hasChoice ? "nimmt.changeTo" : "nimmt.play", { card });
      if (legal) el.hand.append(cardButton(card, move, label, { class: cls.filter(Boolean).join(" ") }));
      else el.hand.append(h("div", { class: ["card-btn", "static", ...cls], "data-card": card }, nimmtCard(card), chosen ? h("span", { class: "badge" }, t("nimmt.yourChoice")) : null));
    }
    if (known.size) el.hand.append(h("p", { class: "muted hint" }, t("nimmt.knownHint")));
  }

  function renderSeats(view) {
    clear(el.seats);
    for (let i = 0; i < view.players; i += 1) {
      const pile = xbere ? view.x_piles[i] : view.piles[i];
      const pileHeads = pile.reduce((sum, c) => sum + bullheads(c), 0);
      const backs = [];
      const n = view.hand_sizes[i];
      for (let k = 0; k < Math.min(n, 10); k += 1) backs.push(h("span", { class: "mini-back", "aria-hidden": "true" }));
      el.seats.append(h("div", { class: ["nimmt-seat", i === view.seat && "me"], "data-seat": i },
        h("div", { class: "who" }, h("strong", {}, ctx.seatName(i)),
          view.chosen && view.chosen[i] && !(view.revealed && view.revealed.length) ? h("span", { class: "tag" }, nimmtBack({ class: "tiny", label: t("nimmt.hasChosen") }), t("nimmt.hasChosen")) : null),
        h("div", { class: "stat" }, h("span", { title: t("nimmt.handSize") }, t("nimmt.handCards", { n })), h("span", { class: "backs" }, backs)),
        (view.known && view.known[i] && view.known[i].length && i !== view.seat) ? h("div", { class: "stat" }, t("nimmt.knownCards", { cards: view.known[i].join(", ") })) : null,
        xbere ? h("div", { class: "stat xrow" }, h("span", {}, t("nimmt.xRow")),
          view.x_rows[i].length ? view.x_rows[i].map((c) => nimmtCard(c, { class: "small" })) : h("span", { class: "muted" }, "—")) : null,
        h("div", { class: "stat" }, xbere ? t("nimmt.xPile", { n: pile.length }) : t("nimmt.pile", { n: pile.length, heads: pileHeads }))));
    }
  }

  function freshCards(view, animate) {
    // Cards placed into rows this update, in placement order (to animate them one after another).
    const fresh = new Map();
    if (!animate || !prev) return fresh;
    const before = new Set(prev.rows.flat());
    let order = 0;
    for (const e of view.events || []) {
      if ((e.type === "place" || e.type === "take") && !before.has(e.card) && view.rows.flat().includes(e.card)) {
        fresh.set(e.card, order);
        order += 1;
      }
    }
    return fresh;
  }

  function renderLog(view, animate) {
    const old = prev && prev.turn === view.turn && prev.round === view.round ? (prev.events || []).length : 0;
    const events = view.events || [];
    if (!prev || prev.turn !== view.turn || prev.round !== view.round) clear(el.log);
    if (!prev || !animate) {
      clear(el.log);
      events.forEach((e) => el.log.append(h("li", {}, eventText(e))));
      return events.length - old;
    }
    events.slice(old).forEach((e) => el.log.append(h("li", { class: "new" }, eventText(e))));
    while (el.log.childElementCount > 12) el.log.firstChild.remove();
    return events.length - old;
  }

  return {
    async update(view, { animate, interactive }) {
      locked = false;
      const fresh = freshCards(view, animate);
      renderReveal(view, animate);
      renderRows(view, interactive, fresh);
      renderDecision(view, interactive);
      renderHand(view, interactive);
      renderSeats(view);
      const added = renderLog(view, animate);
      root.dataset.round = view.round;
      prev = view;
      if (animate && (fresh.size || added)) await sleep((350 + Math.max(fresh.size, 1) * 380) * ctx.speed());
    },
    prompt(view) {
      const p = view.pending;
      if (p && p.seat === view.seat) return p.decision === "take" ? t("nimmt.askTake", { card: p.card }) : t("nimmt.askX");
      if (view.choice !== null && view.choice !== undefined) return t("nimmt.mayChange", { card: view.choice });
      return t("nimmt.askPlay");
    },
    waitingNote(view) {
      return view.choice !== null && view.choice !== undefined ? t("nimmt.youChose", { card: view.choice }) : "";
    },
    scoreTitle() { return t("nimmt.penalty"); },
    scoreNote(view) {
      return t(xbere ? "nimmt.scoreNote" : "nimmt.scoreNote6", { round: view.round, turn: view.turn });
    },
    lock() {
      locked = true;
      root.querySelectorAll("[data-move]").forEach((b) => { b.disabled = true; });
    },
  };
}
