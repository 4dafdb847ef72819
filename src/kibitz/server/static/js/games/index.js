// The board of each game: the module its spec names (`board`: games/<board>.js, loaded by
// catalog.js), which exports board(root, ctx, game). A board is made once per table page and
// then fed views:
//   update(view, {animate, interactive, status, seats}) -> a promise that ends with the animation
//   prompt(view) -> what this player may do now (text)    lock() -> no more moves until the next view
// and optionally scores(view), seatTag(view, seat), scoreNote(view), scoreTitle(), waitingNote(view).
// ctx.cards is the game's card art module (cards/<cards>.js) when its spec names one.

import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { gameModules } from "../catalog.js";

export function boardFor(game, root, ctx) {
  const { board, cards } = gameModules(game);
  return (board ? board.board : genericBoard)(root, { ...ctx, cards }, game);
}

/** The board of a game whose spec names none: the legal moves as buttons, and the view. */
function genericBoard(root, ctx) {
  let locked = false;
  const moves = h("div", { class: "generic-moves", role: "group", "aria-label": t("generic.moves") });
  const seen = h("pre", { class: "generic-view" });
  root.append(h("div", { class: "generic-board" },
    h("h3", {}, t("generic.moves")), moves, h("h3", {}, t("generic.view")), seen));
  return {
    async update(view, { interactive }) {
      locked = false;
      clear(moves);
      const { legal, ...rest } = view;
      seen.textContent = JSON.stringify(rest, null, 1);
      if (interactive) {
        for (const move of legal) {
          moves.append(h("button", { class: "btn legal", "data-move": move, onclick: () => { if (!locked) ctx.act(move); } }, move));
        }
      } else moves.append(h("span", { class: "muted" }, "—"));
    },
    prompt: () => t("generic.ask"),
    lock() {
      locked = true;
      root.querySelectorAll("[data-move]").forEach((b) => { b.disabled = true; });
    },
  };
}
