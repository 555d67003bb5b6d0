import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
export const SERVER_ENTRY = path.resolve(here, '../../dist/index.js')

export const assertBuilt = () => {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`)
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })

export interface ServerProcess {
  child: ChildProcess
  url: string
  output: () => string
  exited: Promise<number | null>
}

/** Starts the built server as a real process (what `npm start` runs). */
export const startServerProcess = async (env: Record<string, string>): Promise<ServerProcess> => {
  assertBuilt()
  const port = await freePort()
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', AUTH_SECRET: 'process-test-secret-long-enough', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited }
}

// A fresh data directory starts in about 8 s on a quiet machine (initdb from the template, every migration);
// beside CI's other suites on 2 cores it has taken over 30 s, so the wait allows a minute and a half.
export const waitHealthy = async (server: ServerProcess, timeoutMs = 90_000) => {
  const deadline = Date.now() + timeoutMs
  let exitCode: number | null | undefined
  void server.exited.then((code) => (exitCode = code))
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`server exited (${exitCode}): ${server.output()}`)
    try {
      const response = await fetch(`${server.url}/api/health`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`server not healthy after ${timeoutMs} ms: ${server.output()}`)
}
