// The board of each game. A board is made once per table page and then fed views:
//   update(view, {animate, interactive, status, seats}) -> a promise that ends with the animation
//   prompt(view) -> what this player may do now (text)    lock() -> no more moves until the next view
// and optionally scores(view), seatTag(view, seat), scoreNote(view), scoreTitle(), waitingNote(view).

import { nimmtBoard } from "./nimmt.js";
import { goxesoBoard } from "./goxeso.js";
import { kozelBoard } from "./kozel.js";
import { h } from "../dom.js";

export function boardFor(game, root, ctx) {
  if (game === "xbere" || game === "6nimmt") return nimmtBoard(root, ctx, game);
  if (game === "goxeso") return goxesoBoard(root, ctx);
  if (game === "kozel") return kozelBoard(root, ctx);
  root.append(h("p", {}, game));
  return { update: async () => {}, prompt: () => "", lock() {} };
}
