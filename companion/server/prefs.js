// What this device chose in Settings, for the page's own scripts, which run before Python
// does (the connection notice, the static site's page script). Flet's SharedPreferences keep
// the choices in localStorage as one JSON string under one key.
var mammothPrefs = (function () {
  "use strict";
  var SETTINGS = "flutter.mammoth_herd.settings";

  // A browser language that is no language tag ("C" from a system whose locale is
  // C.UTF-8, as WebKit reports it; "de_DE") makes Flutter's client throw while it starts,
  // and it never draws. The page then reports the closest tags it can tell ("de-DE"), or
  // English, before Flutter reads them.
  function valid(tag) {
    try {
      return Intl.getCanonicalLocales(tag).length === 1 && /^[A-Za-z]{2,3}(-|$)/.test(tag);
    } catch (e) {
      return false;
    }
  }
  var reported = [].concat(navigator.languages || [], navigator.language || []);
  if (!reported.length || !reported.every(valid)) {
    var usable = reported.map(function (tag) {
      return String(tag || "").split(".")[0].replace(/_/g, "-");
    }).filter(valid);
    if (!usable.length) usable = ["en"];
    try {
      Object.defineProperty(navigator, "languages", { get: function () { return usable.slice(); }, configurable: true });
      Object.defineProperty(navigator, "language", { get: function () { return usable[0]; }, configurable: true });
    } catch (e) {
      // a browser that forbids it: it reported a tag of its own
    }
  }

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
