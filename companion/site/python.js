// The static site's bridge between Flutter (Dart) and Python in a web worker: flet-web's
// python.js, changed in two ways. Python starts as soon as this script runs in the page's
// head, in parallel with the download and start of the Flutter client, instead of when
// Dart first asks for it (which came about 6 s later: bench/PROFILE.md). Dart's jsConnect
// then takes the worker that is already starting. And after a start without a snapshot,
// it starts the worker that keeps one (python-worker.js). The messages are flet-web 1.0.5's,
// and two of the site's own for the loading screen (page.js): the worker's progress, and
// the first packet from Python (its first screen).
(function () {
  "use strict";
  var early = null; // {worker, ready: Promise, error, onMessage} started before Dart asks
  var apps = {};

  var SNAPSHOT_DELAY_MS = 3000;

  function base() {
    return flet.entrypointBaseUrl.endsWith("/") ? flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl;
  }

  function where() {
    // What every Python worker is told: where Pyodide and the app are, and the version,
    // which names the cache that keeps Python's snapshot.
    return {
      pyodideUrl: flet.pyodideUrl || "pyodide/pyodide.mjs",
      appPackageUrl: flet.appPackageUrl,
      version: (window.mammothHerd || {}).version,
    };
  }

  function start() {
    var app = { worker: new Worker(base() + "/python-worker.js", { type: "module" }), error: null, queue: [] };
    app.ready = new Promise(function (resolve) {
      app.worker.onmessage = function (event) {
        if (event.data && event.data.mammoth && event.data.reload) {
          location.reload(); // this tab gave its games to another tab (handover.py)
        } else if (event.data && event.data.mammoth && event.data.update) {
          window.dispatchEvent(new CustomEvent("mammoth-take-update")); // the app's Reload (page.js)
        } else if (event.data && event.data.mammoth && event.data.peer) {
          // Playing together: the app asks the page for a connection, a scan or a QR code (table.js).
          window.dispatchEvent(new CustomEvent("mammoth-peer", { detail: event.data.peer }));
        } else if (event.data && event.data.mammoth) {
          // What the loading screen shows (page.js): the worker's bytes so far, its step.
          window.dispatchEvent(new CustomEvent("mammoth-loading", { detail: event.data }));
        } else if (event.data === "snapshot-wanted") {
          setTimeout(makeSnapshot, SNAPSHOT_DELAY_MS); // once the first screen is drawn
        } else if (typeof event.data === "string") {
          if (event.data !== "initialized") app.error = event.data;
          window.dispatchEvent(new CustomEvent("mammoth-python", { detail: app.error }));
          resolve();
        } else {
          if (!app.spoke) {
            app.spoke = true; // Python's first screen: the loading screen may go
            window.dispatchEvent(new CustomEvent("mammoth-first-screen"));
          }
          if (app.dartOnMessage) {
            app.dartOnMessage(event.data);
          } else {
            app.queue.push(event.data); // Python spoke before Dart listened
          }
        }
      };
    });
    app.worker.postMessage(Object.assign(where(), {
      // Python's first screen needs no round trip for this device's settings and languages
      // (a round trip through a Flutter client still busy starting was about 1.5 s on a phone).
      args: mammothPrefs.facts(),
      documentUrl: document.URL,
      micropipIncludePre: false,
      pythonModuleName: flet.pythonModuleName,
    }));
    return app;
  }

  function makeSnapshot() {
    // A second Python worker keeps a snapshot of Python with the app imported, so that
    // the next start restores it (python-worker.js); it ends once the snapshot is kept.
    var maker = new Worker(base() + "/python-worker.js", { type: "module" });
    maker.onmessage = function (event) {
      if (event.data !== "snapshot-kept") console.warn("python: no snapshot kept:", event.data);
      maker.terminate();
    };
    maker.postMessage(Object.assign(where(), { snapshotOnly: true }));
  }

  if (flet.pyodide) early = start();

  globalThis.jsConnect = async function (appId, args, dartOnMessage) {
    var app = early || start();
    early = null;
    apps[appId] = app;
    await app.ready;
    if (app.error) {
      console.error("Python worker init error:", app.error);
      await globalThis.jsDisconnect(appId);
      throw app.error;
    }
    app.dartOnMessage = dartOnMessage;
    app.queue.splice(0).forEach(dartOnMessage);
  };

  // A new version is waiting (page.js): every running app's Python is told.
  window.addEventListener("mammoth-update-ready", function () {
    Object.keys(apps).forEach(function (appId) {
      apps[appId].worker.postMessage({ mammoth: "update-ready" });
    });
  });

  // What the page answers Python about connections, scans and QR codes (table.js).
  window.mammothToPython = function (peer) {
    Object.keys(apps).forEach(function (appId) {
      apps[appId].worker.postMessage({ mammoth: "peer", peer: peer });
    });
  };

  globalThis.jsSend = async function (appId, data) {
    if (appId in apps) apps[appId].worker.postMessage(data, [data.buffer]);
  };

  globalThis.jsDisconnect = async function (appId) {
    if (appId in apps) {
      var app = apps[appId];
      delete apps[appId];
      app.worker.terminate();
      app.worker.onmessage = null;
    }
  };
})();
