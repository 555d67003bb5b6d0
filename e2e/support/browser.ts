import { existsSync } from 'node:fs'
import { chromium, type Browser, type Page } from 'playwright-core'

/** Debian's Chromium (`apt-get install chromium`); CHROMIUM_PATH points elsewhere. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const launchBrowser = async (): Promise<Browser> => {
  if (!existsSync(chromiumPath)) {
    throw new Error(`No Chromium at ${chromiumPath}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`)
  }
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run'
    ]
  })
}

/**
 * Signs a page in as the holder of `token` before it loads anything: the Feathers client keeps its
 * token in localStorage under this key. Set once per tab, so a sign-out in the test sticks.
 */
export const signIn = (page: Page, token: string) =>
  page.addInitScript((jwt) => {
    // Typed by hand: the bench compiles this file too, without the DOM's types.
    type Store = { getItem: (key: string) => string | null; setItem: (key: string, value: string) => void }
    const { localStorage, sessionStorage } = globalThis as unknown as { localStorage: Store; sessionStorage: Store }
    if (!sessionStorage.getItem('emporia-e2e-token-set')) {
      localStorage.setItem('emporia-jwt', jwt)
      sessionStorage.setItem('emporia-e2e-token-set', '1')
    }
  }, token)
