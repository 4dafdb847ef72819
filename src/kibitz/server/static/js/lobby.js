// The lobby: the player (a first visit chooses a nickname; then "my tables", unfinished and
// recent), a new table (game, rule options with explanations, seats open, invited or bot with
// level), and the tables: waiting, playing (join or watch) and finished (replay).

import { h, clear } from "./dom.js";
import { t, has, errorText } from "./i18n.js";
import { api, keepSeat, keepInvites, heldSeat } from "./net.js";
import { games as catalog, gameTitle } from "./catalog.js";
import { me, loadMe, ensurePlayer, onPlayer, suggestedNickname } from "./player.js";
import { botName, seatName, seatPlayer, winnersText, timeText } from "./names.js";
import { patienceOption, readPatience } from "./life.js";

function optionDoc(game, option) {
  const key = `opt.${game}.${option.name}`;
  return has(key) ? t(key) : option.doc;
}

function optionLabel(name) {
  const key = `optname.${name}`;
  return has(key) ? t(key) : name.replace(/_/g, " ");
}

// A choice in the page's language (the explanations name the choices by these words).
function choiceLabel(name, choice) {
  const key = `val.${name}.${choice}`;
  return has(key) ? t(key) : String(choice);
}

function optionInput(game, option) {
  const id = `opt-${option.name}`;
  const value = option.default;
  let input;
  if (typeof value === "boolean") {
    input = h("input", { type: "checkbox", id, name: option.name, checked: value });
  } else if (option.choices) {
    input = h("select", { id, name: option.name },
      option.choices.map((choice) => h("option", { value: String(choice), selected: choice === value }, choiceLabel(option.name, choice))));
  } else if (Array.isArray(value)) {
    input = h("input", { type: "text", id, name: option.name, value: value.join(","), pattern: "[0-9, ]+", inputmode: "numeric" });
  } else if (typeof value === "number" || value === null) {
    input = h("input", { type: "number", id, name: option.name, value: value === null ? "" : value, min: 1,
      placeholder: value === null ? t("lobby.none") : "" });
  } else {
    input = h("input", { type: "text", id, name: option.name, value: String(value) });
  }
  input.dataset.kind = typeof value === "boolean" ? "bool" : Array.isArray(value) ? "list" : typeof value === "number" || value === null ? "number" : option.choices && typeof option.choices[0] === "number" ? "number" : "text";
  return h("div", { class: "option" },
    h("label", { for: id }, h("strong", {}, optionLabel(option.name)), input),
    h("p", { class: "doc" }, optionDoc(game, option)));
}

function readOptions(form, game) {
  const out = {};
  for (const option of game.options) {
    const input = form.querySelector(`[name="${option.name}"]`);
    if (!input) continue;
    const kind = input.dataset.kind;
    let value;
    if (kind === "bool") value = input.checked;
    else if (kind === "list") value = input.value.split(/[,\s]+/).filter(Boolean).map(Number);
    else if (kind === "number") value = input.value === "" ? null : Number(input.value);
    else value = input.value;
    if (JSON.stringify(value) !== JSON.stringify(option.default)) out[option.name] = value;
  }
  return out;
}

/** Whether this browser holds a seat at `table` (its token here, or the player's seat). */
function mySeatAt(table) {
  const held = heldSeat(table.id);
  if (held) return held.seat;
  const player = me();
  const seat = player ? table.seats.find((s) => s.player === player.id) : null;
  return seat ? seat.seat : null;
}

/** Who sits at a table, a chip each; the seat `own` (this player's) is marked. */
export function seatChips(table, own = null) {
  return table.seats.map((seat, i) => {
    const self = i === own && "self";
    if (seat.kind === "bot") return h("span", { class: ["chip bot", self] }, `⚙ ${botName(seat.bot)}`);
    if (seat.kind === "player") return h("span", { class: ["chip human", self] }, seat.nickname);
    if (table.status === "over") return h("span", { class: ["chip open", self] }, seatPlayer(table.seats, i, { over: true }));
    return h("span", { class: "chip open" }, seat.kind === "invited" ? t("seat.invited") : t("seat.open"));
  });
}

