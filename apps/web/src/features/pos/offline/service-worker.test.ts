import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/*
 * The till's service worker (decision 0140) run against an in-memory Cache Storage: a build installs
 * and serves its files offline, never `/api/`; a new build is picked up at once and keeps the previous
 * build's files for a tab still running it.
 */

const ORIGIN = 'https://till.test'
const source = readFileSync(new URL('../../../../scripts/service-worker.js', import.meta.url), 'utf8')

type Handler = (event: Record<string, unknown>) => void

/** Cache Storage as the worker uses it: named caches of path → body. */
const cacheStorage = () => {
  const stores = new Map<string, Map<string, string>>()
  const key = (request: string | { url: string }) => new URL(typeof request === 'string' ? request : request.url, ORIGIN).pathname
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map())
    const store = stores.get(name)!
    return {
      addAll: async (requests: { url: string }[]) => {
        for (const request of requests) store.set(key(request), `${name}:${key(request)}`)
      },
      match: async (request: string | { url: string }) => {
        const body = store.get(key(request))
        return body === undefined ? undefined : new Response(body)
      },
      keys: async () => [...store.keys()].map((path) => ({ url: `${ORIGIN}${path}` })),
      put: async (request: { url: string }, response: Response) => void store.set(key(request), await response.text())
    }
  }
  return {
    stores,
    api: { open, keys: async () => [...stores.keys()], delete: async (name: string) => stores.delete(name) }
  }
}

/** One build's worker, installed and activated the way the browser does it. */
const runWorker = async (
  caches: ReturnType<typeof cacheStorage>,
  files: string[],
  version: string,
  network: (url: string) => Promise<Response>
) => {
  const handlers = new Map<string, Handler>()
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined }
  }
  const fetch = (request: Request | string) => network(typeof request === 'string' ? request : request.url)
  // A worker's Request resolves a path against its own origin.
  const WorkerRequest = class {
    readonly url: string
    constructor(url: string) {
      this.url = new URL(url, ORIGIN).href
    }
  }
  new Function(
    'self',
    'caches',
    'fetch',
    'Request',
    `const PRECACHE = ${JSON.stringify(files)}\nconst VERSION = '${version}'\n${source}`
  )(self, caches.api, fetch, WorkerRequest)
  const lifecycle = async (type: string) => {
    let done: Promise<unknown> = Promise.resolve()
    handlers.get(type)!({ waitUntil: (promise: Promise<unknown>) => (done = promise) })
    await done
  }
  await lifecycle('install')
  await lifecycle('activate')
  /** What the worker answers for a GET: its response's body, or `network` when it lets the request through. */
  return async (path: string, mode: RequestMode = 'cors') => {
    let answer: Promise<Response> | undefined
    const request = { method: 'GET', url: `${ORIGIN}${path}`, mode }
    handlers.get('fetch')!({ request, respondWith: (response: Promise<Response>) => (answer = response) })
    if (!answer) return 'network'
    const response = await answer.catch(() => Response.error())
    return response.type === 'error' ? 'error' : await response.text()
  }
}

const offline = () => Promise.reject(new TypeError('Failed to fetch'))

describe('the till service worker (decision 0140)', () => {
  it('answers the build offline, a page load with index.html, and never the API', async () => {
    const caches = cacheStorage()
    const get = await runWorker(caches, ['/index.html', '/assets/index-a.js', '/assets/snackbars-a.js'], 'a', offline)
    expect(await get('/assets/snackbars-a.js')).toBe('emporia-till-a:/assets/snackbars-a.js')
    expect(await get('/shop1/pos', 'navigate')).toBe('emporia-till-a:/index.html')
    expect(await get('/api/products')).toBe('network')
    expect(await get('/api/socket.io/?EIO=4')).toBe('network')
    expect(await get('/assets/orders-page-a.js')).toBe('error')
  })

  it('picks up a new build at once and keeps the previous one for a tab still running it', async () => {
    const caches = cacheStorage()
    await runWorker(caches, ['/index.html', '/assets/index-a.js', '/assets/pay-a.js'], 'a', offline)
    await runWorker(caches, ['/index.html', '/assets/index-b.js', '/assets/pay-b.js'], 'b', offline)
    const get = await runWorker(caches, ['/index.html', '/assets/index-c.js', '/assets/pay-c.js'], 'c', offline)
    // The newest build's files and page; the one before it kept; the oldest gone.
    expect([...caches.stores.keys()].sort()).toEqual(['emporia-till-c', 'emporia-till-previous'])
    expect(await get('/shop1/pos', 'navigate')).toBe('emporia-till-c:/index.html')
    expect(await get('/assets/pay-c.js')).toBe('emporia-till-c:/assets/pay-c.js')
    expect(await get('/assets/pay-b.js')).toBe('emporia-till-b:/assets/pay-b.js')
    expect(await get('/assets/pay-a.js')).toBe('error')
  })

  it('loads a page from the network while there is one', async () => {
    const caches = cacheStorage()
    const get = await runWorker(
      caches,
      ['/index.html', '/assets/index-a.js'],
      'a',
      async (url) => new Response(`server:${new URL(url).pathname}`)
    )
    expect(await get('/shop1/pos', 'navigate')).toBe('server:/shop1/pos')
    expect(await get('/assets/index-a.js')).toBe('emporia-till-a:/assets/index-a.js')
  })
})
