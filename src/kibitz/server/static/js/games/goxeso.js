// Goxeso: the board with coordinates; the cards turned this turn are shown long enough to be
// seen, then turned back (the page keeps no memory of faces: memory is the game); swaps are
// animated so an attentive player can follow them; holdings with reserved and blocked singles;
// the exchange offers at the end; team play.

import { h, clear, sleep } from "../dom.js";
import { t, lang } from "../i18n.js";

const COLUMNS = "abcdefgh";
let faceNames = null;
fetch("/assets/goxeso/faces.json").then((r) => r.json()).then((data) => { faceNames = data; }).catch(() => {});

export function faceName(face) {
  const entry = faceNames && faceNames[face];
  if (!entry) return face === "J" ? t("goxeso.joker") : face;
  return entry[lang()] || entry.en;
}

export function board(root, ctx) {
  const { goxesoFace, goxesoBack, statusIcon } = ctx.cards;
  let prev = null;
  let locked = false;
  let generation = 0; // a newer update stops an older animation
  const el = {
    grid: h("div", { class: "gx-grid", id: "gx-grid" }),
    info: h("div", { class: "gx-info" }),
    story: h("p", { class: "gx-story", "aria-live": "polite" }),
    exchange: h("div", { class: "gx-exchange" }),
    holdings: h("div", { class: "gx-holdings", id: "holdings" }),
  };
  root.append(h("div", { class: "goxeso-board" },
    h("div", { class: "felt gx-felt" }, el.grid), el.info, el.story, el.exchange,
    h("h3", {}, t("goxeso.holdings")), el.holdings));

  function cellEl(cell) {
    return el.grid.querySelector(`[data-cell="${cell}"]`);
  }

  /** Draw the board of `view`; `shown` maps cells to faces shown for the animation only. */
  function drawBoard(view, interactive, shown = new Map(), marks = new Map()) {
    clear(el.grid);
    const n = view.board.length;
    el.grid.style.setProperty("--n", n);
    el.grid.append(h("span", { class: "coord corner" }));
    for (let c = 0; c < n; c += 1) el.grid.append(h("span", { class: "coord col" }, COLUMNS[c]));
    const legal = new Set(interactive ? view.legal : []);
    for (let r = 0; r < n; r += 1) {
      el.grid.append(h("span", { class: "coord rowc" }, String(r + 1)));
      for (let c = 0; c < n; c += 1) {
        const cell = `${COLUMNS[c]}${r + 1}`;
        const value = view.board[r][c];
        const move = `flip ${cell}`;
        let face = shown.has(cell) ? shown.get(cell) : null;
        if (face === null && value !== null && value !== "?") face = value; // the face-up first card
        let content;
        if (face !== null && face !== undefined) content = goxesoFace(face, { label: `${cell}: ${faceName(face)}` });
        else if (value === null) content = h("span", { class: "gx-empty", "aria-label": `${cell}: ${t("goxeso.empty")}` });
        else content = goxesoBack({ label: cell });
        const classes = ["gx-cell", marks.get(cell), face !== null && face !== undefined && "up"];
        if (legal.has(move)) {
          el.grid.append(h("button", { class: [...classes, "legal"], "data-cell": cell, "data-move": move, "aria-label": t("goxeso.flip", { cell }),
            onclick: () => { if (!locked) ctx.act(move); } }, content));
        } else {
          el.grid.append(h("div", { class: classes, "data-cell": cell }, content));
        }
      }
    }
  }

  function holderName(view, index) {
    const seats = view.holdings[index].seats;
    return seats.map((s) => ctx.seatName(s)).join(" & ");
  }

  function drawHoldings(view) {
    clear(el.holdings);
    view.holdings.forEach((holding, i) => {
      const mine = holding.seats.includes(ctx.mySeat());
      el.holdings.append(h("div", { class: ["gx-holding", mine && "me"], "data-holder": i },
        h("div", { class: "who" }, h("strong", {}, holderName(view, i)),
          view.holdings.length > 1 && holding.seats.length > 1 ? h("span", { class: "tag" }, t("goxeso.team")) : null,
          h("span", { class: "score" }, t("goxeso.pairs", { n: holding.pairs.length }))),
        h("div", { class: "gx-held" },
          holding.pairs.map((face) => h("span", { class: "gx-pair", title: faceName(face) }, goxesoFace(face, { class: "tiny", label: `${faceName(face)} ×2` }), h("span", { class: "x2" }, "×2"))),
          holding.singles.map((single) => h("span", { class: ["gx-single", single.status], title: `${faceName(single.face)}: ${t(`goxeso.${single.status}`)}` },
            goxesoFace(single.face, { class: "tiny", label: `${faceName(single.face)} (${t(`goxeso.${single.status}`)})` }),
            h("span", { class: "mark" }, statusIcon(single.status), t(`goxeso.${single.status}`)))),
          !holding.pairs.length && !holding.singles.length ? h("span", { class: "muted" }, "—") : null)));
    });
  }

  function drawInfo(view) {
    clear(el.info);
    el.info.append(...[
      h("span", {}, t("goxeso.cardsLeft", { n: view.cards_left })),
      h("span", {}, t("goxeso.turnNo", { n: view.turn + 1 })),
      h("span", { title: t("goxeso.idleDoc") }, t("goxeso.idle", { n: view.idle, cap: view.idle_cap })),
      view.options.variant !== "none" ? h("span", { class: "tag" }, t(`goxeso.variant.${view.options.variant}`)) : null,
      view.options.classic ? h("span", { class: "tag" }, t("goxeso.classic")) : null].filter(Boolean));
  }

  function offerText(view, offer, from) {
    // `offer TO GET GIVE`: seat `from` gives its half of GIVE and gets TO's half of GET.
    return t("goxeso.offerText", { from: ctx.seatName(from), to: ctx.seatName(offer.to), give: faceName(offer.give), get: faceName(offer.get) });
  }

  function drawExchange(view, interactive) {
    clear(el.exchange);
    if (view.phase !== "exchange" && !view.exchange) return;
    const ex = view.exchange;
    el.exchange.append(h("h3", {}, t("goxeso.exchange")), h("p", { class: "doc" }, t("goxeso.exchangeDoc")));
    if (ex && ex.pending) {
      const p = ex.pending;
      el.exchange.append(h("p", { class: "ask" }, offerText(view, p, p.from), " ",
        goxesoFace(p.give, { class: "tiny" }), " ⇄ ", goxesoFace(p.get, { class: "tiny" })));
    }
    if (ex && ex.log.length) {
      el.exchange.append(h("ol", { class: "event-log" }, ex.log.slice(-6).map(([seat, move]) => h("li", {}, `${ctx.seatName(seat)}: ${moveText(move)}`))));
    }
    if (!interactive) return;
    const buttons = view.legal.map((move) => {
      const parts = move.split(" ");
      let label;
      if (parts[0] === "offer") {
        const offer = { to: Number(parts[1]), get: parts[2], give: parts[3] };
        label = [t("goxeso.offerButton", { to: ctx.seatName(offer.to), give: faceName(offer.give), get: faceName(offer.get) }), " ",
          goxesoFace(offer.give, { class: "tiny" }), " ⇄ ", goxesoFace(offer.get, { class: "tiny" })];
      } else label = t(`goxeso.${parts[0]}`);
      return h("button", { class: "btn move", "data-move": move, onclick: () => { if (!locked) ctx.act(move); } }, label);
    });
    el.exchange.append(h("div", { class: "moves" }, buttons));
  }

  function moveText(move) {
    const parts = move.split(" ");
    if (parts[0] === "offer") return t("goxeso.offerButton", { to: ctx.seatName(Number(parts[1])), give: faceName(parts[3]), get: faceName(parts[2]) });
    if (parts[0] === "flip") return t("goxeso.flip", { cell: parts[1] });
    return t(`goxeso.${parts[0]}`);
  }

  function story(view) {
    const last = view.last_turn;
    if (!last) return "";
    const who = ctx.seatName(last.flips[0].seat);
    const bits = [];
    if (last.result === "match") {
      bits.push(t("goxeso.storyMatch", { who, face: faceName(last.flips[0].face === "J" ? last.flips[1].face : last.flips[0].face) }));
      if (last.captured.length) bits.push(t("goxeso.storyCaptured", { n: last.captured.length }));
    } else {
      bits.push(t("goxeso.storyMiss", { who, a: last.flips[0].cell, b: last.flips[1].cell }));
      if (last.swap) bits.push(t("goxeso.storySwap", { a: last.flips[0].cell, b: last.flips[1].cell }));
    }
    if (last.claims.length) bits.push(t("goxeso.storyClaims", { n: last.claims.length }));
    if (last.lone) bits.push(t("goxeso.storyLone"));
    return bits.join(" ");
  }

  async function animateTurn(view, interactive, gen) {
    const last = view.last_turn;
    const sp = ctx.speed();
    const [f1, f2] = last.flips;
    // 1. Both cards face up where they were turned (and the cards a match captures).
    const shown = new Map([[f1.cell, f1.face], [f2.cell, f2.face]]);
    const marks = new Map([[f1.cell, "seen"], [f2.cell, "seen"]]);
    for (const c of last.captured) { shown.set(c.cell, c.face); marks.set(c.cell, "captured"); }
    if (last.result === "match") { marks.set(f1.cell, "matched"); marks.set(f2.cell, "matched"); }
    drawBoard(view, false, shown, marks);
    el.grid.querySelector(`[data-cell="${f2.cell}"]`)?.classList.add("flip-in");
    el.story.textContent = story(view);
    await sleep(1500 * sp);
    if (gen !== generation) return;
    if (last.result === "match") {
      for (const cell of marks.keys()) cellEl(cell)?.classList.add("leaving");
      await sleep(450 * sp);
    } else if (last.swap) {
      // 2. Turned back, then the two cards change places before everyone's eyes.
      drawBoard(view, false, new Map(), new Map([[f1.cell, "swapping"], [f2.cell, "swapping"]]));
      const a = cellEl(f1.cell);
      const b = cellEl(f2.cell);
      if (a && b && a.animate && sp > 0) {
        const ra = a.getBoundingClientRect();
        const rb = b.getBoundingClientRect();
        const dx = rb.left - ra.left;
        const dy = rb.top - ra.top;
        const options = { duration: 800 * sp, easing: "ease-in-out" };
        const lift = "scale(1.12)";
        await Promise.all([
          a.firstChild.animate([{ transform: "none" }, { transform: `translate(${dx / 2}px, ${dy / 2}px) ${lift}` }, { transform: `translate(${dx}px, ${dy}px)` }], options).finished,
          b.firstChild.animate([{ transform: "none" }, { transform: `translate(${-dx / 2}px, ${-dy / 2}px) ${lift}` }, { transform: `translate(${-dx}px, ${-dy}px)` }], options).finished,
        ]).catch(() => {});
      }
    }
    if (gen !== generation) return;
    // 3. Cards claimed after the miss, or the lone last card, leave face up to their holder.
    const leaving = [...last.claims, ...(last.lone ? [last.lone] : [])];
    if (leaving.length) {
      const shownClaims = new Map(leaving.map((c) => [c.cell, c.face]));
      drawBoard({ ...view, board: withCells(view.board, leaving) }, false, shownClaims, new Map(leaving.map((c) => [c.cell, "claimed"])));
      await sleep(900 * sp);
      if (gen !== generation) return;
    }
    drawBoard(view, interactive);
  }

  function withCells(board, cards) {
    // The board with the given cells occupied (claimed cards are already gone in the view).
    const copy = board.map((row) => row.slice());
    for (const c of cards) {
      const col = COLUMNS.indexOf(c.cell[0]);
      const row = Number(c.cell.slice(1)) - 1;
      if (copy[row] && copy[row][col] === null) copy[row][col] = "?";
    }
    return copy;
  }

  return {
    async update(view, { animate, interactive }) {
      locked = false;
      generation += 1;
      const gen = generation;
      drawInfo(view);
      drawHoldings(view);
      drawExchange(view, interactive);
      const newTurn = view.last_turn && (!prev || !prev.last_turn || prev.last_turn.turn !== view.last_turn.turn);
      const firstFlip = view.face_up && (!prev || !prev.face_up || prev.face_up.cell !== view.face_up.cell);
      prev = view;
      if (animate && newTurn) {
        await animateTurn(view, interactive, gen);
      } else {
        if (!view.last_turn) el.story.textContent = "";
        drawBoard(view, interactive);
        if (animate && firstFlip) {
          cellEl(view.face_up.cell)?.classList.add("flip-in");
          await sleep(500 * ctx.speed());
        }
      }
    },
    prompt(view) {
      if (view.phase === "exchange") return t("goxeso.askExchange");
      return view.face_up ? t("goxeso.askSecond", { cell: view.face_up.cell }) : t("goxeso.askFirst");
    },
    scoreTitle() { return t("goxeso.score"); },
    scoreNote(view) { return t("goxeso.scoreNote"); },
    lock() {
      locked = true;
      root.querySelectorAll("[data-move]").forEach((b) => { b.disabled = true; });
    },
  };
}
