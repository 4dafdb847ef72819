// Every text of the pages in English, Czech and Russian: the shared ones in strings.js, each
// game's in the module its spec names (strings/<name>.js, added by catalog.js). The language
// comes from the browser and can be switched (kept in localStorage).

import { STRINGS } from "./strings.js";

export const LANGS = ["en", "cs", "ru"];
export const LANG_NAMES = { en: "English", cs: "Čeština", ru: "Русский" };

function detect() {
  const kept = localStorage.getItem("kibitz.lang");
  if (LANGS.includes(kept)) return kept;
  for (const wanted of navigator.languages || [navigator.language || "en"]) {
    const code = String(wanted).slice(0, 2).toLowerCase();
    if (LANGS.includes(code)) return code;
    if (code === "sk") return "cs";
    if (["uk", "be"].includes(code)) return "ru";
  }
  return "en";
}

let current = detect();

/** Add a game's texts (`{en: {...}, cs: {...}, ru: {...}}`, from strings/<name>.js). */
export function addStrings(texts) {
  for (const code of LANGS) Object.assign(STRINGS[code], texts[code] || {});
}

export function lang() {
  return current;
}

export function setLang(code) {
  if (!LANGS.includes(code)) return;
  current = code;
  localStorage.setItem("kibitz.lang", code);
  document.documentElement.lang = code;
}

/** The text `key` in the current language (English when missing), `{name}` filled from params. */
export function t(key, params = {}) {
  const table = STRINGS[current] || STRINGS.en;
  let text = table[key];
  if (text === undefined) text = STRINGS.en[key];
  if (text === undefined) return key;
  if (typeof text === "function") return text(params);
  return text.replace(/\{(\w+)\}/g, (_, name) => (params[name] === undefined ? `{${name}}` : String(params[name])));
}

/** Whether `key` has a text (in English at least). */
export function has(key) {
  return (STRINGS[current] || {})[key] !== undefined || STRINGS.en[key] !== undefined;
}

/** A refusal from the server (an ApiError: `code`, `message`) in the page's language; the
 * server's own message where no text is written for its code. */
export function errorText(error) {
  const key = `err.${error.code}`;
  return has(key) ? t(key) : error.message;
}

/** Choose the plural form for n: English [one, other]; Czech and Russian [one, few, many]. */
export function plural(n, forms) {
  const lng = current;
  if (lng === "en") return n === 1 ? forms[0] : forms[1];
  if (lng === "cs") return n === 1 ? forms[0] : n >= 2 && n <= 4 ? forms[1] : forms[2];
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return forms[0];
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 10 || mod100 >= 20)) return forms[1];
  return forms[2];
}

document.documentElement.lang = current;
