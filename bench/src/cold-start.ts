import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { SRC_DIR } from './support/child'
import type { Figure, Outcome } from './support/report'

const ROOT = path.resolve(SRC_DIR, '../..')
const SERVER = path.join(ROOT, 'apps/server/dist/index.js')
const RUNS = 3
const GOAL_SECONDS = 5

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

const healthy = async (url: string) => {
  try {
    return (await fetch(url)).status === 200
  } catch {
    return false
  }
}

interface Start {
  seconds: number
  /** What the server itself logs as its start-up time (database open + migrations + listen). */
  appSeconds?: number
}

/** Spawn → first `GET /api/health` 200, in seconds; then a clean SIGTERM stop. */
const timeStart = async (command: string, args: string[], dataDir: string): Promise<Start> => {
  const port = await freePort()
  // No DATABASE_URL, no REDIS_URL, no AUTH_SECRET: exactly what a fresh `npm start` sees.
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    AUTH_SECRET: ''
  }
  const started = performance.now()
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'ignore'], detached: true })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  let exitCode: number | null | undefined
  void exited.then((code) => (exitCode = code))
  const url = `http://127.0.0.1:${port}/api/health`
  while (!(await healthy(url))) {
    if (exitCode !== undefined) throw new Error(`${command} ${args.join(' ')} exited with ${exitCode} before it was healthy`)
    if (performance.now() - started > 60_000) break
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  const seconds = (performance.now() - started) / 1000
  // The whole group: `npm start` runs node under a shell, and both must go.
  if (child.pid) process.kill(-child.pid, 'SIGTERM')
  await exited
  const logged = /listening on .* in (\d+) ms/.exec(output)
  return { seconds: Number(seconds.toFixed(2)), appSeconds: logged ? Number(logged[1]) / 1000 : undefined }
}

const inTempDir = async <T>(use: (dataDir: string) => Promise<T>): Promise<T> => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'emporia-cold-'))
  try {
    return await use(dataDir)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const within = (values: number[]) => values.length === RUNS && Math.max(...values) <= GOAL_SECONDS

/**
 * Cold start on PGlite after the build: `node apps/server/dist/index.js` on fresh data dirs, a
 * second start on the same dir, and `npm start` (the issue's command) on fresh dirs.
 */
export const runColdStart = async (log: (line: string) => void): Promise<Outcome> => {
  const npmStart = existsSync(path.join(ROOT, 'scripts/start.mjs'))
  // `npm start` builds what is stale; one untimed start first, so every timed one is "after the build".
  if (npmStart) await inTempDir((dir) => timeStart('npm', ['start'], dir))
  if (!existsSync(SERVER)) {
    return {
      workload: 'cold start (PGlite)',
      figures: [{ name: 'node dist/index.js', measured: 'not built: run `npm run build`', pass: false }],
      raw: {}
    }
  }
  const starts: { fresh: Start; existing: Start; npm?: Start }[] = []
  for (let i = 0; i < RUNS; i++) {
    const [first, second] = await inTempDir(async (dir) => [
      await timeStart(process.execPath, [SERVER], dir),
      await timeStart(process.execPath, [SERVER], dir)
    ])
    const npmRun = npmStart ? await inTempDir((dir) => timeStart('npm', ['start'], dir)) : undefined
    starts.push({ fresh: first, existing: second, npm: npmRun })
    log(
      `  run ${i + 1}: node fresh ${first.seconds} s, existing dir ${second.seconds} s${npmRun ? `, npm start fresh ${npmRun.seconds} s` : ''}`
    )
  }
  const fresh = starts.map((s) => s.fresh.seconds)
  const again = starts.map((s) => s.existing.seconds)
  const npm = starts.flatMap((s) => s.npm?.seconds ?? [])
  const inApp = starts.map((s) => s.fresh.appSeconds ?? NaN)
  const figures: Figure[] = [
    {
      name: 'node dist/index.js, fresh dir',
      measured: `${fresh.join(' / ')} s`,
      goal: `<= ${GOAL_SECONDS} s`,
      pass: within(fresh)
    },
    { name: 'fresh: of which server-logged start', measured: `${inApp.map((n) => n.toFixed(2)).join(' / ')} s` },
    {
      name: 'node dist/index.js, existing dir',
      measured: `${again.join(' / ')} s`,
      goal: `<= ${GOAL_SECONDS} s`,
      pass: within(again)
    },
    npmStart
      ? { name: '`npm start`, fresh dir', measured: `${npm.join(' / ')} s`, goal: `<= ${GOAL_SECONDS} s`, pass: within(npm) }
      : { name: '`npm start`', measured: 'scripts/start.mjs missing', goal: `<= ${GOAL_SECONDS} s`, pass: false }
  ]
  return { workload: 'cold start (PGlite)', figures, raw: { runs: starts } }
}
