// The installed app's service worker (decision 0202), bundled with Workbox's runtime by the server and
// served per shop at `{base}/sw.js`: the storefront's own script precached, the pages a customer saw
// (products, categories, the cart) kept for offline use, newest first from the network.
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching'
import { registerRoute, setCatchHandler } from 'workbox-routing'
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'

interface WorkerScope {
  skipWaiting(): Promise<void>
  registration: { scope: string }
  addEventListener(type: string, listener: (event: never) => void): void
  __WB_MANIFEST: { url: string; revision: string | null }[]
}
declare const self: WorkerScope
declare const location: { origin: string }
/** The worker's Cache Storage (typed here: the bench compiles this file without the DOM's types). */
declare const caches: { open(name: string): Promise<{ put(request: string, response: Response): Promise<void> }> }

/** Addresses no cache may keep: the customer's session, payments and the JSON calls. */
const PRIVATE = /\/(_commerce|checkout|orders|account)(\/|$)/

self.skipWaiting()
clientsClaim()
cleanupOutdatedCaches()
// Filled in by the server: the islands script under its hashed name.
precacheAndRoute(self.__WB_MANIFEST)

const scope = new URL(self.registration.scope).pathname
const inScope = (url: URL) => url.origin === location.origin && url.pathname.startsWith(scope)

const PAGES = 'emporia-pages'

// Pages: the network first (prices and stock change), the last copy when offline. Product, collection
// and topic pages alike (decision 0208); a page's copy is found by its address alone (the storefront
// varies on language and cookie, and a copy kept at install carries neither).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && inScope(url) && !PRIVATE.test(url.pathname),
  new NetworkFirst({
    cacheName: PAGES,
    networkTimeoutSeconds: 5,
    matchOptions: { ignoreVary: true },
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * 86_400 })]
  })
)

/**
 * The app's start page (its manifest's `start_url`), kept when the worker installs (decision 0208): the
 * installed app opens offline from a cold start even when the first page seen was loaded before the
 * worker ran. Never a private page; offline at install, it is kept at its first visit instead.
 */
const keepStartPage = async () => {
  try {
    const manifest = (await (await fetch(`${scope}manifest.webmanifest`, { credentials: 'same-origin' })).json()) as {
      start_url?: string
    }
    const start = new URL(manifest.start_url ?? scope, location.origin)
    if (!inScope(start) || PRIVATE.test(start.pathname)) return
    const page = await fetch(start.href, { credentials: 'same-origin' })
    if (page.ok) await (await caches.open(PAGES)).put(start.href, page)
  } catch {
    // No network at install: nothing to keep yet.
  }
}
interface InstallEvent {
  waitUntil(promise: Promise<unknown>): void
}
self.addEventListener('install', (event: InstallEvent) => event.waitUntil(keepStartPage()))

// Product pictures and the shop's icons: shown from the cache, refreshed behind.
registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === location.origin,
  new StaleWhileRevalidate({
    cacheName: 'emporia-images',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 86_400 })]
  })
)

// A page never seen offline: the browser's own offline page.
setCatchHandler(async () => Response.error())

// Order status notices (Web Push, decision 0203): the server sends a title, a text and the order's address.
interface PushEvent {
  data: { json(): unknown } | null
  waitUntil(promise: Promise<unknown>): void
}
interface ClickEvent {
  notification: { close(): void; data?: { url?: string } }
  waitUntil(promise: Promise<unknown>): void
}
declare const registration: { showNotification(title: string, options: object): Promise<void> }
declare const clients: { openWindow(url: string): Promise<unknown> }

self.addEventListener('push', (event: PushEvent) => {
  const notice = (event.data?.json() ?? {}) as { title?: string; body?: string; url?: string; icon?: string }
  event.waitUntil(
    registration.showNotification(notice.title ?? '', { body: notice.body, icon: notice.icon, data: { url: notice.url } })
  )
})

self.addEventListener('notificationclick', (event: ClickEvent) => {
  event.notification.close()
  const url = event.notification.data?.url
  if (url && url.startsWith(scope)) event.waitUntil(clients.openWindow(url))
})
