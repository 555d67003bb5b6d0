import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sharedMessages } from '@emporia/shared'
import type { AppConfig } from '../../src/config'
import { shopOwner } from '../support/accounts'
import { connect, json } from '../support/clients'
import { dialects } from '../support/databases'
import { startTestApp, type TestApp } from '../support/test-app'
import { tinyPng, uploadAs } from '../support/uploads'

const [dialect] = await dialects()

/** The CSP as a map of directive to its sources. */
const policy = (response: Response) =>
  new Map(
    (response.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources])
  )

const expectCommonHeaders = (response: Response) => {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('referrer-policy')).toBe('no-referrer')
  expect(response.headers.get('x-frame-options')).toBe('DENY')
  // Only this host is pinned to HTTPS: the rest of a merchant's domain may not be on it.
  expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000')
  expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin')
  expect(policy(response).get('frame-ancestors')).toEqual(["'none'"])
}

/** Security headers (docs/decisions/0069). */
describe(`HTTP security headers (${dialect})`, () => {
  let t: TestApp
  let webDist: string
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'emporia-web-'))
    mkdirSync(path.join(webDist, 'assets'))
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Emporia</title>')
    writeFileSync(path.join(webDist, 'assets/app-1.js'), 'console.log("emporia")')
    // The dev mailbox is a developer tool, mounted only with devTools on.
    t = await startTestApp(dialect, { config: { webDist, devTools: true } as Partial<AppConfig> })
  })
  afterAll(async () => {
    await t.close()
    rmSync(webDist, { recursive: true, force: true })
  })

  it.each(['/', '/some/route', '/assets/app-1.js'])('sends the app policy on %s', async (address) => {
    const response = await fetch(`${t.url}${address}`)
    expect(response.status).toBe(200)
    expectCommonHeaders(response)
    const csp = policy(response)
    expect(csp.get('default-src')).toEqual(["'self'"])
    // Only the built bundle runs: no inline script, no eval (WebAssembly only, decision 0192), no plugin.
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"])
    expect(csp.get('script-src-attr')).toEqual(["'none'"])
    expect(csp.get('object-src')).toEqual(["'none'"])
    expect(csp.get('base-uri')).toEqual(["'self'"])
    expect(csp.get('form-action')).toEqual(["'self'"])
    // Emotion (MUI) injects <style> tags; images come from the media routes, data: and blob: previews.
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']))
    // The socket connects back to the host the page came from, whatever the browser's CSP level.
    expect(csp.get('connect-src')).toEqual(["'self'", `ws://127.0.0.1:${t.port}`, `wss://127.0.0.1:${t.port}`])
    // A LAN or development server on plain HTTP must keep working.
    expect(csp.has('upgrade-insecure-requests')).toBe(false)
  })

  it('names no connect-src host when the Host header is not a plain host name', async () => {
    const { request } = await import('node:http')
    const header = await new Promise<string | undefined>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: t.port, path: '/', headers: { host: "evil; script-src 'unsafe-inline'" } },
        (res) => {
          res.resume()
          resolve(res.headers['content-security-policy'] as string | undefined)
        }
      )
      req.on('error', reject)
      req.end()
    })
    expect(header).toContain("connect-src 'self';")
    expect(header).not.toContain('evil')
  })

  it('sends the headers and a policy that loads nothing on /api answers, errors included', async () => {
    const health = await fetch(`${t.url}/api/health`)
    const missing = await fetch(`${t.url}/api/no-such-service`)
    const refused = await fetch(`${t.url}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-email', password: 'x' })
    })
    const unauthenticated = await fetch(`${t.url}/api/shops`)
    expect([health.status, missing.status, refused.status, unauthenticated.status]).toEqual([200, 404, 400, 401])
    for (const response of [health, missing, refused, unauthenticated]) {
      expectCommonHeaders(response)
      expect(policy(response).get('default-src')).toEqual(["'none'"])
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    }
  })

  it('keeps the stricter policies of the dev mailbox and of media files; media may be embedded by a storefront', async () => {
    const mailbox = await fetch(`${t.url}/api/dev/mailbox`)
    expect(mailbox.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:")
    expect(mailbox.headers.get('referrer-policy')).toBe('no-referrer')
    const owner = await shopOwner(t.url, 'Headers')
    const id = await uploadAs(t.url, owner, tinyPng())
    for (const address of [`/api/files/${id}`, `/api/thumbs/${id}`]) {
      const file = await fetch(`${t.url}${address}`)
      expect(file.status).toBe(200)
      expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox")
      expect(file.headers.get('x-content-type-options')).toBe('nosniff')
      // Spec §9.1: the storefront lives on {subdomain}.{host}, another origin than this app.
      expect(file.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    }
  })
})

/** The JSON body limit (docs/decisions/0069). */
describe(`request body limit (${dialect})`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(dialect)
  })
  afterAll(() => t.close())

  it('answers a body over 5 MB with 413 and a translated key', async () => {
    const body = JSON.stringify({ email: 'big@example.com', password: 'secret-123', note: 'x'.repeat(5.5 * 1024 * 1024) })
    const response = await json(`${t.url}/api/users`, { method: 'POST', body })
    expect(response).toMatchObject({
      status: 413,
      body: { code: 413, name: 'PayloadTooLarge', data: { key: 'errors.tooLarge', values: { size: '5 MB' } } }
    })
    expect(String(response.body?.message)).toBe('The data sent is too large (at most 5 MB)')
    for (const locale of ['en', 'cht', 'chs'] as const) expect(sharedMessages[locale]['errors.tooLarge']).toContain('{size}')
  })

  it('still reads a body under the limit', async () => {
    const body = JSON.stringify({ email: 'not-an-email', password: 'secret-123', note: 'x'.repeat(4 * 1024 * 1024) })
    expect((await json(`${t.url}/api/users`, { method: 'POST', body })).status).toBe(400)
  })

  it('closes a socket that sends more than its buffer allows, and keeps serving others', async () => {
    const socket = await connect(t.url)
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)))
    socket.emit('create', 'users', { note: 'x'.repeat(5.5 * 1024 * 1024) })
    expect(await closed).toBe('transport close')
    socket.close()
    const again = await connect(t.url)
    expect(again.connected).toBe(true)
    again.close()
    expect((await json(`${t.url}/api/health`)).status).toBe(200)
  })
})
