// When the host stops: say so in the player's language, and come back by itself.
//
// Flet's web client shows an English "Working..." spinner for as long as its connection
// to the server is down, and a tab whose server was restarted stays on it. This script
// watches the client's WebSocket to the server. Once it has been down for GRACE_MS, a
// notice covers the page (the game is saved on the host), and the script asks the host
// every POLL_MS whether it answers again; when it does, the page loads again, which opens
// the same screen and game. The texts come from the app's catalogs (TEXTS, filled in by
// the server); the language is the one this device chose in Settings, else the browser's.
(function () {
  "use strict";
  var TEXTS = /*TEXTS*/ {};
  var GRACE_MS = 1500;
  var POLL_MS = 2000;
  var lost = null; // the timer that shows the notice
  var polling = null; // the timer that asks the host again
  var shown = false;
  var fontAsked = false;

  function show() {
    if (shown) return;
    shown = true;
    var settings = mammothPrefs.chosen();
    var lang = mammothPrefs.language(settings, TEXTS);
    var text = TEXTS[lang] || TEXTS.en;
    var night = mammothPrefs.dark(settings);
    var cover = document.createElement("div");
    cover.id = "connection-lost";
    cover.setAttribute("role", "alert");
    cover.setAttribute("lang", lang);
    cover.style.cssText =
      "position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;" +
      "justify-content:center;padding:24px;box-sizing:border-box;" +
      "font-family:MammothSans,system-ui,sans-serif;" +
      "background:" + (night ? "rgba(20,16,12,0.88)" : "rgba(255,248,242,0.9)") + ";";
    var card = document.createElement("div");
    card.style.cssText =
      "max-width:420px;padding:24px;border-radius:16px;line-height:1.4;" +
      (night ? "background:#2b241e;color:#f4ebe3;" : "background:#ffffff;color:#2b241e;") +
      "box-shadow:0 4px 24px rgba(0,0,0,0.3);";
    var title = document.createElement("h1");
    title.style.cssText = "font-size:22px;margin:0 0 12px 0;";
    title.textContent = text.title;
    var body = document.createElement("p");
    body.style.cssText = "font-size:17px;margin:0;";
    body.textContent = text.body;
    card.appendChild(title);
    card.appendChild(body);
    cover.appendChild(card);
    document.body.appendChild(cover);
    ask();
  }

  function ask() {
    // Any file of the app will do; no-store so that the browser's cache cannot answer.
    fetch("manifest.json", { cache: "no-store" }).then(
      function (answer) {
        if (answer.ok) {
          location.reload();
        } else {
          polling = setTimeout(ask, POLL_MS);
        }
      },
      function () {
        polling = setTimeout(ask, POLL_MS);
      }
    );
  }

  function down() {
    if (lost === null && !shown) lost = setTimeout(show, GRACE_MS);
  }

  function font() {
    // The app's own font (it has every Hangul syllable, which a phone's or a computer's
    // fonts may lack), taken into the page while the host still answers: once it has
    // stopped, nothing more can be fetched. The app has fetched it already, so this is
    // the browser's cached copy.
    if (fontAsked || !window.FontFace || !document.fonts) return;
    fontAsked = true;
    try {
      new FontFace("MammothSans", "url(fonts/MammothSans-Regular.otf)").load().then(
        function (face) {
          document.fonts.add(face);
        },
        function () {}
      );
    } catch (e) {
      // no font: the notice uses the device's own
    }
  }

  function up() {
    font();
    // Back within the grace time (a short drop Flet's client rides out): nothing to show.
    if (!shown && lost !== null) {
      clearTimeout(lost);
      lost = null;
    }
  }

  var Native = window.WebSocket;
  if (!Native) return;
  function Watched(url, protocols) {
    var ours = /\/ws$/.test(String(url).split("?")[0]);
    if (ours) mammothPrefs.handOver(); // this device's settings go with the request
    var socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    if (ours) {
      socket.addEventListener("open", up);
      socket.addEventListener("close", down);
    }
    return socket;
  }
  Watched.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (name) {
    Watched[name] = Native[name];
  });
  window.WebSocket = Watched;
})();
