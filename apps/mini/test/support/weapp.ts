import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * The messaging platform as far as the compiled package needs it, for miniprogram-simulate (decision
 * 0207): `App`/`getApp`, `Page` as a j-component with the page lifecycles, `getCurrentPages`, and a `wx`
 * whose `request` is answered by the test and whose storage is kept in memory.
 */
const require = createRequire(import.meta.url)
type Fn = (...args: never[]) => unknown
type Options = Record<string, unknown> & { success?: (result: unknown) => void; complete?: (result: unknown) => void }

export interface Sent {
  url: string
  method: string
  header: Record<string, string>
  data: unknown
}
export type Answer = { status?: number; body: unknown }
export type Answerer = (request: Sent) => Answer

/** A copy of dist/weapp with the placeholders filled in, as the server hands the merchant the package. */
export const filledPackage = (base: string, shop: string) => {
  const built = path.resolve(__dirname, '../../dist/weapp')
  const folder = path.join(mkdtempSync(path.join(tmpdir(), 'emporia-mini-')), 'weapp')
  cpSync(built, folder, { recursive: true })
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name)
      if (statSync(file).isDirectory()) visit(file)
      else if (name.endsWith('.js'))
        writeFileSync(
          file,
          readFileSync(file, 'utf8').replaceAll('@@EMPORIA_API_BASE@@', base).replaceAll('@@EMPORIA_SHOP@@', shop)
        )
    }
  }
  visit(folder)
  return folder
}

interface PageInstance {
  route: string
  options: Record<string, string>
  onLoad?: (query: Record<string, string>) => void
  onShow?: () => void
  onReady?: () => void
  onUnload?: () => void
}

export const platform = (root: string, answer: Answerer) => {
  const sent: Sent[] = []
  const storage = new Map<string, unknown>()
  const navigated: string[] = []
  const stack: PageInstance[] = []
  let codes = 0
  let route = ''
  let query: Record<string, string> = {}
  const succeed = (options: Options, result: Record<string, unknown> = {}) => {
    const done = { errMsg: 'ok', ...result }
    setTimeout(() => (options.success?.(done), options.complete?.(done)))
    return Promise.resolve(done)
  }
  const known: Record<string, Fn> = {
    getSystemInfoSync: () => ({ language: 'en', platform: 'devtools', windowWidth: 375, windowHeight: 667, pixelRatio: 2 }),
    getStorageSync: (key: string) => (storage.has(key) ? storage.get(key) : ''),
    setStorageSync: (key: string, value: unknown) => void storage.set(key, JSON.parse(JSON.stringify(value))),
    removeStorageSync: (key: string) => void storage.delete(key),
    login: (options: Options) => succeed(options, { code: `platform-code-${++codes}` }),
    request: (options: Options) => {
      const request: Sent = {
        url: String(options.url),
        method: String(options.method ?? 'GET'),
        header: (options.header ?? {}) as Record<string, string>,
        data: options.data
      }
      sent.push(request)
      const { status = 200, body } = answer(request)
      setTimeout(() => {
        const result = { statusCode: status, data: JSON.parse(JSON.stringify(body)), header: {}, errMsg: 'request:ok' }
        options.success?.(result)
        options.complete?.(result)
      })
      return { abort: () => undefined, onHeadersReceived: () => undefined, offHeadersReceived: () => undefined }
    },
    navigateTo: (options: Options) => (navigated.push(String(options.url)), succeed(options)),
    redirectTo: (options: Options) => (navigated.push(String(options.url)), succeed(options)),
    reLaunch: (options: Options) => (navigated.push(String(options.url)), succeed(options))
  }
  // Any other call (toasts, titles, the navigation bar) succeeds and does nothing.
  const wx = new Proxy(known, {
    get: (target, name: string) => target[name] ?? ((options?: Options) => succeed(options ?? {}))
  })
  let app: Record<string, (...args: unknown[]) => void> | undefined
  const g = globalThis as Record<string, unknown>
  Object.assign(g, {
    wx,
    App: (options: typeof app) => void (app = options),
    getApp: () => app,
    getCurrentPages: () => stack,
    Page: (options: Record<string, unknown>) => {
      const methods = Object.fromEntries(Object.entries(options).filter(([, value]) => typeof value === 'function'))
      const data = typeof options.data === 'object' ? options.data : {}
      ;(g.Component as (definition: unknown) => void)({
        data,
        methods,
        lifetimes: {
          // j-component has no pages: attaching one runs a page's own lifecycle, with its route and query.
          attached(this: PageInstance) {
            this.route = route
            this.options = query
            stack.push(this)
            this.onLoad?.(query)
            this.onShow?.()
            this.onReady?.()
          }
        }
      })
    }
  })
  const simulate = require('miniprogram-simulate') as {
    load: (file: string, options: { rootPath: string }) => string
    render: (id: string) => Rendered
  }
  require(path.join(root, 'app.js'))
  app?.onLaunch?.({ path: 'pages/home/index', query: {} })
  app?.onShow?.({ path: 'pages/home/index', query: {} })

  // A page's script runs once (require keeps it): a page opened again renders the component loaded first.
  const loaded = new Map<string, string>()
  /** Opens one page of the package by its name, with its query, attached to a document. */
  const open = (name: string, params: Record<string, string> = {}) => {
    route = `pages/${name}/index`
    query = params
    if (!loaded.has(route)) loaded.set(route, simulate.load(path.join(root, route), { rootPath: root }))
    const page = simulate.render(loaded.get(route)!)
    page.attach(document.createElement('parent-wrapper'))
    return page
  }
  return { open, sent, storage, navigated }
}

export interface Rendered {
  dom: HTMLElement
  attach: (parent: Element) => void
  detach: () => void
  querySelector: (selector: string) => Rendered | undefined
  querySelectorAll: (selector: string) => Rendered[]
  dispatchEvent: (name: string, options?: Record<string, unknown>) => void
  toJSON: () => unknown
}

/** What a page draws, as one line of text. */
export const textOf = (page: Rendered) => (page.dom.textContent ?? '').replace(/\s+/g, ' ').trim()

/** Waits until a state holds (the calls answer on a later turn): fails with the last value after 5 s. */
export const until = async <T>(read: () => T, holds: (value: T) => boolean): Promise<T> => {
  const limit = Date.now() + 5000
  for (;;) {
    const value = read()
    if (holds(value)) return value
    if (Date.now() > limit) throw new Error(`never held; last: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
