// The static site's service worker: every file of one published version in one cache,
// served with no network; a newer version is fetched beside it and taken only when the
// page says the player agreed (the "new version" banner of page.js).
"use strict";
var VERSION = /*VERSION*/ '';
var FILES = /*FILES*/ [];
var PREFIX = "mammoth-herd-";
var CACHE = PREFIX + VERSION;

function url(name) {
  return new URL(name, self.registration.scope).href;
}

self.addEventListener("install", function (event) {
  // "no-cache": each file is asked of the host again (a 304 when the browser's copy is
  // current), so that no file of an older version slips into this version's cache.
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      return cache.addAll(FILES.map(function (name) {
        return new Request(url(name), { cache: "no-cache" });
      }));
    })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf(PREFIX) === 0 && name !== CACHE;
      }).map(function (name) {
        return caches.delete(name);
      }));
    }).then(function () {
      return self.clients.claim();
    })
  );
});

self.addEventListener("message", function (event) {
  if (event.data === "take") self.skipWaiting();
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(function (cache) {
      // The site has one page; its screens are in the address's hash.
      var key = request.mode === "navigate" ? url("index.html") : request;
      return cache.match(key, { ignoreSearch: true }).then(function (found) {
        return found || fetch(request);
      });
    })
  );
});
