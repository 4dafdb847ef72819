// Table life on the table page (docs/protocol.md, "Patience and abandoned tables"): once the
// table's patience with a silent player has run out, the other players choose what happens
// (wait longer, a stand-in bot plays the seat until its player returns, or end the table);
// an away player whose seat a stand-in plays gets an "I'm back" button. The patience counts
// down here between states, from each state's `remaining`.

import { h, clear } from "./dom.js";
import { t, addStrings } from "./i18n.js";
import { STRINGS } from "./strings/life.js";

addStrings(STRINGS);

/** The patience as words: "3 minutes", "45 s". */
export function patienceText(seconds) {
  return seconds >= 60 ? t("life.minutes", { n: Math.round(seconds / 60) }) : t("life.seconds", { n: Math.round(seconds) });
}

/** The panel of a table page. `send(message)` sends on the table's connection;
 * `seatName(seat)` names a seat. `update(state, mySeat)` after every state. */
export function lifePanel({ send, seatName }) {
  const el = h("div", { class: "life", id: "life", role: "status", "aria-live": "polite", hidden: true });
  let last = null; // [state, mySeat]
  let timer = null;
  let shown = null; // what the panel shows now (it is drawn again only when that changes)

  function overdueSeats(state) {
    const remaining = (state.patience && state.patience.remaining) || {};
    const now = performance.now();
    let next = null;
    const late = [];
    for (const [seat, seconds] of Object.entries(remaining)) {
      const deadline = state.receivedAt + seconds * 1000;
      if (deadline <= now) late.push(Number(seat));
      else next = next === null ? deadline : Math.min(next, deadline);
    }
    return { late, next };
  }

  function show(key, build) {
    el.hidden = key === null;
    if (key === shown) return;
    shown = key;
    clear(el);
    el.className = "life";
    if (build) build();
  }

  function update(state, mySeat) {
    last = [state, mySeat];
    clearTimeout(timer);
    const me = mySeat === null ? null : state.seats[mySeat];
    if (state.status !== "playing") return show(null);
    if (me && me.away) {
      show("away", () => {
        el.classList.add("away");
        el.append(h("span", {}, t("life.away")), " ",
          h("button", { class: "btn primary", id: "back", type: "button", onclick: () => send({ type: "back" }) }, t("life.back")));
      });
      return;
    }
    const { late, next } = overdueSeats(state);
    if (next !== null) timer = setTimeout(() => update(...last), next - performance.now() + 50);
    const others = late.filter((seat) => seat !== mySeat);
    if (!others.length) return show(null);
    const names = others.map(seatName).join(", ");
    const said = t("life.overdue", { names, time: patienceText(state.patience.seconds) });
    const chooses = me !== null && me !== undefined && me.kind === "player";
    show(`${chooses ? "choose" : "watch"}:${said}`, () => {
      el.classList.add("overdue");
      if (!chooses) {
        el.append(h("span", {}, said, " ", t("life.othersChoose")));
        return;
      }
      const decide = (choice) => () => {
        if (choice === "end" && !confirm(t("life.end.confirm"))) return;
        send({ type: "decide", choice });
      };
      el.append(h("p", {}, h("strong", {}, said), " ", t("life.choose")),
        h("div", { class: "actions" },
          h("button", { class: "btn", id: "decide-wait", type: "button", onclick: decide("wait") }, t("life.wait")),
          h("button", { class: "btn primary", id: "decide-stand-in", type: "button", onclick: decide("stand_in") }, t("life.standIn")),
          h("button", { class: "btn danger", id: "decide-end", type: "button", onclick: decide("end") }, t("life.end"))),
        h("p", { class: "muted" }, t("life.doc")));
    });
  }

  return {
    el,
    update,
    destroy() { clearTimeout(timer); },
  };
}

// ---------------------------------------------------------------- the lobby's form

const DEFAULT_PATIENCE = 180; // the server's default (protocol.DEFAULT_PATIENCE)

/** The new-table form's patience option (seconds; emptied: the table waits for ever). */
export function patienceOption() {
  return h("details", { class: "options" }, h("summary", {}, t("lobby.patience")),
    h("div", { class: "option" }, h("label", { for: "patience" }, h("strong", {}, t("lobby.patience.seconds")),
      h("input", { type: "number", id: "patience", name: "patience", min: 10, max: 86400, value: DEFAULT_PATIENCE, placeholder: "∞" })),
    h("p", { class: "doc" }, t("lobby.patience.doc"))));
}

/** The patience the form asks for (null: wait for ever). */
export function readPatience(form) {
  const value = form.querySelector("#patience").value;
  return value === "" ? null : Number(value);
}
