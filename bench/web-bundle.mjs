/* global window */
// Web shell figures (docs/benchmarks.md): JavaScript each route needs (gzip), and the time from navigation to a
// painted dashboard on a warm server in headless Chromium (median of 5).
// Run after `npm run build`: `node bench/web-bundle.mjs` (add `--no-browser` for the sizes only).
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dist = path.join(root, 'apps/web/dist')
const manifestFile = path.join(dist, '.vite/manifest.json')
if (!existsSync(manifestFile)) throw new Error('No apps/web/dist/.vite/manifest.json: run `npm run build -w apps/web` first.')
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))

const gzipBytes = new Map()
const gzipOf = (file) => {
  if (!gzipBytes.has(file)) gzipBytes.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length)
  return gzipBytes.get(file)
}

/** Every JS file a chunk needs before it runs: itself and its static imports, transitively. */
const closure = (key, seen = new Set()) => {
  const chunk = manifest[key]
  if (!chunk || seen.has(chunk.file)) return seen
  seen.add(chunk.file)
  for (const dep of chunk.imports ?? []) closure(dep, seen)
  return seen
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const sum = (files) => [...files].reduce((total, file) => total + gzipOf(file), 0)

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
const entry = closure(entryKey)
const keyOf = (suffix) => Object.keys(manifest).find((key) => key.endsWith(suffix))

// A signed-in user's pages also need the app's messages, loaded at start beside the entry (decision 0011).
const appMessages = keyOf('lib/i18n/resources/app.ts')

/** What a route loads beyond the entry: its layout and its page, with their static imports. */
const routeFiles = (layout, page) => {
  const files = new Set(entry)
  const signedIn = !layout.startsWith('login-') || page.endsWith('verify-page')
  for (const key of [keyOf(`layouts/${layout}.tsx`), keyOf(`${page}.tsx`), ...(signedIn ? [appMessages] : [])])
    closure(key, files)
  return files
}

const routes = [
  ['login', 'login-layout', 'features/account/login-page'],
  ['register', 'login-layout', 'features/account/register-page'],
  ['dashboard', 'default-layout', 'features/dashboard/dashboard-page'],
  ['placeholder (e.g. /orders)', 'default-layout', 'features/placeholder/placeholder-page'],
  ['profile', 'default-layout', 'features/account/profile-page'],
  ['o/{id} (invoice)', 'invoice-layout', 'features/invoice/invoice-page'],
  ['posScreen', 'pos-screen-layout', 'features/pos-screen/pos-screen-page']
]

console.log(`entry (index.html): ${entry.size} files, ${kb(sum(entry))} gzip`)
console.log('\n| route | JS files | JS gzip total | beyond the entry |')
console.log('|---|---|---|---|')
const figures = {}
for (const [name, layout, page] of routes) {
  const files = routeFiles(layout, page)
  figures[name] = sum(files)
  console.log(`| ${name} | ${files.size} | ${kb(sum(files))} | ${kb(sum(files) - sum(entry))} |`)
}
console.log('\n| lazy chunk | gzip |')
console.log('|---|---|')
for (const [key, chunk] of Object.entries(manifest)) {
  if (chunk.isDynamicEntry) console.log(`| ${key.replace('src/', '')} | ${kb(gzipOf(chunk.file))} |`)
}
const loginOk = figures.login <= 200 * 1024
console.log(`\nlogin page JS: ${kb(figures.login)} gzip (goal ≤ 200 KB): ${loginOk ? 'met' : 'NOT MET'}`)

if (process.argv.includes('--no-browser')) process.exit(0)

// Paint time: a built server on a fresh data dir, a merchant with a shop, then five timed visits.
const { chromium } = await import('playwright-core')
const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address()
    probe.close(() => resolve(port))
  })
})
const base = `http://127.0.0.1:${port}`
const dataDir = mkdtempSync(path.join(tmpdir(), 'emporia-bench-web-'))
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/index.js')], {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: dist,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent'
  },
  stdio: 'ignore'
})
const post = async (url, body, token) => {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body)
  })
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`)
  return response.json()
}
try {
  for (let i = 0; ; i++) {
    if (i > 150) throw new Error('server did not start')
    if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const email = `bench-${Date.now()}@example.test`
  await post('/api/users', { email, password: 'bench-pass-1', agreeTerms: true })
  const { accessToken } = await post('/api/authentication', { strategy: 'local', email, password: 'bench-pass-1' })
  await post(
    '/api/shops',
    {
      name: 'Bench',
      subdomain: `bench-${Date.now()}`,
      useInventoryLot: false,
      useCashboxLog: false,
      useSubShop: false,
      i18n: false
    },
    accessToken
  )

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu']
  })
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.addInitScript((token) => localStorage.setItem('emporia-jwt', token), accessToken)
  await context.addCookies([{ name: 'emporia-lang', value: 'en', url: base }])
  const page = await context.newPage()
  const visit = async () => {
    const started = Date.now()
    await page.goto(`${base}/dashboard`)
    await page.waitForSelector('[data-testid="panel-comments"]', { state: 'visible' })
    // One animation frame later the panels are painted.
    await page.evaluate(() => new Promise((resolve) => window.requestAnimationFrame(() => resolve())))
    return Date.now() - started
  }
  await visit() // warm: server caches, browser HTTP cache
  const times = []
  for (let i = 0; i < 5; i++) times.push(await visit())
  times.sort((a, b) => a - b)
  console.log(
    `\nnavigation → painted dashboard (warm, headless Chromium): ${times.join(', ')} ms; median ${times[2]} ms (goal ≤ 1000 ms)`
  )
  await browser.close()
} finally {
  server.kill()
  await new Promise((resolve) => server.once('exit', resolve))
  rmSync(dataDir, { recursive: true, force: true })
}
