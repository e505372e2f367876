// The static site's service worker: every file of one published version in one cache,
// served with no network; a newer version is fetched beside it and taken only when the
// page says the player agreed (the "new version" banner of page.js).
"use strict";
var VERSION = /*VERSION*/ '';
var FILES = /*FILES*/ [];
// Builds of which a browser loads one (CanvasKit for Chromium, or the full one for Safari
// and Firefox): kept once this browser has used them, not fetched for every browser.
var VARIANTS = /*VARIANTS*/ [];
var PREFIX = "mammoth-herd-";
var CACHE = PREFIX + VERSION;
// Cross-origin isolation, where the site is published with it (`publish --isolate`): a
// static host (GitHub Pages) cannot send the two headers that give a page SharedArrayBuffer,
// and with it Flutter's renderer a thread of its own; this worker serves every file, so it
// adds them. The site asks nothing of another origin, so "require-corp" blocks nothing it
// uses. A page this worker did not serve (the very first visit) runs on one thread. Off by
// default: measured on this project's 2-core machine, it made no visit faster and a tap's
// median slower (docs/performance.md).
var ISOLATE = /*ISOLATE*/ false;

function isolated(answer) {
  if (!ISOLATE || !answer || answer.type === "opaque" || answer.status === 0) return answer;
  var headers = new Headers(answer.headers);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Embedder-Policy", "require-corp");
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: headers });
}

function url(name) {
  return new URL(name, self.registration.scope).href;
}

function fresh(names) {
  // "no-cache": each file is asked of the host again (a 304 when the browser's copy is
  // current), so that no file of an older version slips into this version's cache.
  return names.map(function (name) {
    return new Request(url(name), { cache: "no-cache" });
  });
}

function variantsUsed() {
  // The builds an older version's cache holds: this browser's, fetched again for this version.
  return caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf(PREFIX) === 0 && name !== CACHE;
    }).map(function (name) {
      return caches.open(name).then(function (cache) {
        return Promise.all(VARIANTS.map(function (file) {
          return cache.match(url(file)).then(function (found) {
            return found ? file : null;
          });
        }));
      });
    }));
  }).then(function (lists) {
    var used = [];
    lists.forEach(function (list) {
      list.forEach(function (file) {
        if (file && used.indexOf(file) < 0) used.push(file);
      });
    });
    return used;
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(
    Promise.all([caches.open(CACHE), variantsUsed()]).then(function (found) {
      var wanted = FILES.filter(function (name) {
        return VARIANTS.indexOf(name) < 0;
      }).concat(found[1]);
      return found[0].addAll(fresh(wanted));
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
  if (event.data === "take") {
    self.skipWaiting();
  } else if (event.data && event.data.loaded) {
    // The page names what it loaded before this worker ran: its builds are kept too.
    var mine = VARIANTS.filter(function (name) {
      return event.data.loaded.indexOf(url(name)) >= 0;
    });
    event.waitUntil(caches.open(CACHE).then(function (cache) {
      return cache.addAll(fresh(mine));
    }));
  }
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(function (cache) {
      // The site has one page; its screens are in the address's hash.
      var key = request.mode === "navigate" ? url("index.html") : request;
      return cache.match(key, { ignoreSearch: true }).then(function (found) {
        if (found) return isolated(found);
        return fetch(request).then(function (answer) {
          var name = new URL(request.url).href.slice(self.registration.scope.length);
          if (answer.ok && VARIANTS.indexOf(name) >= 0) cache.put(request, answer.clone());
          return isolated(answer);
        });
      });
    })
  );
});
