// The static site's Python: Pyodide in a module web worker, speaking flet-web 1.0.5's worker
// protocol (python.js starts it with one message; afterwards each message is a packet from
// Dart, and Python's packets go back through postMessage).
//
// What differs from flet-web's own worker: a repeat visit does not start Python again.
// After the first start of a version, a second worker (this script, asked for a snapshot
// only) starts Python, imports the app and keeps a copy of Python's memory (a Pyodide
// memory snapshot) in that version's cache; later starts restore that copy instead of
// starting the interpreter and importing the app (bench/PROFILE.md, eleventh round). A
// snapshot fits only the exact Pyodide build and site version it was made with: it is
// keyed by the version, Pyodide refuses one of another build, and any failure to restore
// falls back to an ordinary start. The app's files are unpacked either
// way (a snapshot holds memory, not files).
"use strict";

var SNAPSHOT_KEY = /*SNAPSHOT_KEY*/ ""; // a name inside the version's cache, never fetched
var CACHE_PREFIX = "mammoth-herd-"; // sw.js names each version's cache so
var WAIT_FOR_CACHE_MS = 120000; // the service worker makes the cache once Python runs
// What Python imports before the snapshot is taken: the app, the parts of Flet that its
// session and first screen load (Flet imports its controls when they are first named),
// and nothing that holds a JavaScript object (flet_js and Flet's Pyodide connection come
// later). FLET_NAMES, filled in by publish, are the ft.* names the app's code uses.
var FLET_NAMES = /*FLET_NAMES*/ [];
var PRELOAD =
  "import companion.site.main\n" +
  "import flet as ft, flet.app, flet.messaging.session, flet.messaging.protocol, flet.pubsub.pubsub_hub, msgpack\n" +
  "for _name in " + JSON.stringify(FLET_NAMES) + ":\n" +
  "    getattr(ft, _name, None)\n";
// After a restore: the copy's random state and import caches are the first visit's, so
// they are renewed; and the app must be there (a damaged copy fails here, not later).
var RENEW =
  "import importlib, random, sys\n" +
  "importlib.invalidate_caches()\n" +
  "random.seed()\n" +
  "assert 'companion.site.main' in sys.modules, 'the snapshot holds no app'\n";
var RUN = "import runpy\nrunpy.run_module('main', run_name='__main__')\n";

var flet_js = {}; // the module Flet's PyodideConnection imports
var started = false;

function cacheName(version) {
  return CACHE_PREFIX + version;
}

function snapshotUrl() {
  return new URL(SNAPSHOT_KEY, self.location.href).href;
}

async function readSnapshot(version) {
  // Only from a cache the service worker made: opening one would create it.
  if (!version || !self.caches || !(await caches.has(cacheName(version)))) return null;
  var cache = await caches.open(cacheName(version));
  var found = await cache.match(snapshotUrl());
  if (!found) return null;
  var bytes = new Uint8Array(await found.arrayBuffer());
  // A copy cut short is never restored: its length is the one it was written with.
  if (String(bytes.length) !== found.headers.get("X-Snapshot-Length")) throw new Error("a snapshot cut short");
  return bytes;
}

async function dropSnapshot(version) {
  try {
    if (await caches.has(cacheName(version))) await (await caches.open(cacheName(version))).delete(snapshotUrl());
  } catch (error) {
    // nothing kept: nothing to drop
  }
}

async function keepSnapshot(version, bytes) {
  // Written into the version's cache once the service worker has made it (a first
  // visit registers the service worker only once Python runs). An older version's page
  // finds its cache gone and writes nothing, so no cache of a replaced version returns.
  var deadline = Date.now() + WAIT_FOR_CACHE_MS;
  while (!(await caches.has(cacheName(version)))) {
    if (Date.now() > deadline) return;
    await new Promise(function (resolve) {
      setTimeout(resolve, 1000);
    });
  }
  var headers = { "Content-Type": "application/octet-stream", "X-Snapshot-Length": String(bytes.length) };
  await (await caches.open(cacheName(version))).put(snapshotUrl(), new Response(bytes, { headers: headers }));
}

async function roomFor(snapshot, pyodideUrl) {
  // Pyodide 314.0.7 copies a snapshot into the memory its module starts with, without
  // growing it first: a snapshot larger than that start (about 30 MB; this app's is
  // about 38 MB) fails with "RangeError: offset is out of bounds" (docs/upstream.md).
  // Pyodide's own module factory, with the memory grown before the copy.
  var heap = snapshot.length - new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1];
  var factory = (await import(new URL("pyodide.asm.mjs", new URL(pyodideUrl, self.location.href)).href)).default;
  return async function (settings) {
    var module = await factory(settings);
    if (module.HEAP8.length < heap) module.growMemory(heap);
    return module;
  };
}

async function fetchArchive(url) {
  var answer = await fetch(url);
  if (!answer.ok) throw new Error("the app's archive did not load: HTTP " + answer.status + " " + url);
  return new Uint8Array(await answer.arrayBuffer());
}