export function mountLobby(root) {
  const games = catalog();
  let timer = null;
  const status = h("p", { class: "status", role: "status" });
  const nick = h("input", { id: "nickname", type: "text", maxlength: 24, value: suggestedNickname(), placeholder: t("lobby.nickname.placeholder"),
    autocomplete: "nickname", "aria-label": t("lobby.nickname") });
  const welcome = h("div", { class: "welcome" });
  const mine = h("section", { id: "my-tables", class: "mine", hidden: true });
  const form = h("form", { id: "new-table", class: "panel", onsubmit: (e) => { e.preventDefault(); create(); } });
  const lists = h("div", { id: "tables" }, h("p", { class: "muted" }, t("loading")));
  root.append(h("div", { class: "page lobby" },
    h("section", { class: "intro" }, h("h1", {}, t("lobby.title")), h("p", {}, t("lobby.intro")), welcome, status),
    mine,
    h("div", { class: "lobby-grid" },
      h("section", {}, h("h2", {}, t("lobby.new")), form),
      h("section", {}, h("h2", {}, t("lobby.tables")), lists))));

  function fail(error) {
    status.textContent = `${t("error")}: ${errorText(error)}`;
    status.className = "status error";
  }

  // The player: a first visit chooses a nickname (once); then who plays here and their tables.
  function renderWelcome() {
    clear(welcome);
    const player = me();
    if (player) {
      welcome.append(h("p", { class: "playing-as", id: "playing-as" }, t("lobby.playingAs", { name: player.nickname }), " ",
        h("a", { href: `#/players/${encodeURIComponent(player.id)}` }, t("nav.myPage")), " · ",
        h("a", { href: "#/me" }, t("nav.account"))));
      return;
    }
    welcome.append(h("form", { class: "panel start", id: "start-form", onsubmit: (e) => { e.preventDefault(); start(); } },
      h("label", { for: "nickname" }, h("strong", {}, t("lobby.start.title"))),
      h("div", { class: "start-row" }, nick, h("button", { class: "btn primary", id: "start", type: "submit" }, t("lobby.start"))),
      h("p", { class: "doc" }, t("lobby.start.doc"), " ", h("a", { href: "#/me" }, t("lobby.signinElsewhere")))));
  }

  /** The signed-in player, created from the nickname field on the first visit; null (and a
   * message) when there is none and no nickname either. */
  async function player() {
    if (me()) return me();
    const name = nick.value.trim();
    if (!name) {
      status.textContent = t("lobby.nickname.missing");
      status.className = "status error";
      nick.focus();
      return null;
    }
    status.textContent = t("lobby.starting");
    status.className = "status";
    try {
      const made = await ensurePlayer(name);
      status.textContent = "";
      return made;
    } catch (error) {
      fail(error);
      return null;
    }
  }

  async function start() {
    if (await player()) refreshMine();
  }

  function mineRow(table, seat) {
    const title = h("strong", {}, gameTitle(table.game));
    const over = table.status === "over";
    const ended = over || table.status === "abandoned";
    const won = over && table.result && seat !== null && (table.result.winners || []).includes(seat);
    return h("li", { class: "table-row", "data-table": table.id, "data-status": table.status },
      h("div", { class: "what" }, title,
        h("span", { class: "muted" }, ` · ${over ? "" : `${t(`status.${table.status}`)} · `}${timeText(table.updated_at)}`),
        h("div", { class: "chips" }, seatChips(table, seat)),
        over ? h("span", { class: ["result", won && "won"] }, winnersText(table.result, table.seats)) : null),
      h("div", { class: "actions" }, ended
        ? h("a", { class: "btn replay", href: `#/replay/${table.id}` }, t("lobby.replay"))
        : h("a", { class: "btn primary back", href: `#/t/${table.id}` }, t("lobby.back"))));
  }

  async function refreshMine() {
    renderWelcome();
    const player = me();
    if (!player) {
      mine.hidden = true;
      return;
    }
    let data;
    try {
      data = await loadMe();
    } catch (error) {
      return fail(error);
    }
    if (!data) return;
    clear(mine);
    mine.hidden = false;
    const unfinished = data.tables.map((table) => mineRow(table, table.seat));
    const recent = data.recent.map((table) => mineRow(table, table.seats_held.length ? table.seats_held[0] : null));
    const abandoned = (data.abandoned || []).map((table) => mineRow(table, table.seat));
    mine.append(h("h2", {}, t("mine.title")));
    if (!unfinished.length && !recent.length && !abandoned.length) mine.append(h("p", { class: "muted" }, t("mine.none")));
    if (unfinished.length) mine.append(h("h3", {}, t("mine.unfinished")), h("ul", { class: "tables", id: "mine-unfinished" }, unfinished));
    if (recent.length) mine.append(h("h3", {}, t("mine.recent")), h("ul", { class: "tables", id: "mine-recent" }, recent.slice(0, 6)));
    if (abandoned.length) mine.append(h("h3", {}, t("mine.abandoned")), h("ul", { class: "tables", id: "mine-abandoned" }, abandoned.slice(0, 6)));
  }

  function renderForm(gameName) {
    const game = games.find((g) => g.name === gameName) || games[0];
    clear(form);
    const picker = h("div", { class: "game-picker", role: "radiogroup", "aria-label": t("lobby.game") },
      games.map((g) =>
        h("label", { class: ["game-choice", g.name === game.name && "chosen"] },
          h("input", { type: "radio", name: "game", value: g.name, checked: g.name === game.name, onchange: () => renderForm(g.name) }),
          h("strong", {}, gameTitle(g.name)), h("span", {}, has(`summary.${g.name}`) ? t(`summary.${g.name}`) : g.summary))));
    const counts = [];
    for (let n = Math.max(game.min_players, 2); n <= game.max_players; n += 1) counts.push(n);
    const players = h("select", { id: "players", name: "players", onchange: () => renderSeats() },
      counts.map((n) => h("option", { value: n, selected: n === game.default_players }, String(n))));
    const seats = h("div", { class: "seats" });
    const bots = game.bots; // weakest first
    const defaultBot = game.default_bot || bots[0];
    function renderSeats() {
      const n = Number(players.value);
      const old = [...seats.querySelectorAll("select")].map((s) => s.value);
      clear(seats);
      for (let i = 0; i < n; i += 1) {
        const choices = [["you", t("seat.you")], ["open", t("seat.open")], ["invited", t("seat.invited")],
          ...bots.map((b) => [`bot:${b}`, botName(b)])];
        const value = old[i] || (i === 0 ? "you" : `bot:${defaultBot}`);
        seats.append(h("label", { class: "seat-choice" }, h("span", {}, seatName(i)),
          h("select", { name: `seat-${i}`, "data-seat": i, onchange: (e) => {
            if (e.target.value === "you") for (const other of seats.querySelectorAll("select")) if (other !== e.target && other.value === "you") other.value = "open";
          } }, choices.map(([v, label]) => h("option", { value: v, selected: v === value }, label)))));
      }
    }
    renderSeats();
    form.append(picker,
      h("div", { class: "row" }, h("label", { for: "players" }, t("lobby.players")), players,
        h("a", { href: `#/rules/${game.name}`, class: "rules-link" }, t("lobby.rules", { game: gameTitle(game.name) }))),
      h("fieldset", {}, h("legend", {}, t("lobby.seats")), seats, h("p", { class: "doc" }, t("lobby.seats.doc"))),
      game.options.length ? h("details", { class: "options" }, h("summary", {}, t("lobby.options")), game.options.map((o) => optionInput(game.name, o))) : null,
      h("details", { class: "options" }, h("summary", {}, t("lobby.clock")),
        h("div", { class: "option" }, h("label", { for: "clock" }, h("strong", {}, t("lobby.clock.seconds")),
          h("input", { type: "number", id: "clock", name: "clock", min: 5, max: 86400, placeholder: t("lobby.none") })),
        h("p", { class: "doc" }, t("lobby.clock.doc")))),
      patienceOption(),
      h("div", { class: "option check" }, h("label", { for: "spectator-chat" },
        h("input", { type: "checkbox", id: "spectator-chat", name: "spectator_chat", checked: true }), " ", t("lobby.spectatorChat"))),
      h("button", { type: "submit", class: "btn primary", id: "create" }, t("lobby.create")));
    form.dataset.game = game.name;
  }

  async function create() {
    const game = games.find((g) => g.name === form.dataset.game);
    const seatValues = [...form.querySelectorAll(".seats select")].map((s) => s.value);
    const sitting = seatValues.indexOf("you");
    const body = {
      game: game.name,
      players: seatValues.length,
      options: readOptions(form, game),
      seats: seatValues.map((v) => (v.startsWith("bot:") ? { kind: "bot", bot: v.slice(4) } : { kind: v === "invited" ? "invited" : "open" })),
    };
    const clock = form.querySelector("#clock").value;
    if (clock) body.clock = Number(clock);
    body.patience = readPatience(form);
    body.spectator_chat = form.querySelector("#spectator-chat").checked;
    if (sitting >= 0) {
      const who = await player();
      if (!who) return;
      body.join = { seat: sitting };
    }
    status.textContent = t("lobby.creating");
    status.className = "status";
    try {
      const created = await api("/api/tables", { method: "POST", body });
      const id = created.table.id;
      if (created.seated) keepSeat(id, created.seated);
      keepInvites(id, created.invites);
      location.hash = `#/t/${id}`;
    } catch (error) {
      fail(error);
    }
  }

  async function join(table) {
    if (!(await player())) return;
    try {
      const seated = await api(`/api/tables/${table.id}/join`, { method: "POST", body: {} });
      keepSeat(table.id, seated);
      location.hash = `#/t/${table.id}`;
    } catch (error) {
      fail(error);
    }
  }

  function tableRow(table) {
    const open = table.seats.some((s) => s.kind === "open");
    const mineHere = mySeatAt(table) !== null;
    const actions = [];
    if (table.status !== "over") {
      if (mineHere) actions.push(h("a", { class: "btn primary back", href: `#/t/${table.id}` }, t("lobby.back")));
      else if (open) actions.push(h("button", { class: "btn primary join", onclick: () => join(table) }, t("lobby.join")));
      actions.push(h("a", { class: "btn watch", href: `#/t/${table.id}` }, t("lobby.watch")));
    } else {
      actions.push(h("a", { class: "btn replay", href: `#/replay/${table.id}` }, t("lobby.replay")));
      actions.push(h("a", { class: "btn", href: `/api/tables/${table.id}/record`, download: `kibitz-${table.game}-${table.id}.json` }, t("lobby.download")));
    }
    const result = table.status === "over" && table.result ? h("span", { class: "result" }, winnersText(table.result, table.seats)) : null;
    return h("li", { class: "table-row", "data-table": table.id, "data-status": table.status },
      h("div", { class: "what" }, h("strong", {}, gameTitle(table.game)),
        h("span", { class: "muted" }, ` · ${t(`status.${table.status}`)} · ${t("lobby.moves", { n: table.version })} · ${timeText(table.updated_at)}`),
        h("div", { class: "chips" }, seatChips(table)), result),
      h("div", { class: "actions" }, actions));
  }

  async function refresh() {
    try {
      // Waiting and playing: only live tables (a move or a player there lately).
      const [waiting, playing, over] = await Promise.all(["waiting", "playing", "over"].map((st) => api(`/api/tables?status=${st}&limit=20${st === "over" ? "" : "&active=true"}`)));
      const data = { waiting, playing, over };
      clear(lists);
      for (const st of ["waiting", "playing", "over"]) {
        lists.append(h("h3", {}, t(`lobby.list.${st}`)),
          h("ul", { class: "tables", id: `tables-${st}` }, data[st].length ? data[st].map(tableRow) : h("li", { class: "muted" }, t("lobby.none.tables"))));
      }
    } catch (error) {
      clear(lists).append(h("p", { class: "error" }, `${t("error")}: ${errorText(error)}`));
    }
  }

  const stop = onPlayer(() => renderWelcome());
  renderForm(games[0].name);
  refreshMine();
  refresh();
  timer = setInterval(refresh, 5000);
  return { destroy() { clearInterval(timer); stop(); } };
}
