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
  window.mammothHerd = { version: VERSION, lang: lang, text: text };

  // This tab is starting: a tab waiting for the saved games (site/handover.py) leaves them
  // to it, as this may be the tab that held them, reloaded.
  try {
    new BroadcastChannel("mammoth-herd-games").postMessage("hello:page");
  } catch (error) {}

  // The app's own font for the page's words (Hangul included), from the site's files.
  var face = document.createElement("style");
  face.textContent = "@font-face{font-family:MammothSans;src:url(fonts/MammothSans-Regular.otf)}";
  document.head.appendChild(face);

  // While the client and Python load: the app's own screen over Flet's (its logo, then a
  // blank screen with a spinner until Python's first screen): the app's icon and colours in
  // light or dark, what is happening in the device's language, and how much of the app has
  // come (each file the page and Python's worker have fetched, counted as it completes), then
  // "starting". It lets taps through, and goes once Python has sent its first screen.
  var loading = null;
  var bytes = { page: 0, worker: 0 };
  var state = "downloading";
  function number(mb) {
    // Under 1 MB two decimals, so the first small files already show as something.
    var digits = mb < 1 ? 2 : 1;
    try {
      return mb.toLocaleString(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    } catch (error) {
      return mb.toFixed(digits);
    }
  }
  function show() {
    if (!loading || state === "stalled") return;
    var total = (bytes.page + bytes.worker) / 1048576;
    loading.status.textContent = state === "starting" ? text.starting : text.downloading;
    // A first visit counts what has come from its first file on (and keeps the sum under
    // "starting"); a later start loads the app from this phone's copy: nothing to count.
    var counting = loading.dataset.first && total >= 0.01;
    loading.amount.textContent = counting ? text.downloaded.replace("{mb}", number(total)) : "";
  }
  function build() {
    var ink = dark ? "#f4ebe3" : "#2b241e";
    var cover = document.createElement("div");
    cover.id = "mammoth-loading";
    cover.setAttribute("role", "status");
    cover.setAttribute("aria-live", "polite");
    cover.setAttribute("lang", lang);
    cover.style.cssText =
      "position:fixed;inset:0;z-index:2147483645;pointer-events:none;display:flex;flex-direction:column;" +
      "align-items:center;justify-content:center;gap:12px;padding:24px;text-align:center;" +
      "font:17px MammothSans,system-ui,sans-serif;word-break:keep-all;" +
      "background:" + (dark ? "#1f1a16" : "#fff8f4") + ";color:" + ink + ";";
    var icon = document.createElement("img");
    icon.src = "icons/icon-192.png";
    icon.alt = "";
    icon.style.cssText = "width:112px;height:112px;border-radius:24px;";
    var name = document.createElement("div");
    name.textContent = "Mammoth Herd";
    name.style.cssText = "font-size:22px;font-weight:bold;";
    cover.status = document.createElement("div");
    cover.amount = document.createElement("div");
    cover.amount.id = "mammoth-loading-amount";
    cover.amount.style.cssText = "font-size:15px;min-height:1.5em;";
    var first = !(navigator.serviceWorker && navigator.serviceWorker.controller);
    if (first) cover.dataset.first = "yes";
    else state = "starting"; // the app comes from this phone's copy: nothing to download
    var note = document.createElement("div");
    note.textContent = first ? text.first_visit : "";
    note.style.cssText = "font-size:15px;max-width:320px;opacity:0.85;";
    cover.note = note;
    [icon, name, cover.status, cover.amount, note].forEach(function (part) {
      cover.appendChild(part);
    });
    document.body.appendChild(cover);
    loading = cover;
    show();
  }
  document.addEventListener("DOMContentLoaded", build);
  if ("PerformanceObserver" in window) {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (entry) {
        bytes.page += entry.decodedBodySize || 0;
      });
      moved();
      show();
    }).observe({ type: "resource", buffered: true });
  }
  window.addEventListener("mammoth-loading", function (event) {
    if (event.detail.bytes !== undefined) bytes.worker = event.detail.bytes;
    // Once the screen has said the start stopped, it keeps saying so (with its Reload)
    // until the app's first screen replaces it: a late word from Python's worker does not
    // turn it back into "starting" under a Reload button.
    if (event.detail.state && state !== "stalled") state = event.detail.state;
    moved();
    show();
  });

  // A start that stops: nothing has come, nothing was drawn and Python said nothing for
  // STALL_MS, and the app's first screen is not there. The loading screen then says which
  // part did not start (the screen's client, or Python) and offers Reload, in place of a
  // spinner that would turn forever.
  // (A test asks for a shorter wait with ?stall=<ms> in the address.)
  var STALL_MS = Number(new URLSearchParams(window.location.search).get("stall")) || 45000;
  var lastMove = Date.now();
  var drawn = false;
  function moved() {
    lastMove = Date.now();
  }
  window.addEventListener("flutter-first-frame", function () {
    drawn = true;
    window.mammothHerd.drawnAt = performance.now(); // read by the benchmark's stages
    moved();
  });
  var watchdog = setInterval(function () {
    if (!loading) return clearInterval(watchdog);
    if (Date.now() - lastMove < STALL_MS) return;
    clearInterval(watchdog);
    stalled(drawn ? text.stalled_python : text.stalled_screen);
  }, 1000);
  function stalled(words) {
    state = "stalled";
    loading.status.textContent = words;
    loading.status.style.maxWidth = "320px";
    loading.amount.textContent = "";
    loading.note.textContent = "";
    var again = document.createElement("button");
    again.id = "mammoth-loading-reload";
    again.textContent = text.reload;
    again.style.cssText = "pointer-events:auto;min-height:56px;min-width:200px;border-radius:28px;border:0;" +
      "font:inherit;font-weight:bold;background:" + (dark ? "#ffb77a" : "#8b4f16") + ";color:" + (dark ? "#2b1700" : "#fff") + ";";
    again.onclick = function () {
      window.location.reload();
    };
    loading.appendChild(again);
  }
  function done() {
    // Two frames after Python's first screen arrived: Flutter has drawn it.
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        if (loading) loading.remove();
        loading = null;
      });
    });
  }
  window.addEventListener("mammoth-first-screen", function () {
    window.mammothHerd.screenAt = performance.now();
    done();
  });
  window.addEventListener("mammoth-python", function (event) {
    if (event.detail) done(); // Python failed to start: Flet's own message shows
  });

  var waiting = null;
  function offer(worker) {
    // The app says so in its own layout, under its top bar, where it covers nothing
    // (site/main.py); its Reload comes back here.
    waiting = worker;
    window.dispatchEvent(new CustomEvent("mammoth-update-ready"));
  }
  window.addEventListener("mammoth-take-update", function () {
    if (!waiting) return;
    agreed = true;
    waiting.postMessage("take");
  });

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
