// The lobby: a nickname, a new table (game, rule options with explanations, seats open, invited
// or bot with level), and the tables: waiting, playing (join or watch) and finished (replay).

import { h, clear } from "./dom.js";
import { t, has } from "./i18n.js";
import { api, keepSeat, keepInvites, nickname, setNickname, heldSeat } from "./net.js";
import { games as catalog, gameTitle } from "./catalog.js";

function optionDoc(game, option) {
  const key = `opt.${game}.${option.name}`;
  return has(key) ? t(key) : option.doc;
}

function optionLabel(name) {
  const key = `optname.${name}`;
  return has(key) ? t(key) : name.replace(/_/g, " ");
}

export function botLabel(name) {
  const key = `bot.${name}`;
  return has(key) ? t(key) : name;
}

// A choice in the page's language, with the engine's own word (the explanations use it).
function choiceLabel(name, choice) {
  const key = `val.${name}.${choice}`;
  return has(key) ? `${t(key)} (${choice})` : String(choice);
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

export function mountLobby(root) {
  const games = catalog();
  let timer = null;
  const status = h("p", { class: "status", role: "status" });
  const nick = h("input", { id: "nickname", type: "text", maxlength: 24, value: nickname(), placeholder: t("lobby.nickname.placeholder"),
    autocomplete: "nickname", oninput: () => setNickname(nick.value.trim()) });
  const form = h("form", { id: "new-table", class: "panel", onsubmit: (e) => { e.preventDefault(); create(); } });
  const lists = h("div", { id: "tables" }, h("p", { class: "muted" }, t("loading")));
  const tabs = { waiting: null, playing: null, over: null };
  root.append(h("div", { class: "page lobby" },
    h("section", { class: "intro" }, h("h1", {}, t("lobby.title")), h("p", {}, t("lobby.intro")),
      h("label", { class: "nick", for: "nickname" }, t("lobby.nickname"), nick), status),
    h("div", { class: "lobby-grid" },
      h("section", {}, h("h2", {}, t("lobby.new")), form),
      h("section", {}, h("h2", {}, t("lobby.tables")), lists))));

  function needNick() {
    const name = nick.value.trim();
    if (!name) {
      status.textContent = t("lobby.nickname.missing");
      status.className = "status error";
      nick.focus();
      return null;
    }
    setNickname(name);
    return name;
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
    const bots = game.bots;
    const defaultBot = bots.includes("medium") ? "medium" : bots[0];
    function renderSeats() {
      const n = Number(players.value);
      const old = [...seats.querySelectorAll("select")].map((s) => s.value);
      clear(seats);
      for (let i = 0; i < n; i += 1) {
        const choices = [["you", t("seat.you")], ["open", t("seat.open")], ["invited", t("seat.invited")],
          ...bots.map((b) => [`bot:${b}`, `${t("seat.bot")}: ${botLabel(b)}`])];
        const value = old[i] || (i === 0 ? "you" : `bot:${defaultBot}`);
        seats.append(h("label", { class: "seat-choice" }, h("span", {}, t("seat.n", { n: i })),
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
      h("button", { type: "submit", class: "btn primary", id: "create" }, t("lobby.create")));
    form.dataset.game = game.name;
  }

  async function create() {
    const game = games.find((g) => g.name === form.dataset.game);
    const seatValues = [...form.querySelectorAll(".seats select")].map((s) => s.value);
    const sitting = seatValues.indexOf("you");
    const name = sitting >= 0 ? needNick() : nick.value.trim();
    if (sitting >= 0 && !name) return;
    const body = {
      game: game.name,
      players: seatValues.length,
      options: readOptions(form, game),
      seats: seatValues.map((v) => (v.startsWith("bot:") ? { kind: "bot", bot: v.slice(4) } : { kind: v === "invited" ? "invited" : "open" })),
    };
    const clock = form.querySelector("#clock").value;
    if (clock) body.clock = Number(clock);
    if (sitting >= 0) body.join = { nickname: name, seat: sitting };
    status.textContent = t("lobby.creating");
    status.className = "status";
    try {
      const created = await api("/api/tables", { method: "POST", body });
      const id = created.table.id;
      if (created.seated) keepSeat(id, created.seated);
      keepInvites(id, created.invites);
      location.hash = `#/t/${id}`;
    } catch (error) {
      status.textContent = `${t("error")}: ${t(`err.${error.code}`) !== `err.${error.code}` ? t(`err.${error.code}`) : ""} ${error.message}`;
      status.className = "status error";
    }
  }

  function seatSummary(table) {
    return table.seats.map((seat) => {
      if (seat.kind === "bot") return h("span", { class: "chip bot" }, `⚙ ${botLabel(seat.bot)}`);
      if (seat.kind === "player") return h("span", { class: "chip player" }, seat.nickname);
      return h("span", { class: "chip open" }, seat.kind === "invited" ? t("seat.invited") : t("seat.open"));
    });
  }

  async function join(table) {
    const name = needNick();
    if (!name) return;
    try {
      const seated = await api(`/api/tables/${table.id}/join`, { method: "POST", body: { nickname: name } });
      keepSeat(table.id, seated);
      location.hash = `#/t/${table.id}`;
    } catch (error) {
      status.textContent = `${t("error")}: ${error.message}`;
      status.className = "status error";
    }
  }

  function tableRow(table) {
    const open = table.seats.some((s) => s.kind === "open");
    const mine = heldSeat(table.id);
    const actions = [];
    if (table.status !== "over") {
      if (mine) actions.push(h("a", { class: "btn primary", href: `#/t/${table.id}` }, t("lobby.back")));
      else if (open) actions.push(h("button", { class: "btn primary join", onclick: () => join(table) }, t("lobby.join")));
      actions.push(h("a", { class: "btn watch", href: `#/t/${table.id}` }, t("lobby.watch")));
    } else {
      actions.push(h("a", { class: "btn replay", href: `#/replay/${table.id}` }, t("lobby.replay")));
      actions.push(h("a", { class: "btn", href: `/api/tables/${table.id}/record`, download: `kibitz-${table.game}-${table.id}.json` }, t("lobby.download")));
    }
    let result = null;
    if (table.status === "over" && table.result) {
      result = h("span", { class: "result" }, t("lobby.winners", { names: table.result.winners.map((w) => table.seats[w].nickname || botLabel(table.seats[w].bot || "") || t("seat.n", { n: w })).join(", ") }));
    }
    return h("li", { class: "table-row", "data-table": table.id, "data-status": table.status },
      h("div", { class: "what" }, h("strong", {}, gameTitle(table.game)), h("span", { class: "muted" }, ` · ${t(`status.${table.status}`)} · ${t("lobby.moves", { n: table.version })}`),
        h("div", { class: "chips" }, seatSummary(table)), result),
      h("div", { class: "actions" }, actions));
  }

  async function refresh() {
    try {
      const [waiting, playing, over] = await Promise.all(["waiting", "playing", "over"].map((st) => api(`/api/tables?status=${st}&limit=20`)));
      const data = { waiting, playing, over };
      clear(lists);
      for (const st of ["waiting", "playing", "over"]) {
        tabs[st] = h("ul", { class: "tables", id: `tables-${st}` }, data[st].length ? data[st].map(tableRow) : h("li", { class: "muted" }, t("lobby.none.tables")));
        lists.append(h("h3", {}, t(`lobby.list.${st}`)), tabs[st]);
      }
    } catch (error) {
      clear(lists).append(h("p", { class: "error" }, `${t("error")}: ${error.message}`));
    }
  }

  renderForm(games[0].name);
  refresh();
  timer = setInterval(refresh, 5000);
  return { destroy() { clearInterval(timer); } };
}
