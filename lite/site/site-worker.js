// The classroom site's own service worker, for its root only (lite/build_site.py writes SITE):
// the page at the site's address and the version file it reads, network first and from this
// cache when the network fails, so that the address opens the last build seen even offline.
// Everything under v/<version>/ is left alone: each build has JupyterLite's worker of its own.
const SITE = /*SITE*/ {} /*SITE*/;
const CACHE = "cardlib-site";
const scope = new URL(self.registration.scope);

/** The cache key of a request this worker answers (the root page, the version file), or null. */
function kept(request) {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== scope.origin) return null;
  const inside = url.pathname.slice(scope.pathname.length);
  if (!url.pathname.startsWith(scope.pathname)) return null;
  if (inside === "" || inside === "index.html") return new URL("index.html", scope).href;
  return SITE.rootFiles.includes(inside) ? new URL(inside, scope).href : null;
}

self.addEventListener("install", (event) => {
  self.skipWaiting();
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(SITE.rootFiles.map((f) => new Request(f, { cache: "no-store" })))),
  );
});

self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const key = kept(event.request);
  if (key === null) return; // the network, or the build's own worker
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        const response = await fetch(event.request);
        if (response.ok) await cache.put(key, response.clone());
        return response;
      } catch (error) {
        const copy = await cache.match(key);
        if (copy) return copy;
        throw error;
      }
    })(),
  );
});
