// The static site's page script: what the page says while Python starts, the service
// worker that keeps the app for offline use, and the banner that offers a new version.
// Texts come from the app's catalogs (TEXTS, filled in by `publish`); the language is the
// one this device chose in Settings, else the browser's (prefs.js, which runs first).
(function () {
  "use strict";
  var TEXTS = /*TEXTS*/ {};
  var VERSION = /*VERSION*/ '';
  var agreed = false; // the player tapped Reload: the new version may take over
  var settings = mammothPrefs.chosen();
  var lang = mammothPrefs.language(settings, TEXTS);
  var text = TEXTS[lang] || TEXTS.en;
  var dark = mammothPrefs.dark(settings);
  window.mammothHerd = { version: VERSION, lang: lang };

  // The app's own font for the page's words (Hangul included), from the site's files.
  var face = document.createElement("style");
  face.textContent = "@font-face{font-family:MammothSans;src:url(fonts/MammothSans-Regular.otf)}";
  document.head.appendChild(face);

  // While the client and Python load: one line under the loading picture, and on a first
  // visit (nothing kept yet) what it downloads.
  document.addEventListener("DOMContentLoaded", function () {
    var loading = document.getElementById("loading");
    if (!loading) return;
    loading.style.flexDirection = "column";
    loading.style.background = dark ? "#1f1a16" : "#fff8f4";
    var line = document.createElement("p");
    line.setAttribute("lang", lang);
    line.style.cssText = "font:17px MammothSans,system-ui,sans-serif;word-break:keep-all;max-width:320px;text-align:center;padding:0 24px;" +
      "color:" + (dark ? "#f4ebe3" : "#2b241e") + ";";
    var first = !(navigator.serviceWorker && navigator.serviceWorker.controller);
    line.textContent = text.starting + (first ? " " + text.first_visit : "");
    loading.appendChild(line);
  });

  function offer(worker) {
    if (document.getElementById("new-version")) return;
    var bar = document.createElement("div");
    bar.id = "new-version";
    bar.setAttribute("role", "status");
    bar.setAttribute("lang", lang);
    bar.style.cssText =
      "position:fixed;left:8px;right:8px;top:8px;z-index:2147483646;display:flex;gap:12px;" +
      "align-items:center;justify-content:space-between;padding:8px 8px 8px 16px;border-radius:16px;" +
      "font:16px MammothSans,system-ui,sans-serif;word-break:keep-all;box-shadow:0 4px 16px rgba(0,0,0,0.3);" +
      (dark ? "background:#f4ebe3;color:#2b241e;" : "background:#3b2f26;color:#fff8f4;");
    var words = document.createElement("span");
    words.textContent = text.update;
    words.style.flex = "1";
    var button = document.createElement("button");
    button.id = "new-version-reload";
    button.textContent = text.reload;
    button.style.cssText = "min-height:48px;min-width:96px;border:0;border-radius:24px;font:bold 16px MammothSans,system-ui,sans-serif;" +
      (dark ? "background:#8d5a2b;color:#ffffff;" : "background:#ffb77c;color:#2b1700;");
    button.addEventListener("click", function () {
      agreed = true;
      button.disabled = true;
      worker.postMessage("take");
    });
    var later = document.createElement("button");
    later.id = "new-version-later";
    later.textContent = "\u00d7";
    later.setAttribute("aria-label", text.close);
    later.style.cssText = "min-height:48px;min-width:48px;border:0;background:transparent;color:inherit;font:24px system-ui,sans-serif;";
    later.addEventListener("click", function () {
      bar.remove(); // asked again at the next start, or when the page is shown again
    });
    bar.appendChild(words);
    bar.appendChild(button);
    bar.appendChild(later);
    document.body.appendChild(bar);
  }

  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    if (agreed) window.location.reload(); // the new version's files, all of them
  });

  function register() {
    navigator.serviceWorker.register("sw.js").then(function (registration) {
      if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
      registration.addEventListener("updatefound", function () {
        var worker = registration.installing;
        if (!worker) return;
        worker.addEventListener("statechange", function () {
          if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
        });
      });
      navigator.serviceWorker.ready.then(function (ready) {
        var loaded = performance.getEntriesByType("resource").map(function (entry) {
          return entry.name;
        });
        if (ready.active) ready.active.postMessage({ loaded: loaded });
      });
      document.addEventListener("visibilitychange", function () {
        if (document.visibilityState === "visible") registration.update().catch(function () {});
      });
    }).catch(function (error) {
      console.warn("no offline copy:", error);
    });
  }

  // Registered once Python runs: the worker then copies files the page has just fetched
  // (asked again as 304s), instead of downloading them a second time beside the page.
  var registered = false;
  window.addEventListener("mammoth-python", function () {
    if (!registered) {
      registered = true;
      register();
    }
  });
})();
