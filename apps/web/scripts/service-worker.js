/*
 * The till's service worker (decision 0140). The build prepends `PRECACHE` (every file the till can
 * load: the app shell, the till's chunks with everything they import, lazily or not, their CSS and
 * assets) and `VERSION` (a hash of that list). Installed when a till opens; it then answers those
 * files from the cache, so a till cut off before its first message, or reloaded offline, still sells.
 *
 * - Only same-origin GETs of the web app are answered; `/api/` (data, sockets, media) never is.
 * - A page (navigation) goes to the network first, the cached index.html when there is none.
 * - Hashed files come from the cache first: they never change.
 * - A new build is a new VERSION: it installs beside the running one, takes over at once, and keeps the
 *   previous version's cache, so a tab still running the previous build finds its own chunks; older
 *   caches are deleted.
 */
/* global self, caches, PRECACHE, VERSION */
const PREFIX = 'emporia-till-'
const CACHE = `${PREFIX}${VERSION}`
const PREVIOUS = `${PREFIX}previous`

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // `reload`: straight from the server, never a stale HTTP-cached index.html.
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting())
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE)
      // The version that ran until now becomes `previous`: copied, since caches cannot be renamed.
      const current = names.find((name) => name !== PREVIOUS)
      if (current) {
        await caches.delete(PREVIOUS)
        const from = await caches.open(current)
        const to = await caches.open(PREVIOUS)
        for (const request of await from.keys()) {
          const response = await from.match(request)
          if (response) await to.put(request, response)
        }
      }
      for (const name of names) if (name !== PREVIOUS) await caches.delete(name)
      await self.clients.claim()
    })()
  )
})

const fromCache = async (request) =>
  (await (await caches.open(CACHE)).match(request)) ?? (await (await caches.open(PREVIOUS)).match(request))

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || url.pathname === '/api' || url.pathname.startsWith('/api/')) return
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(async () => (await fromCache('/index.html')) ?? Response.error()))
    return
  }
  event.respondWith((async () => (await fromCache(url.pathname)) ?? fetch(request))())
})

self.addEventListener('message', (event) => {
  // The till asks which build the worker holds: ready offline means this worker holds the page's own.
  if (event.data?.type === 'version') event.ports[0]?.postMessage({ version: VERSION, files: PRECACHE })
})
