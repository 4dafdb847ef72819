// The player this browser is signed in as (docs/protocol.md, Players): read once at start
// (GET /api/me), created on the first visit with the nickname typed once, renamed, claimed
// with a password, signed in on another device, signed out. The secret is in an HttpOnly
// cookie the pages never see; they only learn who the player is.

import { api, nickname as keptNickname, setNickname } from "./net.js";

let current = null; // {id, nickname, claimed, ...} or null
const listeners = new Set();
const SIGNED_IN = "kibitz.signedIn"; // this browser holds a player cookie (as far as it knows)

function set(player) {
  current = player;
  if (player) {
    setNickname(player.nickname); // the next visitor form starts from it
    localStorage.setItem(SIGNED_IN, "1");
  } else localStorage.removeItem(SIGNED_IN);
  for (const listener of listeners) listener(current);
}

/** The signed-in player, or null. */
export function me() {
  return current;
}

/** Call `listener(player)` whenever who is signed in changes (or their nickname); returns a
 * function that stops it. */
export function onPlayer(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Ask the server who this browser is (GET /api/me: the player and their tables); null when
 * nobody is signed in. Any other failure is thrown. With `known`, a browser that has never
 * signed in does not ask (a first visit's page makes no request that must fail). */
export async function loadMe({ known = false } = {}) {
  if (known && !localStorage.getItem(SIGNED_IN)) return null;
  try {
    const data = await api("/api/me");
    set(data);
    return data;
  } catch (error) {
    if (error.code !== "not_signed_in") throw error;
    set(null);
    return null;
  }
}

/** A new player with this nickname, signed in here (the first visit); a browser that turns
 * out to be signed in already (its note of it was lost) stays the player it is. */
export async function createPlayer(nickname) {
  try {
    await api("/api/players", { method: "POST", body: { nickname } });
  } catch (error) {
    if (error.code !== "signed_in") throw error;
  }
  return loadMe();
}

/** The signed-in player, created first with `nickname` when there is none. */
export async function ensurePlayer(nickname) {
  return current || createPlayer(nickname);
}

export async function rename(nickname) {
  await api("/api/me", { method: "PATCH", body: { nickname } });
  return loadMe();
}

/** Set a password (claim the player), or change it (`current` is the password now). */
export async function setPassword(password, currentPassword) {
  const body = currentPassword ? { password, current: currentPassword } : { password };
  await api("/api/me/password", { method: "POST", body });
  return loadMe();
}

export async function signIn(nickname, password) {
  await api("/api/signin", { method: "POST", body: { nickname, password } });
  return loadMe();
}

export async function signOut() {
  await api("/api/signout", { method: "POST" });
  set(null);
}

/** The nickname a visitor form starts from: the player's, else the one typed last here. */
export function suggestedNickname() {
  return current ? current.nickname : keptNickname();
}
