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

  return { chosen: chosen, language: language, dark: dark };
})();
