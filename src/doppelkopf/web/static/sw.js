// Doppelkopf – die Liste: the service worker (served at /sw.js, scope /). It keeps the app's own static files
// and, network-first, the last copy of each page of the Liste visited (a sitting's list, its entry form, a game's
// correction form, the groups), so a phone that loses its connection still shows the list it had. It never
// keeps the online tables' pages (/tables: their tokens and invites), an answer marked no-store, an API answer
// or the live list's event stream; it never answers a write (POST): offline.js queues those.
"use strict";
// Raise VERSION when STATIC_FILES or the kept pages change: the new worker drops the caches of the old one. A
// changed static file needs no new version (it is fetched again behind every answer from the cache).
var VERSION = "1";
var STATIC_CACHE = "doko-static-" + VERSION;
var PAGE_CACHE = "doko-pages-" + VERSION;
var STATIC_FILES = [
  "/static/app.css",
  "/static/app.js",
  "/static/offline.js",
  "/static/htmx.min.js",
  "/static/htmx-ext-sse.js",
  "/static/favicon.svg",
  "/static/icons/icon.svg",
  "/static/icons/icon-192.png",
  "/static/icons/icon-512.png",
  "/manifest.webmanifest"
];
// The pages kept for offline reading (paths; the query is dropped but for the entry form's mode and the page).
var KEPT_PAGES = [
  /^\/$/,
  /^\/groups$/,
  /^\/groups\/\d+$/,
  /^\/sittings\/\d+$/,
  /^\/sittings\/\d+\/history$/,
  /^\/sittings\/\d+\/games\/(new|\d+)$/
];
var KEPT_PARAMS = ["mode", "page"];

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC_CACHE).then(function (cache) { return cache.addAll(STATIC_FILES); }).then(function () {
      return self.skipWaiting();
    })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("doko-") === 0 && name !== STATIC_CACHE && name !== PAGE_CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function secret(url) {
  // the online tables and anything that carries a token, an invite or a seat in its address
  if (url.pathname === "/tables" || url.pathname.indexOf("/tables/") === 0) return true;
  if (url.pathname.indexOf("/api/tables") === 0) return true;
  return /token|invite|seat|host/i.test(url.search);
}

function pageKey(url) {
  if (!KEPT_PAGES.some(function (pattern) { return pattern.test(url.pathname); })) return null;
  var kept = new URLSearchParams();
  KEPT_PARAMS.forEach(function (name) {
    var value = url.searchParams.get(name);
    if (value) kept.set(name, value);
  });
  var query = kept.toString();
  return url.origin + url.pathname + (query ? "?" + query : "");
}

function storable(response) {
  if (!response || response.status !== 200 || response.type !== "basic") return false;
  var control = response.headers.get("cache-control") || "";
  return control.indexOf("no-store") < 0;
}

function networkFirst(request, key) {
  return fetch(request).then(function (response) {
    if (storable(response) && !secret(new URL(response.url || request.url))) {
      var copy = response.clone();
      // the kept copy says when it was fetched (offline.js shows "offline – showing the list as of HH:MM")
      copy.text().then(function (html) {
        var kept = html.replace('data-kept-at=""', 'data-kept-at="' + new Date().toISOString() + '"');
        var headers = new Headers(copy.headers);
        headers.delete("content-length");
        return caches.open(PAGE_CACHE).then(function (cache) {
          return cache.put(key, new Response(kept, { status: 200, headers: headers }));
        });
      }).catch(function () {});
    }
    return response;
  }, function (error) {
    return caches.open(PAGE_CACHE).then(function (cache) { return cache.match(key); }).then(function (kept) {
      if (kept) return kept;
      throw error;
    });
  });
}

function staleWhileRevalidate(request) {
  return caches.open(STATIC_CACHE).then(function (cache) {
    return cache.match(request, { ignoreSearch: true }).then(function (kept) {
      var fresh = fetch(request).then(function (response) {
        if (storable(response)) cache.put(request, response.clone());
        return response;
      });
      if (kept) {
        fresh.catch(function () {});
        return kept;
      }
      return fresh;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin || secret(url)) return;
  if (url.pathname.indexOf("/static/") === 0 || url.pathname === "/manifest.webmanifest") {
    event.respondWith(staleWhileRevalidate(request));
    return;
  }
  if (request.mode !== "navigate") return;  // the list fragment, the event stream, the API: the network alone
  var key = pageKey(url);
  if (key) event.respondWith(networkFirst(request, key));
});
