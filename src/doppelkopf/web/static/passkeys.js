// Passkeys (WebAuthn) on the account page and the login page: a button with data-passkey="register" or
// "login" runs the ceremony with the server (doppelkopf.web.routers.passkeys); what goes wrong is written into
// the element named by data-output, in the page's language (data-unsupported, data-failed; the server's
// own message, translated, follows).
(function () {
  "use strict";
  function toBuffer(text) {
    let s = text.replace(/-/g, "+").replace(/_/g, "/");
    while (s.length % 4) s += "=";
    const bin = atob(s);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return bytes.buffer;
  }
  function toText(buffer) {
    const bytes = new Uint8Array(buffer);
    let s = "";
    for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
    return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  async function post(url, body) {
    const answer = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: JSON.stringify(body || {}),
      credentials: "same-origin",
    });
    let data = {};
    try { data = await answer.json(); } catch (e) { data = {}; }
    if (!answer.ok) throw new Error(data.detail || String(answer.status));
    return data;
  }
  async function register() {
    const o = await post("/api/me/passkeys/options");
    o.challenge = toBuffer(o.challenge);
    o.user.id = toBuffer(o.user.id);
    (o.excludeCredentials || []).forEach(function (c) { c.id = toBuffer(c.id); });
    const made = await navigator.credentials.create({ publicKey: o });
    const r = made.response;
    await post("/api/me/passkeys", { credential: {
      id: made.id, rawId: toText(made.rawId), type: made.type,
      response: {
        clientDataJSON: toText(r.clientDataJSON), attestationObject: toText(r.attestationObject),
        transports: r.getTransports ? r.getTransports() : [],
      },
      clientExtensionResults: made.getClientExtensionResults ? made.getClientExtensionResults() : {},
    } });
    window.location.reload();
  }
  async function login() {
    const o = await post("/api/passkeys/login/options");
    o.challenge = toBuffer(o.challenge);
    (o.allowCredentials || []).forEach(function (c) { c.id = toBuffer(c.id); });
    const got = await navigator.credentials.get({ publicKey: o });
    const r = got.response;
    await post("/api/passkeys/login", { credential: {
      id: got.id, rawId: toText(got.rawId), type: got.type,
      response: {
        clientDataJSON: toText(r.clientDataJSON), authenticatorData: toText(r.authenticatorData),
        signature: toText(r.signature), userHandle: r.userHandle ? toText(r.userHandle) : null,
      },
      clientExtensionResults: {},
    } });
    window.location.href = "/groups";
  }
  function say(button, text) {
    const out = document.getElementById(button.dataset.output || "");
    if (out) { out.textContent = text; out.hidden = false; }
  }
  document.addEventListener("click", function (event) {
    const button = event.target.closest("[data-passkey]");
    if (!button) return;
    event.preventDefault();
    if (!window.PublicKeyCredential || !navigator.credentials) { say(button, button.dataset.unsupported || ""); return; }
    const run = button.dataset.passkey === "register" ? register : login;
    button.disabled = true;
    run().catch(function (e) {
      say(button, (button.dataset.failed || "") + (e && e.message ? " " + e.message : ""));
    }).finally(function () { button.disabled = false; });
  });
})();
