// The games this server offers, as their specs declare them (GET /api/games, in the order lists
// show them): titles, players, rule options and their choices, bot levels, and the names of the
// modules of each game, imported here by name: the board games/<board>.js, its card art
// cards/<cards>.js and its texts strings/<strings>.js (handed to i18n.js). main.js loads it
// once before the first page; everything else reads it synchronously.

import { api } from "./net.js";
import { addStrings, has, t } from "./i18n.js";

let list = [];
const modules = new Map();

async function load(path) {
  if (!modules.has(path)) {
    try {
      modules.set(path, await import(path));
    } catch (error) {
      console.error(`cannot load ${path}`, error); // the game falls back to the generic board
      modules.set(path, null);
    }
  }
  return modules.get(path);
}

/** Read the games and import every board, card and text module they name. */
export async function loadCatalog() {
  list = await api("/api/games");
  await Promise.all(list.flatMap((g) => [
    g.board ? load(`./games/${g.board}.js`) : null,
    g.cards ? load(`./cards/${g.cards}.js`) : null,
    g.strings ? load(`./strings/${g.strings}.js`) : null,
  ]));
  const added = new Set();
  for (const g of list) {
    const texts = g.strings ? modules.get(`./strings/${g.strings}.js`) : null;
    if (texts && !added.has(texts)) addStrings(texts.STRINGS);
    added.add(texts);
  }
}

export function games() {
  return list;
}

export function gameInfo(name) {
  return list.find((g) => g.name === name) || null;
}

/** A game's title in the page's language (`title.<game>` of its texts), else its spec's. */
export function gameTitle(name) {
  if (has(`title.${name}`)) return t(`title.${name}`);
  const info = gameInfo(name);
  return info ? info.title : name;
}

/** The board module of game `name` and its card art module (null where it has none). */
export function gameModules(name) {
  const info = gameInfo(name);
  return {
    board: info && info.board ? modules.get(`./games/${info.board}.js`) : null,
    cards: info && info.cards ? modules.get(`./cards/${info.cards}.js`) : null,
  };
}
