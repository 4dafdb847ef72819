// The account page (#/me). Signed in: the nickname (change it), a password to sign in on other
// devices (set or change it), sign out. Signed out: sign in with a nickname and password set
// on another device, or start as a new player with a nickname.

import { h, clear } from "./dom.js";
import { t, errorText } from "./i18n.js";
import { me, createPlayer, rename, setPassword, signIn, signOut } from "./player.js";
import { dateText } from "./names.js";

/** A small form: labelled inputs and a submit button; an ApiError `submit(values)` throws is
 * shown under the form. */
function smallForm(id, fields, button, submit) {
  const inputs = fields.map(([name, , attrs]) => h("input", { id: `${id}-${name}`, name, ...attrs }));
  const note = h("p", { class: "status", role: "status" });
  const form = h("form", { class: "small-form", id, onsubmit: async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(inputs.map((input) => [input.name, input.value]));
    const go = form.querySelector("button");
    go.disabled = true;
    note.textContent = "";
    try {
      await submit(values);
    } catch (error) {
      note.className = "status error";
      note.textContent = errorText(error);
    } finally {
      go.disabled = false;
    }
  } },
  fields.map(([, label], i) => h("label", { for: inputs[i].id }, h("span", {}, label), inputs[i])),
  h("button", { class: "btn primary", type: "submit" }, button), note);
  return form;
}

export function mountAccount(root) {
  const body = h("div", { class: "account" });
  root.append(h("div", { class: "page narrow", id: "account" }, body));
  document.title = `${t("nav.account")} · kibitz`;

  function passwordForm(player) {
    const form = smallForm("password-form", [
      ...(player.claimed ? [["current", t("account.password.current"), { type: "password", required: true, autocomplete: "current-password" }]] : []),
      ["password", t("account.password.new"), { type: "password", required: true, minlength: 8, maxlength: 128, autocomplete: "new-password" }],
    ], player.claimed ? t("account.password.change") : t("account.password.set"), async ({ password, current }) => {
      const claimed = await setPassword(password, current);
      render(t("account.password.done", { name: claimed.nickname }));
    });
    // The nickname is the username password managers keep with the password.
    form.prepend(h("input", { type: "text", name: "username", autocomplete: "username", value: player.nickname, hidden: true, readonly: true }));
    return form;
  }

  function signedIn(player) {
    const since = t("account.since", { date: dateText(player.created_at) });
    body.append(
      h("h1", {}, t("account.title")),
      h("p", {}, h("strong", { id: "account-name" }, player.nickname),
        player.claimed ? h("span", { class: "tag" }, t("account.claimed")) : null, " · ",
        h("span", { class: "muted" }, since), " · ",
        h("a", { href: `#/players/${encodeURIComponent(player.id)}` }, t("nav.myPage"))),
      h("section", { class: "panel" }, h("h2", {}, t("account.nickname")),
        smallForm("rename-form", [["nickname", t("account.nickname"), { type: "text", maxlength: 24, required: true, value: player.nickname, autocomplete: "nickname" }]],
          t("account.rename"), async ({ nickname }) => {
            const renamed = await rename(nickname.trim());
            render(t("account.renamed", { name: renamed.nickname }));
          })),
      h("section", { class: "panel" }, h("h2", {}, t("account.password")),
        h("p", { class: "doc" }, player.claimed ? t("account.password.changeDoc") : t("account.password.claimDoc", { name: player.nickname })),
        passwordForm(player)),
      h("section", { class: "panel" }, h("h2", {}, t("account.signout")),
        h("p", { class: "doc" }, t(player.claimed ? "account.signout.doc" : "account.signout.unclaimed", { name: player.nickname })),
        h("button", { class: "btn", id: "signout", onclick: async () => {
          if (!player.claimed && !confirm(t("account.signout.confirm", { name: player.nickname }))) return;
          await signOut();
          render(t("account.signedOut"));
        } }, t("account.signout"))));
  }

  function signedOut(said) {
    body.append(
      h("h1", {}, t("account.signin.title")),
      h("p", { class: "status done", role: "status", hidden: !said }, said || ""),
      h("section", { class: "panel" }, h("p", { class: "doc" }, t("account.signin.doc")),
        smallForm("signin-form", [
          ["nickname", t("account.nickname"), { type: "text", maxlength: 24, required: true, autocomplete: "username" }],
          ["password", t("account.password"), { type: "password", required: true, autocomplete: "current-password" }],
        ], t("account.signin"), async ({ nickname, password }) => {
          const player = await signIn(nickname.trim(), password);
          render(t("account.signedIn", { name: player.nickname }));
        })),
      h("section", { class: "panel" }, h("h2", {}, t("account.new.title")), h("p", { class: "doc" }, t("account.new.doc")),
        smallForm("new-player-form", [["nickname", t("account.nickname"), { type: "text", maxlength: 24, required: true, autocomplete: "nickname" }]],
          t("lobby.start"), async ({ nickname }) => {
            await createPlayer(nickname.trim());
            location.hash = "#/";
          })));
  }

  function render(said) {
    clear(body);
    const player = me();
    if (player) {
      signedIn(player);
      if (said) body.insertBefore(h("p", { class: "status done", role: "status", id: "account-said" }, said), body.children[1]);
    } else signedOut(said);
  }

  render();
  return { destroy() {} };
}
