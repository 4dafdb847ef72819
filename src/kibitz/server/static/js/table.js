// A table page: the live connection, the game board (per game, see games/), whose turn it is
// and what this player may do, players and scores, chat, invite links, the end and rematch.

import { h, clear, sleep } from "./dom.js";
import { t } from "./i18n.js";
import { api, Live, heldSeat, keepSeat, forgetSeat, invitesOf } from "./net.js";
import { gameTitle } from "./catalog.js";
import { me, ensurePlayer, suggestedNickname } from "./player.js";
import { seatPlayer, tableTitle } from "./names.js";
import { speed } from "./settings.js";
import { boardFor } from "./games/index.js";
import { lifePanel } from "./life.js";
import { alertToggle, turnAlert, endTurnAlerts } from "./alerts.js";
import { mountGameLog, scoreBreakdown } from "./gamelog.js"; // game log (issue 13)

export function seatLabel(seats, seat) {
  return seatPlayer(seats, seat);
}

function errorText(code, message) {
  const key = `err.${code}`;
  const text = t(key);
  return text === key ? message : text;
}

export function mountTable(root, tableId, query) {
  let live = null;
  let state = null; // the last state message shown
  let shown = null; // the view on the board
  let mySeat = null;
  let board = null;
  let boardGame = null;
  let busy = false; // a move is on its way
  let destroyed = false;
  let result = null;
  const queue = [];
  let pumping = false;
  let actId = null;
  let joinOffered = null; // the seats the join panel offers
  let toolsHeld = null; // whether the tools were drawn for a seat held here (the Leave button)
  let pendingJoin = null; // a join to send once the connection carries the new player's cookie
  let spectatorChat = false; // the table lets spectators chat (its welcome says)

  const el = {
    title: h("h1", {}, t("loading")),
    conn: h("div", { class: "conn", role: "status", hidden: true }, t("conn.lost")),
    turn: h("div", { class: "turn", id: "turn", role: "status", "aria-live": "polite" }),
    note: h("div", { class: "note", role: "alert" }),
    board: h("div", { class: "board-area" }),
    players: h("ol", { class: "players", id: "players" }),
    invite: h("div", { class: "invite" }),
    join: h("div", { class: "join-panel" }),
    end: h("div", { class: "end-panel", id: "end", hidden: true }),
    chatLog: h("ol", { class: "chat-log", id: "chat-log", "aria-live": "polite" }),
    chatForm: h("form", { class: "chat-form" }),
    chatNote: h("p", { class: "muted chat-note", hidden: true }, t("chat.spectatorNeedsName")),
    tools: h("div", { class: "tools" }),
  };
  // table life: the choice when a player is silent too long, and the away player's "I'm back"
  const life = lifePanel({ send: (msg) => live && live.send(msg), seatName: (seat) => seatLabel(state && state.seats, seat) });
  const gameLog = mountGameLog(); // game log (issue 13)
  const page = h("div", { class: "page table-page", id: "table", "data-table": tableId, "data-status": "loading" },
    h("div", { class: "table-head" }, el.title, el.tools), el.conn, el.turn, life.el, el.note, el.join, el.end,
    h("div", { class: "table-grid" }, el.board,
      h("aside", { class: "side" },
        h("section", { class: "panel" }, h("h2", {}, t("table.players")), el.players, el.invite),
        gameLog.element,
        h("section", { class: "panel chat" }, h("h2", {}, t("table.chat")), el.chatLog, el.chatForm, el.chatNote))));
  root.append(page);

  const chatInput = h("input", { type: "text", maxlength: 300, placeholder: t("chat.placeholder"), "aria-label": t("chat.placeholder") });
  el.chatForm.append(chatInput, h("button", { class: "btn", type: "submit" }, t("chat.send")));
  el.chatForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = chatInput.value.trim();
    if (!text || !live) return;
    live.send({ type: "chat", text });
    chatInput.value = "";
  });

  function note(text, kind = "error") {
    el.note.textContent = text || "";
    el.note.className = `note ${kind}`;
    if (text) setTimeout(() => { if (el.note.textContent === text) el.note.textContent = ""; }, 6000);
  }

  function addChat(line) {
    const spectator = line.seat === null;
    const who = line.nickname || t("seat.n", { n: line.seat });
    el.chatLog.append(h("li", { class: spectator && "spectator" }, h("strong", {}, who),
      spectator ? h("span", { class: "tag" }, t("chat.spectator")) : null, ": ", line.text));
    el.chatLog.scrollTop = el.chatLog.scrollHeight;
  }

  // ---------------------------------------------------------------- the connection

  // A seat held here comes back with its token; a signed-in player's seat without one (taken
  // in another browser); anyone else watches.
  function hello() {
    const held = heldSeat(tableId);
    if (pendingJoin) live.send({ type: "join", table: tableId, ...pendingJoin });
    else if (held) live.send({ type: "hello", table: tableId, token: held.token });
    else if (me()) live.send({ type: "hello", table: tableId });
    else live.send({ type: "watch", table: tableId });
    pendingJoin = null;
  }

  function onMessage(msg) {
    if (destroyed) return;
    switch (msg.type) {
      case "welcome":
        clear(el.chatLog);
        (msg.chat || []).forEach(addChat);
        mySeat = msg.seat;
        spectatorChat = Boolean(msg.spectator_chat);
        gameLog.reset(msg.log);
        break;
      case "state":
        msg.receivedAt = performance.now(); // the clock counts down from here
        // game log (issue 13): entries missing before this state's (a gap): the whole log again
        if (!gameLog.add(msg.log)) { live.restart(); return; }
        msg.logLength = gameLog.entries().length;
        queue.push(msg);
        pump();
        break;
      case "chat":
        addChat(msg);
        break;
      case "joined":
        keepSeat(msg.table, msg);
        mySeat = msg.seat;
        clear(el.join);
        note(t("table.joined", { n: msg.seat }), "info");
        break;
      case "left":
      case "unseated": // the seat's token lost it (left in another tab, taken, a bot's)
        forgetSeat(tableId);
        mySeat = null;
        note(msg.type === "unseated" ? t("table.unseated") : "", "info");
        break;
      case "rematch":
        keepSeat(msg.table, msg);
        location.hash = `#/t/${msg.table}`;
        break;
      case "ack":
        if (msg.id === actId) actId = null;
        break;
      case "error":
        if (msg.code === "not_seated" && mySeat === null && (heldSeat(tableId) || me())) {
          forgetSeat(tableId); // the seat is not (or no longer) this browser's: watch
          live.send({ type: "watch", table: tableId });
          return;
        }
        if (msg.code === "no_such_table") { // one message, not a table's empty panels
          clear(page);
          page.append(h("section", { class: "panel missing", id: "missing" }, h("h1", {}, t("err.no_such_table")),
            h("p", {}, t("table.missing")), h("a", { class: "btn primary", href: "#/" }, t("nav.lobby"))));
          page.dataset.status = "missing";
          live.close();
          return;
        }
        if (msg.id === actId) {
          actId = null;
          busy = false;
          if (shown) render(state, false);
        }
        if (msg.code !== "stale_version") note(errorText(msg.code, msg.message));
        break;
      default:
        break;
    }
  }

  // The legal moves this page was sent, for tests: every clickable move must be one of them.
  window.kibitzLegal = () => (state && !busy ? state.view.legal : null);

  live = new Live({
    onOpen: hello,
    onMessage,
    onStatus: (status) => {
      el.conn.hidden = status !== "lost";
      page.dataset.conn = status;
    },
  });

  // ---------------------------------------------------------------- states, one after another

  async function pump() {
    if (pumping) return;
    pumping = true;
    try {
      while (queue.length && !destroyed) {
        // Far behind (a long reconnection): skip to the last few states.
        if (queue.length > 12) queue.splice(0, queue.length - 3);
        const next = queue.shift();
        const animate = state !== null && state.table === next.table && next.version > state.version;
        state = next;
        busy = false;
        await render(next, animate);
      }
    } finally {
      pumping = false;
    }
    if (!destroyed && state) render(state, false, true);
  }

  // An away player's seat is the stand-in's until they say they are back.
  function away(msg) {
    return mySeat !== null && Boolean(msg.seats[mySeat] && msg.seats[mySeat].away);
  }

  function mayAct(view) { // to act, or to change a hidden choice (legal moves either way)
    return mySeat !== null && state && state.status === "playing" && !away(state) && view.legal && view.legal.length > 0 && !busy;
  }

  function act(move) {
    if (!state || busy || !live) return;
    if (!state.view.legal.includes(move)) return; // only legal moves leave the page
    busy = true;
    actId = live.send({ type: "act", move, version: state.version });
    if (actId === null) {
      busy = false;
      note(t("conn.lost"));
      return;
    }
    page.dataset.myTurn = page.dataset.mayChange = "0";
    board.lock();
  }

  async function render(msg, animate, settled = false) {
    const view = msg.view;
    mySeat = msg.seat;
    if (!board || boardGame !== msg.game) {
      clear(el.board);
      boardGame = msg.game;
      board = boardFor(msg.game, el.board, {
        act,
        seatName: (seat) => seatLabel(state && state.seats, seat),
        mySeat: () => mySeat,
        speed,
      });
      document.title = `${gameTitle(msg.game)} · kibitz`;
      toolsHeld = null; // the tools name the game: draw them again
    }
    // The Leave button follows the seat: it comes with a seat taken on this page (join) and
    // goes with a seat given up (leave), not only with the seat held when the page opened.
    if ((msg.seat !== null) !== toolsHeld) renderTools();
    el.title.textContent = tableTitle(msg.game, msg.seats);
    page.dataset.status = msg.status;
    page.dataset.version = String(msg.version);
    const idle = settled || queue.length === 0;
    const interactive = idle && mayAct(view);
    // A seat may have legal moves without having to act: it may change its hidden choice.
    const mustAct = mySeat !== null && !away(msg) && (view.to_act || []).includes(mySeat);
    page.dataset.myTurn = "0";
    renderChatForm();
    renderPlayers(msg);
    renderInvite(msg);
    renderJoin(msg);
    renderTurn(msg, interactive, mustAct);
    life.update(msg, mySeat);
    gameLog.show(msg.game, view, (seat) => seatLabel(msg.seats, seat), msg.logLength);
    const done = board.update(view, { animate: animate && speed() > 0, interactive, status: msg.status, seats: msg.seats });
    if (msg.status === "over") await showEnd(msg);
    else el.end.hidden = true;
    await done;
    if (!destroyed && idle && queue.length === 0) {
      page.dataset.myTurn = interactive && mustAct && !busy ? "1" : "0";
      page.dataset.mayChange = interactive && !mustAct && !busy ? "1" : "0";
      page.dataset.settled = "1";
      turnAlert(msg.status === "playing" && mustAct && Boolean(view.legal && view.legal.length), `${tableTitle(msg.game, msg.seats)} · kibitz`);
    } else {
      page.dataset.settled = "0";
    }
  }

  // Seated players chat; a spectator too where the table allows it, as their signed-in player.
  function renderChatForm() {
    const spectating = mySeat === null;
    el.chatForm.hidden = spectating && !(spectatorChat && me());
    el.chatNote.hidden = !(spectating && spectatorChat && !me());
    chatInput.placeholder = spectating ? t("chat.asSpectator") : t("chat.placeholder");
  }

  function renderTools() {
    clear(el.tools);
    toolsHeld = mySeat !== null;
    el.tools.append(
      h("a", { class: "btn", href: `#/rules/${boardGame}`, target: "_blank" }, t("table.rules")),
      h("a", { class: "btn", href: "#/" }, t("nav.lobby")));
    if (toolsHeld) {
      el.tools.append(h("button", { class: "btn", id: "leave", onclick: () => {
        if (confirm(t("table.leave.confirm"))) live.send({ type: "leave" });
      } }, t("table.leave")));
      el.tools.append(alertToggle());
    }
  }

  function renderTurn(msg, interactive, mustAct) {
    const view = msg.view;
    clear(el.turn);
    el.turn.className = "turn";
    if (msg.status === "waiting") {
      const open = msg.seats.filter((s) => s.kind === "open" || s.kind === "invited").length;
      el.turn.append(t("turn.waiting", { n: open }));
      if (mySeat !== null) el.turn.append(" ", t("turn.sendInvite")); // the players invite
      return;
    }
    if (msg.status === "over") {
      el.turn.append(t("turn.over"));
      el.turn.classList.add("over");
      return;
    }
    if (msg.status === "abandoned") {
      el.turn.append(t("life.abandoned"), " ", h("a", { href: `#/replay/${msg.table}` }, t("lobby.replay")));
      el.turn.classList.add("over");
      return;
    }
    const acting = view.to_act || [];
    if (interactive && mustAct) {
      el.turn.classList.add("mine");
      el.turn.append(h("strong", {}, t("turn.yours")), " ", board.prompt(view));
    } else if (busy) {
      el.turn.append(t("turn.sending"));
    } else if (mySeat !== null && !away(msg) && acting.includes(mySeat) && view.legal && view.legal.length) {
      el.turn.append(h("strong", {}, t("turn.yours"))); // the board is still showing what happened
    } else {
      const names = acting.filter((s) => s !== mySeat).map((s) => seatLabel(msg.seats, s));
      el.turn.append(names.length ? t("turn.waitingFor", { names: names.join(", ") }) : t("turn.waitingOthers"));
      const note = interactive ? board.prompt(view) : (board.waitingNote ? board.waitingNote(view) : "");
      if (mySeat !== null && acting.length) el.turn.append(" ", h("span", { class: "muted" }, note));
    }
  }

  function renderPlayers(msg) {
    clear(el.players);
    const view = msg.view;
    const scores = board.scores ? board.scores(view) : (view.scores || []);
    msg.seats.forEach((seat, i) => {
      const acting = (view.to_act || []).includes(i) && msg.status === "playing";
      const remaining = msg.clock && msg.clock.remaining && msg.clock.remaining[String(i)];
      el.players.append(h("li", { class: ["player", acting && "acting", i === mySeat && "me"], "data-seat": i },
        h("span", { class: ["dot", seat.connected ? "on" : "off"], title: seat.connected ? t("player.online") : t("player.offline"), "aria-label": seat.connected ? t("player.online") : t("player.offline") }),
        h("span", { class: "name" }, seat.kind === "open" || seat.kind === "invited" ? h("em", {}, t(seat.kind === "open" ? "seat.open" : "seat.invited")) : seatLabel(msg.seats, i),
          i === mySeat ? h("span", { class: "tag" }, t("player.you")) : null,
          seat.away ? h("span", { class: "tag warn" }, t("player.away")) : null,
          board.seatTag ? board.seatTag(view, i) : null),
        acting ? h("span", { class: "tag turn-tag", "aria-label": t("player.toAct") }, "▶") : null,
        remaining !== undefined && remaining !== null ? clockEl(msg.receivedAt + remaining * 1000) : null,
        h("span", { class: "score", title: t("player.score") }, scores[i] === undefined || scores[i] === null ? "" : String(scores[i]))));
    });
    if (board.scoreNote) el.players.append(h("li", { class: "muted score-note" }, board.scoreNote(view)));
  }

  // A seat's turn clock counts down between states (the server sends the seconds left with
  // each state; nothing else would make the number move).
  function clockText(deadline) {
    return `${Math.max(0, Math.ceil((deadline - performance.now()) / 1000))}s`;
  }

  function clockEl(deadline) {
    return h("span", { class: "clock", "data-deadline": String(deadline), role: "timer" }, clockText(deadline));
  }

  const ticker = setInterval(() => {
    for (const clock of el.players.querySelectorAll(".clock[data-deadline]")) {
      const text = clockText(Number(clock.dataset.deadline));
      if (clock.textContent !== text) clock.textContent = text;
    }
  }, 250);

  function renderInvite(msg) {
    clear(el.invite);
    if (msg.status === "over" || msg.status === "abandoned" || mySeat === null) return; // the seated players invite
    const open = msg.seats.filter((s) => s.kind === "open");
    const invites = invitesOf(tableId);
    const rows = [];
    const base = `${location.origin}${location.pathname}#/t/${tableId}`;
    if (open.length) rows.push([t("invite.open"), base]);
    for (const [seat, code] of Object.entries(invites)) {
      if (msg.seats[seat] && msg.seats[seat].kind === "invited") rows.push([t("invite.seat", { n: Number(seat) }), `${base}?invite=${encodeURIComponent(code)}`]);
    }
    if (!rows.length) return;
    el.invite.append(h("h3", {}, t("invite.title")));
    for (const [label, link] of rows) {
      const input = h("input", { type: "text", readonly: true, value: link, class: "invite-link", "aria-label": label, onfocus: (e) => e.target.select() });
      el.invite.append(h("div", { class: "invite-row" }, h("span", {}, label), input,
        h("button", { class: "btn small", type: "button", onclick: async (e) => {
          try { await navigator.clipboard.writeText(link); e.target.textContent = t("invite.copied"); } catch (_) { input.select(); }
        } }, t("invite.copy"))));
    }
  }

  function renderJoin(msg) {
    if (mySeat !== null || msg.status === "over" || msg.status === "abandoned") {
      clear(el.join);
      return;
    }
    const invite = query.get("invite");
    const open = msg.seats.filter((s) => s.kind === "open").map((s) => s.seat);
    const invited = invite ? msg.seats.filter((s) => s.kind === "invited").map((s) => s.seat) : [];
    // An invite link whose seat someone has taken says so (and offers the open seats).
    const used = invite && !invited.length ? h("p", { class: "invite-used", id: "invite-used" }, t("join.inviteUsed")) : null;
    if (!open.length && !invited.length) {
      clear(el.join);
      joinOffered = null;
      if (used) el.join.append(h("div", { class: "panel join" }, used));
      return;
    }
    // The buttons follow the seats that are open now (others sit down, players leave); the
    // nickname field stays as the visitor left it.
    const offered = invited.length ? `invite:${invited.join(",")}` : open.join(",");
    if (el.join.childElementCount && offered === joinOffered) return;
    joinOffered = offered;
    const typing = el.join.querySelector("#join-nickname");
    const focused = typing !== null && document.activeElement === typing;
    clear(el.join);
    // A signed-in player sits under their nickname; a visitor types one, which makes them a
    // player (the connection then starts again to carry the player's cookie, and joins).
    const nick = me() ? null : typing || h("input", { type: "text", id: "join-nickname", maxlength: 24, value: suggestedNickname(), placeholder: t("lobby.nickname.placeholder"), "aria-label": t("lobby.nickname") });
    const sit = async (extra) => {
      if (me()) {
        live.send({ type: "join", table: tableId, ...extra });
        return;
      }
      const name = nick.value.trim();
      if (!name) { nick.focus(); note(t("lobby.nickname.missing")); return; }
      try {
        await ensurePlayer(name);
      } catch (error) {
        note(errorText(error.code, error.message));
        return;
      }
      pendingJoin = extra;
      live.restart();
    };
    const buttons = invited.length
      ? [h("button", { class: "btn primary", id: "join-invite", onclick: () => sit({ invite }) }, t("join.invited"))]
      : open.map((seat) => h("button", { class: "btn primary join-seat", "data-seat": seat, onclick: () => sit({ seat }) }, t("join.seat", { n: seat })));
    el.join.append(h("div", { class: "panel join" }, used, h("strong", {}, t("join.title")), nick, buttons, h("span", { class: "muted" }, t("join.or"))));
    if (focused && nick) nick.focus();
  }

  async function showEnd(msg) {
    if (!result || result.table !== msg.table) {
      try {
        const summary = await api(`/api/tables/${msg.table}`);
        result = { table: msg.table, ...summary.result, moves: summary.version };
      } catch (_) {
        result = { table: msg.table, scores: [], winners: [], moves: msg.version };
      }
    }
    clear(el.end);
    el.end.hidden = false;
    const winners = (result.winners || []).map((w) => seatLabel(msg.seats, w));
    const iWon = mySeat !== null && (result.winners || []).includes(mySeat);
    const rematch = [];
    if (mySeat !== null) {
      rematch.push(h("button", { class: "btn primary", id: "rematch", onclick: () => live.send({ type: "rematch" }) },
        msg.rematch ? t("end.joinRematch") : t("end.rematch")));
    } else if (msg.rematch) {
      rematch.push(h("a", { class: "btn", href: `#/t/${msg.rematch}` }, t("end.watchRematch")));
    }
    el.end.append(
      h("h2", {}, iWon ? t("end.won") : t("end.title")),
      h("p", { class: "winners", id: "winners", "data-winners": (result.winners || []).join(",") }, t("end.winners", { names: winners.join(", ") })),
      h("table", { class: "result", id: "result" },
        h("thead", {}, h("tr", {}, h("th", {}, t("end.player")), h("th", {}, board.scoreTitle ? board.scoreTitle() : t("end.score")))),
        h("tbody", {}, msg.seats.map((_, i) => h("tr", { class: (result.winners || []).includes(i) ? "winner" : null, "data-seat": i, "data-score": (result.scores || [])[i] },
          h("td", {}, seatLabel(msg.seats, i)), h("td", {}, String((result.scores || [])[i] ?? "")))))),
      await scoreBreakdown(msg.game, msg.view, gameLog.entries(), (seat) => seatLabel(msg.seats, seat)), // game log (issue 13)
      h("p", { class: "muted", id: "moves", "data-moves": result.moves }, t("end.moves", { n: result.moves })),
      h("div", { class: "actions" }, rematch,
        h("a", { class: "btn", href: `#/replay/${msg.table}` }, t("lobby.replay")),
        h("a", { class: "btn", href: `/api/tables/${msg.table}/record`, download: `kibitz-${msg.game}-${msg.table}.json` }, t("lobby.download"))));
  }

  return {
    destroy() {
      destroyed = true;
      clearInterval(ticker);
      life.destroy();
      endTurnAlerts();
      if (live) live.close();
      if (board && board.destroy) board.destroy();
    },
    // for tests and the curious: drop the connection as if the network failed
    drop(hold = 0) { if (live) live.drop(hold); },
  };
}

export { sleep };
