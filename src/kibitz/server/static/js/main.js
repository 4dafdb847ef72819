// The page shell: header (navigation, the player, language, animation speed) and a hash router.
//   #/                 lobby            #/t/ID[?invite=CODE&seat=N]  a table
//   #/replay/ID        a stored game    #/replay                     an uploaded record
//   #/rules/GAME       a rules page     #/leaderboard[/GAME]         the leaderboards
//   #/players/ID       a player's page  #/me                         account: sign in and out

import { h, clear } from "./dom.js";
import { LANGS, LANG_NAMES, lang, setLang, t } from "./i18n.js";
import { mountLobby } from "./lobby.js";
import { mountTable } from "./table.js";
import { mountReplay } from "./replay.js";
import { mountRules } from "./rules.js";
import { mountAccount } from "./account.js";
import { mountProfile } from "./profile.js";
import { mountLeaderboard } from "./leaderboard.js";
import { speedSetting, setSpeedSetting } from "./settings.js";
import { games, gameTitle, loadCatalog } from "./catalog.js";
import { me, loadMe, onPlayer } from "./player.js";

const top = document.getElementById("top");
const app = document.getElementById("app");
let page = null;

function header() {
  clear(top);
  const langSelect = h("select", { id: "lang", "aria-label": t("language"), onchange: (e) => { setLang(e.target.value); route(); } },
    LANGS.map((code) => h("option", { value: code, selected: code === lang() }, LANG_NAMES[code])));
  const speedSelect = h("select", { id: "speed", "aria-label": t("animations"), onchange: (e) => setSpeedSetting(e.target.value) },
    ["slow", "normal", "fast"].map((name) => h("option", { value: name, selected: name === speedSetting() }, t(`speed.${name}`))),
    ["slow", "normal", "fast"].includes(speedSetting()) ? null : h("option", { value: speedSetting(), selected: true }, `× ${speedSetting()}`));
  const close = (e) => e.target.closest("details").removeAttribute("open");
  const menu = (label, links, attrs = {}) => h("details", { class: "menu", ...attrs }, h("summary", {}, label),
    h("div", { class: "menu-items" }, links.map(([href, text]) => h("a", { href, onclick: close }, text))));
  const perGame = (path) => games().map((game) => [`#/${path}/${game.name}`, gameTitle(game.name)]);
  const player = me();
  top.append(
    h("a", { class: "brand", href: "#/" }, h("span", { class: "logo", "aria-hidden": "true" }, "♠"), "kibitz"),
    h("nav", {}, h("a", { href: "#/" }, t("nav.lobby")), menu(t("nav.rules"), perGame("rules")),
      menu(t("nav.leaderboards"), perGame("leaderboard")), h("a", { href: "#/replay" }, t("nav.replay"))),
    player
      ? menu(player.nickname, [[`#/players/${encodeURIComponent(player.id)}`, t("nav.myPage")], ["#/me", t("nav.account")]],
        { id: "player-menu", "aria-label": t("nav.player") })
      : h("a", { class: "signin", id: "signin-link", href: "#/me" }, t("nav.signin")),
    h("div", { class: "prefs" }, h("label", {}, h("span", { class: "sr" }, t("language")), langSelect),
      h("label", { title: t("animations") }, h("span", { class: "sr" }, t("animations")), speedSelect)),
  );
}

function parse() {
  const hash = location.hash.replace(/^#/, "") || "/";
  const [path, query] = hash.split("?");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  return { parts, query: new URLSearchParams(query || "") };
}

function route() {
  if (page && page.destroy) page.destroy();
  page = null;
  header();
  clear(app);
  document.title = "kibitz";
  const { parts, query } = parse();
  try {
    if (parts[0] === "t" && parts[1]) page = mountTable(app, parts[1], query);
    else if (parts[0] === "replay") page = mountReplay(app, parts[1] || null, query);
    else if (parts[0] === "rules" && parts[1]) page = mountRules(app, parts[1]);
    else if (parts[0] === "leaderboard") page = mountLeaderboard(app, parts[1] || games()[0].name);
    else if (parts[0] === "players" && parts[1]) page = mountProfile(app, parts[1]);
    else if (parts[0] === "me") page = mountAccount(app);
    else page = mountLobby(app, query);
    window.kibitzPage = page; // lets tests (and the curious) reach the page, e.g. drop()
  } catch (error) {
    app.append(h("p", { class: "error" }, String(error)));
    throw error;
  }
}

// Links of the form /?table=ID&invite=CODE (docs/protocol.md) lead to the table page.
const search = new URLSearchParams(location.search);
if (search.get("table")) {
  const invite = search.get("invite");
  history.replaceState(null, "", `/#/t/${encodeURIComponent(search.get("table"))}${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`);
}

// The games (their titles, options and board modules) and who the player is come first: every
// page reads them. The header follows the player (signed in or out, renamed).
Promise.all([loadCatalog(), loadMe({ known: true })]).then(() => {
  window.addEventListener("hashchange", route);
  onPlayer(header);
  route();
}, (error) => {
  app.append(h("p", { class: "error" }, `${t("error")}: ${error.message}`));
});
