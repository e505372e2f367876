// The static site's bridge between Flutter (Dart) and Python in a web worker: flet-web's
// python.js, changed in one way. Python starts as soon as this script runs in the page's
// head, in parallel with the download and start of the Flutter client, instead of when
// Dart first asks for it (which came about 6 s later: bench/PROFILE.md). Dart's jsConnect
// then takes the worker that is already starting. The messages are flet-web 1.0.5's.
(function () {
  "use strict";
  var early = null; // {worker, ready: Promise, error, onMessage} started before Dart asks
  var apps = {};

  function start() {
    var base = flet.entrypointBaseUrl.endsWith("/") ? flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl;
    var app = { worker: new Worker(base + "/python-worker.js", { type: "module" }), error: null, queue: [] };
    app.ready = new Promise(function (resolve) {
      app.worker.onmessage = function (event) {
        if (typeof event.data === "string") {
          if (event.data !== "initialized") app.error = event.data;
          window.dispatchEvent(new CustomEvent("mammoth-python", { detail: app.error }));
          resolve();
        } else if (app.dartOnMessage) {
          app.dartOnMessage(event.data);
        } else {
          app.queue.push(event.data); // Python spoke before Dart listened
        }
      };
    });
    app.worker.postMessage({
      pyodideUrl: flet.pyodideUrl || "pyodide/pyodide.mjs",
      args: {},
      documentUrl: document.URL,
      appPackageUrl: flet.appPackageUrl,
      micropipIncludePre: false,
      pythonModuleName: flet.pythonModuleName,
    });
    return app;
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
