import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SERVER_START_MS } from './budget'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const serverEntry = path.join(repoRoot, 'apps/server/dist/index.js')
const webDist = path.join(repoRoot, 'apps/web/dist')

// A start takes 6–8 s of CPU (PGlite); on a shared 2-core machine that was 22 s of wall time, and at
// load 16–20 over a minute. The wait ends as soon as /api/health answers or the process exits.
const HEALTH_TIMEOUT_MS = SERVER_START_MS
// A server that has not shut down by then is killed: its data dir is thrown away anyway.
const STOP_TIMEOUT_MS = 10_000

export interface RunningServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string
  stop: () => Promise<void>
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })

const isHealthy = async (url: string) => {
  try {
    const response = await fetch(`${url}/api/health`)
    if (!response.ok) return false
    const body = (await response.json()) as { status?: string }
    return body.status === 'ok'
  } catch {
    return false
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Starts the built server (what `npm start` runs) on a free port with an empty PGlite data dir,
 * so a run sees a fresh install and nothing of the developer's own data (support/global-server.ts
 * starts one for all spec files; useApp falls back to one per file). Developer tools
 * are on (the dev mailbox the specs read codes from, the fixture pages); `env` changes that.
 */
export const startServer = async (options: { env?: NodeJS.ProcessEnv } = {}): Promise<RunningServer> => {
  const missing = [serverEntry, path.join(webDist, 'index.html')].filter((file) => !existsSync(file))
  if (missing.length) {
    throw new Error(
      `Browser tests run the built app, but ${missing.map((file) => path.relative(repoRoot, file)).join(' and ')} is missing: run \`npm run build\` first.`
    )
  }

  const dataDir = await mkdtemp(path.join(tmpdir(), 'emporia-e2e-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  // Only what the server needs: an inherited DATABASE_URL or REDIS_URL would point the test at real services.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: 'silent',
    DEV_TOOLS: '1',
    PUBLIC_URL: url,
    ...options.env
  }
  const child = spawn(process.execPath, [serverEntry], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  // The line the server prints once it accepts connections (apps/server/src/index.ts, at any LOG_LEVEL).
  let listening = false
  let announce = () => {}
  const announced = new Promise<void>((resolve) => (announce = resolve))
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000)
    if (!listening && output.includes('Emporia listening on')) {
      listening = true
      announce()
    }
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let running = true
  void exited.then(() => (running = false))

  const stop = async () => {
    if (running) {
      child.kill('SIGTERM')
      const killed = await Promise.race([exited.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)])
      if (!killed) {
        child.kill('SIGKILL')
        await exited
      }
    }
    await rm(dataDir, { recursive: true, force: true })
  }

  const deadline = Date.now() + HEALTH_TIMEOUT_MS
  while (!(await isHealthy(url))) {
    if (!running || Date.now() > deadline) {
      // Decided before stopping it: once stopped, a server that was only slow looks as if it had exited.
      const reason = running
        ? `did not answer /api/health within ${HEALTH_TIMEOUT_MS / 1000} s`
        : `exited with code ${child.exitCode}`
      await stop()
      throw new Error(`The server ${reason}. Its output:\n${output}`)
    }
    // Probed again as soon as the server says it listens or exits; until then once a second, in case
    // its line changed; after it, shortly (a health that is not `ok` yet).
    await Promise.race([listening ? sleep(200) : announced, exited, sleep(1000)])
  }
  return { url, stop }
}
