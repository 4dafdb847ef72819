// Turn alerts: when it becomes this player's turn, the tab's title says so ("● Your turn –
// …") until it is not their turn any more; if the player allows it (a checkbox on the table
// page, kept in localStorage) a short beep (WebAudio, no sound file) and, while the tab is
// hidden, a browser notification.

import { h } from "./dom.js";
import { t, addStrings } from "./i18n.js";
import { STRINGS } from "./strings/life.js";

addStrings(STRINGS);

const KEY = "kibitz.alerts";
let audio = null;
let wasMine = false;

export function alertsAllowed() {
  return localStorage.getItem(KEY) === "1";
}

/** The checkbox that allows the sound and the notification. Ticking it asks the browser for
 * the permission to notify (a click is when browsers let a page ask). */
export function alertToggle() {
  const box = h("input", { type: "checkbox", id: "alerts", checked: alertsAllowed(), onchange: () => {
    localStorage.setItem(KEY, box.checked ? "1" : "0");
    if (!box.checked) return;
    wake();
    if ("Notification" in window && Notification.permission === "default") Notification.requestPermission().catch(() => {});
  } });
  return h("label", { class: "alerts-toggle", title: t("alerts.setting") }, box, " ", t("alerts.setting"));
}

// Browsers start audio only after a click on the page; the checkbox is one.
function wake() {
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume().catch(() => {});
  } catch (_) {
    audio = null;
  }
}

function beep() {
  wake();
  if (!audio) return;
  const now = audio.currentTime;
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  tone.type = "sine";
  tone.frequency.setValueAtTime(880, now);
  tone.frequency.setValueAtTime(1175, now + 0.09);
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.25);
  tone.connect(gain).connect(audio.destination);
  tone.start(now);
  tone.stop(now + 0.26);
}

function notify(title) {
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  try {
    const note = new Notification(t("alerts.title"), { body: t("alerts.body", { table: title }), tag: "kibitz-turn" });
    note.onclick = () => { window.focus(); note.close(); };
  } catch (_) {
    // some browsers notify only from a service worker: the title and the sound remain
  }
}

/** After each settled state of a table page: `mine` whether this player must act now,
 * `title` the page's own title. The alert sounds when the turn becomes theirs. */
export function turnAlert(mine, title) {
  if (mine && !wasMine && alertsAllowed()) {
    beep();
    if (document.hidden) notify(title);
  }
  wasMine = mine;
  document.title = mine ? `● ${t("alerts.title")} – ${title}` : title;
}

/** The table page is gone: no turn of its own any more. */
export function endTurnAlerts() {
  wasMine = false;
}
