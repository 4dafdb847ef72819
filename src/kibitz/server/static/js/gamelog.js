// The game log panel of a table page and the replay viewer: every move in words, grouped by
// round and turn, deal and trick. The server sends the log as structured entries (a `kind` and
// its arguments; each game's log module in src/kibitz/games/<game>/log.py lists them): the
// whole log in `welcome`, each move's entries in its `state` (`log.since` says where they go).
// Each game's words are in logs/<board>.js, which exports:
//   STRINGS: its texts in English, Czech and Russian (added to i18n.js on load)
//   entryText(entry, ctx) -> {level, text}: level 1 heads a part (round, deal), 2 a group
//     (turn, trick), 0 is a line of the group; text is a string or a node
//   extra(view, ctx) (optional) -> a node shown above the log (Kozel's last trick)
//   breakdown(view, entries, ctx) (optional) -> a node for the end panel: how each score was made
// ctx: {seatName(seat), view}.

import { h, clear } from "./dom.js";
import { addStrings, t } from "./i18n.js";
import { gameInfo } from "./catalog.js";

addStrings({
  en: { "log.title": "Game log", "log.empty": "No moves yet.", "log.howScored": "How the scores were made" },
  cs: { "log.title": "Průběh hry", "log.empty": "Zatím žádný tah.", "log.howScored": "Jak vznikly body" },
  ru: { "log.title": "Журнал игры", "log.empty": "Ходов пока нет.", "log.howScored": "Как набраны очки" },
});

const loaded = new Map();

/** The log module of `game` (logs/<board>.js), or null when the game has none. */
export async function logModule(game) {
  const info = gameInfo(game);
  const name = info && info.board;
  if (!name) return null;
  if (!loaded.has(name)) {
    loaded.set(name, import(`./logs/${name}.js`).then((module) => {
      addStrings(module.STRINGS);
      return module;
    }, () => null));
  }
  return loaded.get(name);
}

/**
 * The log panel: `element` to place; `reset(entries)` with a whole log, `add(part)` with a
 * state's `{since, entries}` (false when entries are missing before it: the caller asks
 * for the whole log again); `show(game, view, seatName, upTo)` draws it (the first `upTo`
 * entries, all when undefined); `entries()` the log so far.
 */
export function mountGameLog() {
  let entries = [];
  let whole = false; // the whole log came (welcome): states before it are in it already
  let drawn = null;
  const list = h("ol", { class: "game-log", id: "game-log", "aria-live": "polite" });
  const extra = h("div", { class: "log-extra" });
  const element = h("section", { class: "panel game-log-panel", id: "game-log-panel" },
    h("h2", {}, t("log.title")), extra, list);

  async function show(game, view, seatName, upTo) {
    const module = await logModule(game);
    element.hidden = !module; // a game without a log module logs nothing
    const shown = upTo === undefined ? entries : entries.slice(0, upTo);
    const ctx = { seatName, view };
    clear(extra);
    if (module && module.extra) {
      const node = module.extra(view, ctx);
      if (node) extra.append(node);
    }
    const key = `${game}|${shown.length}|${JSON.stringify(shown[shown.length - 1] || null)}|${view && view.seat}`;
    if (key === drawn) return;
    drawn = key;
    const stick = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
    clear(list);
    if (!module || !shown.length) {
      list.append(h("li", { class: "muted" }, t("log.empty")));
      return;
    }
    let group = null;
    for (const entry of shown) {
      const { level, text } = module.entryText(entry, ctx);
      if (level === 1) {
        list.append(h("li", { class: "log-part", "data-kind": entry.kind }, text));
        group = null;
      } else if (level === 2) {
        group = h("ul", { class: "log-lines" });
        list.append(h("li", { class: "log-group", "data-kind": entry.kind }, h("div", { class: "log-head" }, text), group));
      } else {
        const line = h("li", { class: "log-line", "data-kind": entry.kind }, text);
        if (group) group.append(line);
        else list.append(line);
      }
    }
    if (stick || upTo !== undefined) list.scrollTop = list.scrollHeight;
  }

  return {
    element,
    reset(log) {
      entries = (log || []).slice();
      whole = true;
    },
    add(part) {
      if (!part || !whole) return true;
      if (part.since > entries.length) return false;
      entries = entries.slice(0, part.since).concat(part.entries);
      return true;
    },
    entries: () => entries,
    show,
  };
}

/** How each score of a finished game was made (the end panel), or null. */
export async function scoreBreakdown(game, view, entries, seatName) {
  const module = await logModule(game);
  if (!module || !module.breakdown) return null;
  return module.breakdown(view, entries, { seatName, view });
}