function print(text) {
  console.log(text);
}

function printError(text) {
  console.error(text);
}

async function restore(runtime, options, data, snapshot, archive) {
  // Python as the snapshot left it, or null (one that does not restore is dropped, and
  // this start makes a new one).
  try {
    var settings = { _loadSnapshot: snapshot, createPyodideModule: await roomFor(snapshot, data.pyodideUrl) };
    var pyodide = await runtime.loadPyodide(Object.assign(settings, options));
    pyodide.unpackArchive(archive, "zip");
    pyodide.runPython(RENEW);
    console.info("python: restored from the snapshot");
    return pyodide;
  } catch (error) {
    return unusable(data.version, error);
  }
}

async function unusable(version, error) {
  // A snapshot cut short or one that does not restore: dropped, and this start makes a new one.
  console.warn("python: the snapshot did not restore, starting afresh:", error);
  await dropSnapshot(version);
  return null;
}

async function start(data) {
  // The app's Python: restored from this version's snapshot, or started afresh. Afresh,
  // it asks the page for a snapshot maker (below) once the app runs: Pyodide's snapshot
  // mode hands Python stand-ins for JavaScript objects on which the browser's own methods
  // fail ("Illegal invocation" from the storage), so the app never runs in that mode.
  // The app's archive is fetched while Pyodide loads: on a first visit both come over the
  // network, and Python's start waited for the archive before (bench/PROFILE.md).
  tellProgress();
  var fetching = fetchArchive(data.appPackageUrl);
  fetching.catch(function () {}); // its failure is reported where it is awaited
  var runtime = await import(data.pyodideUrl);
  var options = { stdout: print, stderr: printError };
  var snapshot = await readSnapshot(data.version).catch(function (error) {
    return unusable(data.version, error);
  });
  var pyodide = snapshot ? await restore(runtime, options, data, snapshot, await fetching) : null;
  var wanted = !pyodide && !!self.caches && !!data.version;
  if (!pyodide) {
    pyodide = await runtime.loadPyodide(options);
    pyodide.unpackArchive(await fetching, "zip");
  }
  fetching = null; // the archive is unpacked: its bytes can go
  self.postMessage({ mammoth: true, state: "starting" });
  pyodide.registerJsModule("flet_js", flet_js);
  flet_js.documentUrl = data.documentUrl;
  flet_js.args = data.args;
  await pyodide.runPythonAsync(RUN);
  if (typeof flet_js.start_connection !== "function") throw new Error("the app did not start Flet");
  await flet_js.start_connection(send);
  self.postMessage("initialized");
  if (wanted) self.postMessage("snapshot-wanted");
}

async function makeSnapshot(data) {
  // The snapshot maker: a second worker, started by the page after a fresh start, that
  // starts Python in snapshot mode, imports the app, keeps the snapshot and is done.
  var runtime = await import(data.pyodideUrl);
  var pyodide = await runtime.loadPyodide({ _makeSnapshot: true, stdout: print, stderr: printError });
  pyodide.unpackArchive(await fetchArchive(data.appPackageUrl), "zip");
  pyodide.runPython(PRELOAD);
  await keepSnapshot(data.version, pyodide.makeMemorySnapshot());
  self.postMessage("snapshot-kept");
}

function tellProgress() {
  // The loading screen counts what this worker has fetched (Pyodide, the standard library,
  // the app): the bytes of each file as it completes.
  if (typeof PerformanceObserver === "undefined") return;
  var total = 0;
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (entry) {
      total += entry.decodedBodySize || 0;
    });
    self.postMessage({ mammoth: true, bytes: total });
  }).observe({ type: "resource", buffered: true });
}

function send(message) {
  // A Python bytes object: a fresh Uint8Array whose buffer is handed over, not copied.
  var bytes = message.toJs();
  self.postMessage(bytes, [bytes.buffer]);
}

self.onmessage = function (event) {
  if (!started) {
    started = true;
    (event.data.snapshotOnly ? makeSnapshot : start)(event.data).catch(function (error) {
      self.postMessage(String(error));
    });
  } else if (event.data && event.data.mammoth === "update-ready") {
    // A new version is waiting (page.js): the app says so in its own layout (site/main.py).
    self.mammothUpdateReady = true;
    if (typeof self.mammothOnUpdate === "function") self.mammothOnUpdate();
  } else if (event.data && event.data.mammoth === "peer") {
    // Playing together: the page's news of a connection, a scan or a QR code (table.js),
    // for the app's Python (site/peers.py); kept in order until Python listens.
    (self.mammothPeerNews = self.mammothPeerNews || []).push(event.data.peer);
    if (typeof self.mammothOnPeer === "function") self.mammothOnPeer();
  } else if (typeof flet_js.send === "function") {
    flet_js.send(event.data);
  } else {
    console.error("python: a message arrived before the app started");
  }
};
