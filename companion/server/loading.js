// While the served app's web client loads: the app's own screen over the blank page, as
// the static site shows one (site/page.js): the app's icon and name, "Starting the app…"
// in this device's language, and how much of the client has come, until Flutter draws its
// first frame. It lets taps through. The texts come from the app's catalogs (TEXTS,
// filled in by the server); the language is the one this device chose in Settings, else
// the browser's (prefs.js, which runs first).
(function () {
  "use strict";
  var TEXTS = /*TEXTS*/ {};
  var settings = mammothPrefs.chosen();
  var lang = mammothPrefs.language(settings, TEXTS);
  var text = TEXTS[lang] || TEXTS.en;
  var dark = mammothPrefs.dark(settings);
  var cover = null;
  var bytes = 0;
  var drawn = false;

  function number(mb) {
    var digits = mb < 1 ? 2 : 1;
    try {
      return mb.toLocaleString(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    } catch (error) {
      return mb.toFixed(digits);
    }
  }
  function show() {
    if (!cover) return;
    var mb = bytes / 1048576;
    cover.amount.textContent = mb >= 0.01 ? text.downloaded.replace("{mb}", number(mb)) : "";
  }
  function build() {
    if (drawn || cover) return;
    var face = document.createElement("style");
    face.textContent = "@font-face{font-family:MammothSans;src:url(fonts/MammothSans-Regular.otf)}";
    document.head.appendChild(face);
    var box = document.createElement("div");
    box.id = "mammoth-loading";
    box.setAttribute("role", "status");
    box.setAttribute("aria-live", "polite");
    box.setAttribute("lang", lang);
    box.style.cssText =
      "position:fixed;inset:0;z-index:2147483645;pointer-events:none;display:flex;flex-direction:column;" +
      "align-items:center;justify-content:center;gap:12px;padding:24px;text-align:center;" +
      "font:17px MammothSans,system-ui,sans-serif;word-break:keep-all;" +
      "background:" + (dark ? "#1f1a16" : "#fff8f4") + ";color:" + (dark ? "#f4ebe3" : "#2b241e") + ";";
    var icon = document.createElement("img");
    icon.src = "icons/icon-192.png";
    icon.alt = "";
    icon.style.cssText = "width:112px;height:112px;border-radius:24px;";
    var name = document.createElement("div");
    name.textContent = "Mammoth Herd";
    name.style.cssText = "font-size:22px;font-weight:bold;";
    var status = document.createElement("div");
    status.id = "mammoth-loading-status";
    status.textContent = text.starting;
    box.amount = document.createElement("div");
    box.amount.id = "mammoth-loading-amount";
    box.amount.style.cssText = "font-size:15px;min-height:1.5em;";
    [icon, name, status, box.amount].forEach(function (part) {
      box.appendChild(part);
    });
    document.body.appendChild(box);
    cover = box;
    show();
  }
  if (document.body) build();
  else document.addEventListener("DOMContentLoaded", build);
  if ("PerformanceObserver" in window) {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (entry) {
        bytes += entry.decodedBodySize || 0;
      });
      show();
    }).observe({ type: "resource", buffered: true });
  }
  window.addEventListener("flutter-first-frame", function () {
    drawn = true;
    // Two frames later Flutter's first frame is on the screen under the cover.
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        if (cover) cover.remove();
        cover = null;
      });
    });
  });
})();
