import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest'
import { LOAD_MS, STATE_MS } from './budget'
import { launchBrowser, signIn } from './browser'
import { startServer, type RunningServer } from './server'
import { e2eServerEnv } from './paid-features'
import type { Merchant } from './api'

/** How `expect.poll` waits for one state (support/budget.ts). */
export const poll = { timeout: STATE_MS, interval: 100 }

export interface OpenOptions {
  viewport?: { width: number; height: number }
  /** Interface language cookie; English unless a test says otherwise (null: none, the app's default). */
  lang?: 'en' | 'cht' | 'chs' | null
  allowErrors?: RegExp[]
  /** A touch screen (a phone): `tap()` works and the page sees a coarse pointer. */
  touch?: boolean
  /** Called with the new page before it navigates anywhere (e.g. to record its socket traffic). */
  onPage?: (page: Page) => void
}

export interface AppHarness {
  server: RunningServer
  browser: Browser
  /** Opens a fresh browser context; console errors collected there fail the test. */
  open: (options?: OpenOptions) => Promise<Page>
  /** Opens a page already signed in as `who` (its token stored, as after a login). */
  openAs: (who: Merchant, path?: string, options?: OpenOptions) => Promise<Page>
  url: (path: string) => string
}

/**
 * The worker's shared server (support/global-server.ts) and one browser per spec file; a fresh context
 * per `open`. Without a shared server (E2E_SERVER_PER_FILE=1) the file starts its own. Any console error or page
 * error fails the test that caused it, unless it matches an `allowErrors` pattern.
 */
export const useApp = (options: { startServer?: () => Promise<RunningServer> } = {}): AppHarness => {
  const contexts: BrowserContext[] = []
  let errors: string[] = []
  let allowed: RegExp[] = []
  const harness = {} as AppHarness

  beforeAll(async () => {
    // This worker's server (VITEST_POOL_ID counts workers from 1); it outlives the file, so only
    // a server of the file's own is stopped.
    const urls = inject('e2eServerUrls')
    const shared = urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % Math.max(urls.length, 1)]
    // A file that needs a server of its own kind (another database) starts it itself.
    harness.server = options.startServer
      ? await options.startServer()
      : shared
        ? { url: shared, stop: async () => {} }
        : await startServer({ env: e2eServerEnv(inject('stripeDoubleUrl')) })
    harness.browser = await launchBrowser()
  })

  afterAll(async () => {
    await harness.browser?.close()
    await harness.server?.stop()
  })

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()))
    const seen = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)))
    errors = []
    allowed = []
    expect(seen, 'errors in the browser console').toEqual([])
  })

  harness.url = (path) => `${harness.server.url}${path}`

  harness.open = async (options = {}) => {
    const context = await harness.browser.newContext({
      viewport: options.viewport ?? { width: 1280, height: 800 },
      hasTouch: options.touch ?? false
    })
    contexts.push(context)
    // Playwright's own 30 s per action and navigation is a wall on a loaded machine.
    context.setDefaultTimeout(LOAD_MS)
    context.setDefaultNavigationTimeout(LOAD_MS)
    const lang = options.lang === undefined ? 'en' : options.lang
    if (lang) await context.addCookies([{ name: 'emporia-lang', value: lang, url: harness.server.url }])
    allowed.push(...(options.allowErrors ?? []))
    const page = await context.newPage()
    options.onPage?.(page)
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    return page
  }

  harness.openAs = async (who, path = '/dashboard', options = {}) => {
    const page = await harness.open(options)
    await signIn(page, who.session.accessToken)
    await page.goto(harness.url(path))
    return page
  }

  return harness
}
