// Spieltisch service worker. GENERATED at build time by scripts/gen-sw.sh (a Trunk post_build
// hook) from scripts/sw.template.js — edit the template, not dist/sw.js.
//
// Precaches exactly the files of this build, serves them cache-first, and answers navigations
// with the cached app shell when offline. All URLs are relative to the registration scope, so
// the app works unchanged under any sub-path.
"use strict";

const BUILD = "__BUILD_HASH__";
const FILES = __PRECACHE_LIST__;

const SCOPE = self.registration.scope;
// Cache names are per scope, so two copies of the app under different paths of one origin do
// not delete each other's caches.
const PREFIX = "spieltisch:" + SCOPE + ":";
const CACHE = PREFIX + BUILD;
const INDEX = new URL("./", SCOPE).href;
const INDEX_HTML = new URL("index.html", SCOPE).href;
const PRECACHED = new Set(FILES.map((f) => new URL(f, SCOPE).href));

// A first install activates at once (there is no older worker to wait for) and claims the page,
// so the app works offline after the first visit. An update waits until the player asks for it:
// the page shows "A new version is ready" and posts "skipWaiting" when its button is clicked,
// so a new deploy never reloads a page in the middle of a game.
// A name with Trunk's content hash (name-0123456789abcdef.ext) stands for exactly these bytes:
// the copy the page just loaded is taken from the HTTP cache, so a first visit downloads it
// once. Every other file (index.html, the worker, rules, icons) may be an older deploy's in
// that cache: the server is asked again ("no-cache": an unchanged file costs a 304, no body).
const HASHED = /-[0-9a-f]{16}(_bg)?\.[a-z]+$/;
self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll([...PRECACHED].map((url) => new Request(url, { cache: HASHED.test(url) ? "force-cache" : "no-cache" })))
    )
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skipWaiting") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const keys = await caches.keys();
      await Promise.all(
        keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))
      );
      await self.clients.claim();
    })()
  );
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  url.hash = "";
  let key = url.href;
  if (key === INDEX_HTML) key = INDEX;
  const isNavigation = req.mode === "navigate";
  if (!PRECACHED.has(key) && !isNavigation) return; // not ours: plain network

  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      if (PRECACHED.has(key)) {
        const hit = await cache.match(key);
        if (hit) return hit;
      }
      try {
        return await fetch(req);
      } catch (err) {
        if (isNavigation) {
          const shell = await cache.match(INDEX);
          if (shell) return shell;
        }
        throw err;
      }
    })()
  );
});
