// What this device chose in Settings, for the page's own scripts, which run before Python
// does (the connection notice, the static site's page script). Flet's SharedPreferences keep
// the choices in localStorage as one JSON string under one key.
var mammothPrefs = (function () {
  "use strict";
  var SETTINGS = "flutter.mammoth_herd.settings";

  function chosen() {
    try {
      var stored = JSON.parse(localStorage.getItem(SETTINGS) || "null");
      return JSON.parse(typeof stored === "string" ? stored : "{}") || {};
    } catch (e) {
      return {};
    }
  }

  // The chosen language, else the browser's first one that ``texts`` has, else English.
  function language(settings, texts) {
    var wanted = [settings.lang].concat(navigator.languages || [navigator.language]);
    for (var i = 0; i < wanted.length; i++) {
      var code = String(wanted[i] || "").toLowerCase().split("-")[0];
      if (texts[code]) return code;
    }
    return "en";
  }

  function dark(settings) {
    if (settings.theme === "dark") return true;
    if (settings.theme === "light") return false;
    return !!(window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches);
  }

  // What Python's first screen needs from the page: this device's settings (as the JSON
  // text its storage holds) and its languages. The static site hands them to its Python
  // worker; the served app's page hands them to the host with each new connection (below).
  function facts() {
    return {
      settings: JSON.stringify(chosen()),
      languages: [].concat(navigator.languages || [], navigator.language || []),
    };
  }

  // The served app: a short-lived cookie that the connection's WebSocket request carries,
  // written just before the socket opens, so that it holds what the storage holds at that
  // moment. Asked of the page by the host instead, each fact was a round trip through a
  // client still drawing its first frame (bench/PROFILE.md, fourteenth round). Without
  // cookies nothing is handed over, and the host asks.
  function handOver() {
    try {
      document.cookie =
        "mammoth_device=" + encodeURIComponent(JSON.stringify(facts())) + "; Path=/; Max-Age=30; SameSite=Strict";
    } catch (e) {
      // no cookies here: the host asks the page
    }
  }

  return { chosen: chosen, language: language, dark: dark, facts: facts, handOver: handOver };
})();
