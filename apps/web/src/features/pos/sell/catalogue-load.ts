import { servicePaths, type PosCatalogue } from '@emporia/shared'
import { TOKEN_KEY } from '../../../lib/token-key'
import { isPacked, mergePacked as mergeInThread, packAnswerText, type PackedCatalogue } from './catalogue-pack'
import { dbGet } from './pos-db'

/*
 * Loading the till's catalogue (decision 0144): the whole catalogue is fetched in its lean form and packed
 * by the catalogue worker, off the page's thread; a browser without workers (or whose worker failed to
 * load) does the same in the page. The till's route starts it as the app starts (`preloadCatalogue`),
 * before the app has loaded its pages, signed in or read the shop.
 */

export type Delta = Pick<PosCatalogue, 'version' | 'products' | 'removed' | 'categories'> & { total?: number }
type MergeBase = Pick<PackedCatalogue, 'rowsText' | 'rowStarts' | 'size' | 'categories' | 'version'>

export type WorkerAsk =
  { id: number; kind: 'fetch'; url: string; token: string } | { id: number; kind: 'merge'; base: MergeBase; delta: Delta }
export type WorkerAnswer = { id: number; packed: PackedCatalogue } | { id: number; error: unknown }

type Ask = WorkerAsk extends infer A ? (A extends WorkerAsk ? Omit<A, 'id'> : never) : never

const inThread = async (ask: Ask): Promise<PackedCatalogue> => {
  if (ask.kind === 'merge') return mergeInThread(ask.base, ask.delta)
  const response = await fetch(ask.url, { headers: { authorization: `Bearer ${ask.token}` } })
  if (!response.ok) throw (await response.json().catch(() => ({ message: response.statusText }))) as unknown
  return packAnswerText(await response.text())
}

let worker: Worker | null | undefined
let asked = 0
const waiting = new Map<number, { ask: Ask; resolve: (packed: PackedCatalogue) => void; reject: (error: unknown) => void }>()

const workerOf = (): Worker | null => {
  if (worker !== undefined) return worker
  try {
    worker =
      typeof Worker === 'undefined'
        ? null
        : new Worker(new URL('./catalogue-worker.ts', import.meta.url), { type: 'module', name: 'till-catalogue' })
  } catch {
    worker = null
  }
  worker?.addEventListener('message', (event: MessageEvent<WorkerAnswer>) => {
    const answer = event.data
    const waiter = waiting.get(answer.id)
    if (!waiter) return
    waiting.delete(answer.id)
    if ('packed' in answer) waiter.resolve(answer.packed)
    else waiter.reject(answer.error)
  })
  // A worker that cannot load (its file missing offline): the page does the work itself from now on.
  worker?.addEventListener('error', () => {
    worker?.terminate()
    worker = null
    for (const [id, waiter] of waiting) {
      waiting.delete(id)
      inThread(waiter.ask).then(waiter.resolve, waiter.reject)
    }
  })
  return worker
}

const run = (ask: Ask): Promise<PackedCatalogue> => {
  const target = workerOf()
  if (!target) return inThread(ask)
  return new Promise((resolve, reject) => {
    const id = ++asked
    waiting.set(id, { ask, resolve, reject })
    // The pack's own arrays stay with the page: the base's are copied, not moved.
    target.postMessage({ ...ask, id })
  })
}

const wholeUrl = (shop: string) => `/api/${servicePaths.posCatalogue}?shop=${encodeURIComponent(shop)}&format=rows`

/** The whole catalogue, fetched and packed (by the worker when there is one); marked for the bench. */
export const fetchWholePacked = (shop: string): Promise<PackedCatalogue> =>
  run({ kind: 'fetch', url: wholeUrl(shop), token: localStorage.getItem(TOKEN_KEY) ?? '' }).then((packed) => {
    performance.mark('pos-catalogue-packed')
    return packed
  })

/** A `since` answer laid over a pack (by the worker when there is one). */
export const mergeIntoPacked = (base: PackedCatalogue, delta: Delta): Promise<PackedCatalogue> =>
  run({
    kind: 'merge',
    base: {
      rowsText: base.rowsText,
      rowStarts: base.rowStarts,
      size: base.size,
      categories: base.categories,
      version: base.version
    },
    delta
  })

/** What the till starts from: the stored pack, or (nothing stored) the whole catalogue fetched. */
export type CatalogueStart = { stored: PackedCatalogue } | { whole: PackedCatalogue }

/** A stored pack of this shape; any other stored shape (the object list before) is discarded. */
export const storedPack = async (shop: string): Promise<PackedCatalogue | undefined> => {
  const stored = await dbGet<unknown>('catalogue', shop)
  return isPacked(stored) ? stored : undefined
}

const startOf = async (shop: string): Promise<CatalogueStart> => {
  const stored = await storedPack(shop)
  return stored ? { stored } : { whole: await fetchWholePacked(shop) }
}

const early = new Map<string, Promise<CatalogueStart>>()

/** Starts loading a shop's catalogue now; the till takes it when it mounts. */
export const preloadCatalogue = (shop: string) => {
  if (early.has(shop)) return
  const start = startOf(shop)
  // Nobody may take it (the route changed): a failure is the till's to report when it asks again.
  start.catch(() => undefined)
  early.set(shop, start)
}

/** The start begun by `preloadCatalogue`, once (a later opening of the till loads again). */
export const takeEarlyStart = (shop: string): Promise<CatalogueStart> | undefined => {
  const start = early.get(shop)
  early.delete(shop)
  return start
}

const TILL_PATH = /^\/([0-9a-f]{24})\/pos\/?$/

/** Called by the app's entry: on the till's address, with a signed-in token, the catalogue starts at once. */
export const preloadTill = (path: string) => {
  const shop = TILL_PATH.exec(path)?.[1]
  if (shop && localStorage.getItem(TOKEN_KEY)) preloadCatalogue(shop)
}
