// The games this server offers, as their specs declare them (GET /api/games, in the order lists
// show them): titles, players, rule options and their choices, bot levels, and the names of the
// modules that draw each game, games/<board>.js and cards/<cards>.js, imported here by name.
// main.js loads it once before the first page; everything else reads it synchronously.

import { api } from "./net.js";

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

/** Read the games and import every board and card module they name. */
export async function loadCatalog() {
  list = await api("/api/games");
  await Promise.all(list.flatMap((g) => [
    g.board ? load(`./games/${g.board}.js`) : null,
    g.cards ? load(`./cards/${g.cards}.js`) : null,
  ]));
}

export function games() {
  return list;
}

export function gameInfo(name) {
  return list.find((g) => g.name === name) || null;
}

export function gameTitle(name) {
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
