import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SmokePage } from '../pages/smoke-page'
import { authenticate, patchUser, registerUser, uniqueEmail } from '../support/api'
import { launchBrowser } from '../support/browser'
import { startServer, type RunningServer } from '../support/server'

const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts')
const PASSWORD = 'correct-horse-1'
const poll = { timeout: 10_000, interval: 100 }

interface Frames {
  sent: (string | Buffer)[]
  received: (string | Buffer)[]
}

/** Records the socket's frames, to tell what the page asked the server and in which encoding. */
const recordFrames = (page: Page): Frames => {
  const frames: Frames = { sent: [], received: [] }
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) => frames.sent.push(frame.payload))
    socket.on('framereceived', (frame) => frames.received.push(frame.payload))
  })
  return frames
}

// With the JSON encoding a Feathers call is a socket.io event frame: 42<ack id>["find","users",…].
const usersFinds = (frames: Frames) =>
  frames.sent.filter((payload) => typeof payload === 'string' && /^42\d*\["find","users"/.test(payload)).length
// engine.io control frames (open, ping, pong…) are always text; socket.io packets start with "4".
const textPackets = (payloads: (string | Buffer)[]) =>
  payloads.filter((payload) => typeof payload === 'string' && payload.startsWith('4'))
const binaryPackets = (payloads: (string | Buffer)[]) => payloads.filter((payload) => typeof payload !== 'string')

type MarkedWindow = Window & { emporiaSmokeMarker?: string }

describe('smoke page', () => {
  let server: RunningServer
  let browser: Browser
  let context: BrowserContext | undefined
  let pageErrors: string[] = []

  beforeAll(async () => {
    server = await startServer()
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  afterEach(async () => {
    await context?.close()
    context = undefined
    const errors = pageErrors
    pageErrors = []
    expect(errors, 'errors in the browser console').toEqual([])
  })

  const openPage = async () => {
    context = await browser.newContext({ viewport: { width: 1024, height: 720 } })
    const page = await context.newPage()
    page.on('pageerror', (error) => pageErrors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text())
    })
    return { smoke: new SmokePage(page, server.url), frames: recordFrames(page) }
  }

  /** Marks the window, so a later check can tell that the page was never reloaded. */
  const markWindow = (page: Page) =>
    page.evaluate(() => {
      ;(window as MarkedWindow).emporiaSmokeMarker = 'still here'
    })
  const windowMark = (page: Page) => page.evaluate(() => (window as MarkedWindow).emporiaSmokeMarker)

  it('serves the app with server health and a live connection', async () => {
    const { smoke } = await openPage()
    await smoke.goto('/')
    expect(await smoke.page.title()).toBe('Emporia')
    expect(await smoke.page.locator('html').getAttribute('lang')).toBe('en')
    expect(await smoke.page.locator('meta[name="description"]').getAttribute('content')).toBe(
      'The All In One E-Commerce Solution For Your Business'
    )
    await expect.poll(() => smoke.text(smoke.health()), poll).toBe('Server: ok')
    await expect.poll(() => smoke.text(smoke.connection()), poll).toBe('connected')
    await expect.poll(() => smoke.text(smoke.page.getByTestId('connection-latency')), poll).toMatch(/^\d+ ms$/)
  })

  it('registers through the form and shows a REST change live, without reloading or refetching', async () => {
    const { smoke, frames } = await openPage()
    await smoke.goto('/')
    const email = uniqueEmail('register')
    await smoke.register(email, PASSWORD)
    await expect.poll(() => smoke.text(smoke.signedInAs()), poll).toBe(`Signed in as ${email}`)
    await expect.poll(() => smoke.userRows().allTextContents(), poll).toEqual([email])

    const session = await authenticate(server.url, email, PASSWORD)
    await markWindow(smoke.page)
    const findsBefore = usersFinds(frames)
    expect(findsBefore).toBe(1)
    await patchUser(server.url, session, session.user._id, { firstName: 'Ada' })

    await expect.poll(() => smoke.userRows().allTextContents(), poll).toEqual(['Ada'])
    expect(await windowMark(smoke.page)).toBe('still here')
    // The patched event was applied to the cached page in place: the list was not fetched again.
    expect(usersFinds(frames)).toBe(findsBefore)

    mkdirSync(artifacts, { recursive: true })
    await smoke.page.screenshot({ path: path.join(artifacts, 'smoke.png'), fullPage: true })
  })

  it('signs in and receives live updates over the msgpack (binary) encoding', async () => {
    const { smoke, frames } = await openPage()
    const email = uniqueEmail('msgpack')
    await registerUser(server.url, email, PASSWORD)
    await smoke.goto('/?msgpack=1')
    await expect.poll(() => smoke.text(smoke.health()), poll).toBe('Server: ok')
    await expect.poll(() => smoke.text(smoke.connection()), poll).toBe('connected')

    await smoke.signIn(email, PASSWORD)
    await expect.poll(() => smoke.text(smoke.signedInAs()), poll).toBe(`Signed in as ${email}`)
    await expect.poll(() => smoke.userRows().allTextContents(), poll).toEqual([email])

    const session = await authenticate(server.url, email, PASSWORD)
    await markWindow(smoke.page)
    await patchUser(server.url, session, session.user._id, { title: 'Dr', lastName: 'Lovelace' })
    await expect.poll(() => smoke.userRows().allTextContents(), poll).toEqual(['Dr Lovelace'])
    expect(await windowMark(smoke.page)).toBe('still here')

    // Every socket.io packet, both ways, went as msgpack binary.
    expect(binaryPackets(frames.sent).length).toBeGreaterThan(0)
    expect(binaryPackets(frames.received).length).toBeGreaterThan(0)
    expect(textPackets(frames.sent)).toEqual([])
    expect(textPackets(frames.received)).toEqual([])

    // The stored token restores the session after a reload; signing out forgets it.
    await smoke.page.reload()
    await expect.poll(() => smoke.userRows().allTextContents(), poll).toEqual(['Dr Lovelace'])
    await smoke.signOut()
    await expect.poll(() => smoke.page.getByTestId('login-submit').count(), poll).toBe(1)
    expect(await smoke.usersList().count()).toBe(0)
    expect(await smoke.page.evaluate(() => localStorage.getItem('emporia-jwt'))).toBeNull()
  })

  it('answers a deep link with the app (SPA fallback), and unknown API paths with a JSON 404', async () => {
    const response = await fetch(`${server.url}/some/client/route`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await response.text()).toContain('<title>Emporia</title>')

    const missing = await fetch(`${server.url}/api/no-such-service`)
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { name?: string }).name).toBe('NotFound')

    const { smoke } = await openPage()
    await smoke.goto('/some/client/route')
    expect(await smoke.page.title()).toBe('Emporia')
    await expect.poll(() => smoke.text(smoke.health()), poll).toBe('Server: ok')
  })
})
