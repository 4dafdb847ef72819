// Talking to the server: the REST lobby API and the live WebSocket (docs/protocol.md), and the
// seats this browser holds (their secret tokens stay in localStorage so a reload returns).

export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** GET/POST `path` on the server; resolves to the JSON answer or throws an ApiError. */
export async function api(path, { method = "GET", body, raw = false, headers = {} } = {}) {
  const options = { method, headers: { ...headers } };
  if (body !== undefined) {
    options.body = typeof body === "string" ? body : JSON.stringify(body);
    options.headers["content-type"] = "application/json";
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    throw new ApiError("offline", String(error), 0);
  }
  if (!response.ok) {
    let code = "internal";
    let message = response.statusText;
    try {
      const data = await response.json();
      if (data && data.error) ({ code, message } = data.error);
    } catch (_) { /* not JSON */ }
    throw new ApiError(code, message, response.status);
  }
  return raw ? response.text() : response.json();
}

// ------------------------------------------------------------------ seats kept in this browser

const SEAT_KEY = "kibitz.seat.";

export function heldSeat(table) {
  try {
    return JSON.parse(localStorage.getItem(SEAT_KEY + table) || "null");
  } catch (_) {
    return null;
  }
}

export function keepSeat(table, seated) {
  localStorage.setItem(SEAT_KEY + table, JSON.stringify({ seat: seated.seat, token: seated.token, nickname: seated.nickname }));
}

export function forgetSeat(table) {
  localStorage.removeItem(SEAT_KEY + table);
}

export function keepInvites(table, invites) {
  if (invites && Object.keys(invites).length) localStorage.setItem(`kibitz.invites.${table}`, JSON.stringify(invites));
}

export function invitesOf(table) {
  try {
    return JSON.parse(localStorage.getItem(`kibitz.invites.${table}`) || "{}");
  } catch (_) {
    return {};
  }
}

export function nickname() {
  return localStorage.getItem("kibitz.nickname") || "";
}

export function setNickname(name) {
  localStorage.setItem("kibitz.nickname", name);
}

// ------------------------------------------------------------------ the live connection

/**
 * One WebSocket to the server that reconnects on its own. `onOpen()` runs after every
 * (re)connection (send hello or watch there); `onMessage(msg)` gets every server message;
 * `onStatus("open" | "lost" | "closed")` tells the page how the connection is.
 */
export class Live {
  constructor({ onOpen, onMessage, onStatus }) {
    this.onOpen = onOpen;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.ws = null;
    this.closed = false;
    this.retry = 0;
    this.nextId = 1;
    this.timer = null;
    this.pinger = null;
    this.connect();
  }

  connect() {
    if (this.closed) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.onStatus("open");
      this.onOpen();
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), 25000);
    };
    ws.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (_) {
        return;
      }
      this.onMessage(message);
    };
    ws.onclose = () => {
      clearInterval(this.pinger);
      if (this.ws !== ws || this.closed) return;
      this.onStatus("lost");
      const wait = Math.max(Math.min(8000, 300 * 2 ** this.retry), (this.holdUntil || 0) - Date.now());
      this.retry += 1;
      this.timer = setTimeout(() => this.connect(), wait);
    };
    ws.onerror = () => ws.close();
  }

  /** Send a message; returns its id (answers carry it back), or null when not connected. */
  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return null;
    const id = this.nextId;
    this.nextId += 1;
    this.ws.send(JSON.stringify({ ...message, id }));
    return id;
  }

  /** Open a new connection at once (the old one closes quietly): after signing in, so that
   * the new handshake carries the player's cookie. */
  restart() {
    const old = this.ws;
    this.ws = null; // its close is not a lost connection
    if (old) old.close();
    this.connect();
  }

  /** Drop the connection as if the network failed; it reconnects after `hold` ms or more. */
  drop(hold = 0) {
    this.holdUntil = Date.now() + hold;
    if (this.ws) this.ws.close();
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
    this.onStatus("closed");
  }
}
