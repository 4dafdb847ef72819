// The replay viewer: a finished game move by move, from a stored table or an uploaded record
// file, seen as a spectator or as one seat saw it.

import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./net.js";
import { gameTitle } from "./catalog.js";
import { seatPlayer, tableTitle } from "./names.js";
import { boardFor } from "./games/index.js";
import { speed } from "./settings.js";
import { mountGameLog } from "./gamelog.js";

export function mountReplay(root, tableId, query) {
  let data = null;
  let seats = null;
  let step = 0;
  let board = null;
  let timer = null;
  let uploaded = null;
  let abandoned = false; // the stored table ended unfinished (its last step says so)
  const seatParam = query.get("seat");
  let seat = seatParam === null || seatParam === "" ? null : Number(seatParam);

  const el = {
    head: h("div", { class: "replay-head" }),
    controls: h("div", { class: "replay-controls", id: "replay-controls" }),
    moveText: h("p", { class: "replay-move", id: "replay-move", "aria-live": "polite" }),
    board: h("div", { class: "board-area" }),
    status: h("p", { class: "status" }),
  };
  const gameLog = mountGameLog();
  root.append(h("div", { class: "page replay", id: "replay" }, el.head, el.status, el.controls, el.moveText,
    h("div", { class: "replay-grid" }, el.board, gameLog.element)));

  function name(s) {
    return seatPlayer(seats, s, { over: true });
  }

  function header() {
    clear(el.head);
    const what = data && (seats ? tableTitle(data.game, seats) : gameTitle(data.game));
    el.head.append(h("h1", {}, data ? `${t("replay.title")}: ${what}` : t("replay.title")));
    if (!tableId) {
      const file = h("input", { type: "file", id: "record-file", accept: ".json,application/json", "aria-label": t("replay.upload") });
      file.addEventListener("change", async () => {
        if (!file.files.length) return;
        uploaded = await file.files[0].text();
        load();
      });
      el.head.append(h("label", { class: "upload" }, t("replay.upload"), " ", file), h("p", { class: "doc" }, t("replay.uploadDoc")));
    } else {
      el.head.append(h("p", {}, h("a", { class: "btn", href: `/api/tables/${tableId}/record`, download: `kibitz-${tableId}.json` }, t("lobby.download")), " ",
        h("a", { class: "btn", href: "#/" }, t("nav.lobby"))));
    }
    if (data) {
      const options = [[null, t("replay.spectator")]];
      for (let i = 0; i < data.players; i += 1) options.push([i, t("replay.asSeat", { name: name(i) })]);
      el.head.append(h("label", {}, t("replay.seenBy"), " ", h("select", { id: "replay-seat", onchange: (e) => { seat = e.target.value === "" ? null : Number(e.target.value); load(); } },
        options.map(([v, label]) => h("option", { value: v === null ? "" : v, selected: v === seat }, label)))));
    }
  }

  async function load() {
    el.status.textContent = t("loading");
    try {
      const q = seat === null ? "" : `?seat=${seat}`;
      if (tableId) {
        if (!seats) {
          const summary = await api(`/api/tables/${tableId}`);
          seats = summary.seats;
          abandoned = summary.status === "abandoned";
        }
        data = await api(`/api/tables/${tableId}/replay${q}`);
      } else if (uploaded !== null) {
        data = await api(`/api/replay${q}`, { method: "POST", body: uploaded });
      } else {
        header();
        el.status.textContent = "";
        return;
      }
      el.status.textContent = "";
    } catch (error) {
      el.status.textContent = `${t("error")}: ${error.message}`;
      el.status.className = "status error";
      return;
    }
    header();
    clear(el.board);
    board = boardFor(data.game, el.board, { act: () => {}, seatName: name, mySeat: () => seat, speed });
    gameLog.reset(data.log);
    step = Math.min(step, data.moves.length);
    controls();
    show(false);
  }

  function controls() {
    clear(el.controls);
    const n = data.moves.length;
    const slider = h("input", { type: "range", min: 0, max: n, value: step, id: "replay-slider", "aria-label": t("replay.step"),
      oninput: (e) => go(Number(e.target.value), false) });
    const button = (label, title, onclick, id) => h("button", { class: "btn", title, "aria-label": title, onclick, id }, label);
    el.controls.append(
      button("|◀", t("replay.first"), () => go(0, false), "replay-first"),
      button("◀", t("replay.prev"), () => go(step - 1, false), "replay-prev"),
      button(timer ? "❚❚" : "▶▶", timer ? t("replay.pause") : t("replay.play"), toggle, "replay-play"),
      button("▶", t("replay.next"), () => go(step + 1, true), "replay-next"),
      button("▶|", t("replay.last"), () => go(n, false), "replay-last"),
      slider, h("span", { class: "counter", id: "replay-counter" }, `${step} / ${n}`));
  }

  function toggle() {
    if (timer) {
      clearInterval(timer);
      timer = null;
    } else {
      timer = setInterval(() => {
        if (step >= data.moves.length) { clearInterval(timer); timer = null; controls(); return; }
        go(step + 1, true);
      }, Math.max(300, 1500 * speed()));
    }
    controls();
  }

  function go(to, animate) {
    if (!data) return;
    const next = Math.max(0, Math.min(data.moves.length, to));
    if (next === step && board) { show(false); return; }
    step = next;
    show(animate);
  }

  function show(animate) {
    const view = data.views[step];
    board.update(view, { animate, interactive: false, status: "over" });
    gameLog.show(data.game, view, name, data.log_counts[step]);
    const counter = el.controls.querySelector("#replay-counter");
    if (counter) counter.textContent = `${step} / ${data.moves.length}`;
    const slider = el.controls.querySelector("#replay-slider");
    if (slider) slider.value = step;
    clear(el.moveText);
    if (step > 0) {
      const [s, text] = data.moves[step - 1];
      el.moveText.append(t("replay.moveN", { n: step }), " ", h("strong", {}, name(s)), ": ", h("code", {}, text));
    } else el.moveText.append(t("replay.start"));
    if (step === data.moves.length && abandoned) el.moveText.append(h("span", { class: "outcome", id: "replay-abandoned" }, " · ", t("life.abandoned")));
    if (step === data.moves.length && data.outcome) {
      const winners = data.outcome.winners.map(name).join(", ");
      el.moveText.append(h("span", { class: "outcome", id: "replay-outcome" }, " · ", t("end.winners", { names: winners }), ` · ${t("end.score")}: ${data.outcome.scores.join(" / ")}`));
    }
  }

  function keys(event) {
    if (!data || ["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement?.tagName) && document.activeElement.type !== "range") return;
    if (event.key === "ArrowRight") go(step + 1, true);
    else if (event.key === "ArrowLeft") go(step - 1, false);
    else if (event.key === "Home") go(0, false);
    else if (event.key === "End") go(data.moves.length, false);
  }
  window.addEventListener("keydown", keys);

  header();
  load();
  return { destroy() { clearInterval(timer); window.removeEventListener("keydown", keys); } };
}
