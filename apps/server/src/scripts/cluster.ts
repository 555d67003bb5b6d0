import { spawn, type ChildProcess } from 'node:child_process'
import http from 'node:http'
import { createServer as createNetServer, type Socket } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Duplex } from 'node:stream'
import { Readable } from 'node:stream'
import httpProxy from 'http-proxy'

/*
 * `npm run cluster` (decision 0213): N built server processes behind a small local proxy on PORT, on
 * PostgreSQL + Redis, with a rolling restart on SIGHUP. The proxy (http-proxy) balances HTTP requests and
 * socket.io connections over the processes whose GET /readyz answers 200 (a process answering 503, draining or
 * without its database or Redis, is left out until it answers 200 again), keeps a socket.io client's polling
 * requests on one process (a cookie), and retries a request on another process when it never reached one
 * (connection refused) or, once, for a request that is safe to repeat (decision 0218: GET, HEAD, OPTIONS, or a
 * JSON body of at most 1 MB carrying an `idempotencyKey`), when its connection broke before any answer byte.
 * Any other write cut off there is answered 502 (it may or may not have been made): never sent twice.
 */

const here = path.dirname(fileURLToPath(import.meta.url))
const ENTRY = path.resolve(here, '../../dist/index.js')
const STICKY = 'emporia_upstream'
const SOCKET_PATH = '/api/socket.io'
const HEALTH_EVERY_MS = 500
const READY_TIMEOUT_MS = 120_000
/** Tries of a request that never reached a process (connection refused): it is sent to another each time. */
const MAX_ATTEMPTS = 3
/**
 * Bodies up to this size are held, so the request can be sent again and its retry key read; a bigger body
 * (an upload) streams through as it comes and is never sent twice.
 */
const REPLAY_LIMIT = 1024 * 1024
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

const say = (msg: string, fields: Record<string, unknown> = {}) =>
  process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), name: 'cluster', ...fields, msg })}\n`)

interface Upstream {
  id: string
  port: number
  child: ChildProcess
  agent: http.Agent
  /** Health-checked: /readyz answered 200 at the last poll. */
  ready: boolean
  /** Requests and sockets sent to it. */
  served: number
  /** Taken out of the balance for a restart or a stop: no new request or socket goes to it. */
  retired: boolean
  inflight: number
  exited: Promise<number | null>
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createNetServer()
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
    probe.on('error', reject)
  })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const readyz = (port: number) =>
  new Promise<boolean>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/readyz', timeout: 3000, agent: false }, (res) => {
      res.resume()
      resolve(res.statusCode === 200)
    })
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve(false))
  })

const cookieOf = (header: string | undefined, name: string) =>
  header
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1]

/**
 * What may be sent again after its connection broke (the process may have acted on it): a safe method, or a
 * write whose held JSON body carries a retry key, which the server answers a second time with the first result
 * (orders, payments, refunds, the storefront's checkout). The server reads the key from the body only: an
 * `Idempotency-Key` header is not one (a write carrying only that would be made twice).
 */
const repeatable = (method: string, headers: http.IncomingHttpHeaders, body: Buffer | undefined) => {
  if (SAFE_METHODS.has(method)) return true
  if (!body || !headers['content-type']?.includes('json')) return false
  try {
    const parsed = JSON.parse(body.toString('utf8')) as unknown
    const key =
      typeof parsed === 'object' && parsed !== null ? (parsed as { idempotencyKey?: unknown }).idempotencyKey : undefined
    return typeof key === 'string' && key.length > 0
  } catch {
    return false
  }
}

/** Errors in the server's own shape (`name`, `code`, `data.key`): the clients show `error.network` for 502/503. */
const failure = (res: http.ServerResponse, code: 502 | 503, message: string) => {
  if (res.headersSent) return void res.destroy()
  const name = code === 502 ? 'BadGateway' : 'Unavailable'
  const className = code === 502 ? 'bad-gateway' : 'unavailable'
  res.writeHead(code, { 'content-type': 'application/json', ...(code === 503 ? { 'retry-after': '1' } : {}) })
  res.end(JSON.stringify({ name, message, code, className, data: { key: 'error.network' } }))
}

/** The request's body: held whole when small enough to send again, else streamed through from what was read. */
const readBody = async (req: http.IncomingMessage) => {
  const source = (req as AsyncIterable<Buffer>)[Symbol.asyncIterator]()
  const chunks: Buffer[] = []
  let size = 0
  for (;;) {
    const next = await source.next()
    if (next.done) return { held: true as const, body: chunks.length ? Buffer.concat(chunks) : undefined }
    chunks.push(next.value)
    size += next.value.length
    if (size > REPLAY_LIMIT) break
  }
  const rest = async function* () {
    yield* chunks
    for (let next = await source.next(); !next.done; next = await source.next()) yield next.value
  }
  const stream = Readable.from(rest())
  // A client that goes away mid-body ends its own exchange (the proxy's request is cut with it).
  stream.on('error', () => req.destroy())
  return { held: false as const, stream }
}

export interface ClusterOptions {
  port: number
  host: string
  processes: number
  env: NodeJS.ProcessEnv
}

export const startCluster = async (options: ClusterOptions) => {
  const upstreams: Upstream[] = []
  let generation = 0
  let stopping = false
  /** retried: sent again on another process; failed: answered 502/503 by the proxy; cut: the process died mid-answer. */
  let counts = { proxied: 0, retried: 0, failed: 0, cut: 0, restarts: 0 }

  const proxy = httpProxy.createProxyServer({ xfwd: true, ws: true, proxyTimeout: 120_000 })
  // A new socket.io session is pinned to the process that answered it (its polling requests must stay there).
  proxy.on('proxyRes', (proxyRes, req, res) => {
    // A process that dies after its first answer byte: the client's connection is cut too (nothing can be resent).
    proxyRes.once('close', () => {
      if (proxyRes.complete) return
      counts.cut++
      res.destroy()
    })
    const upstream = (req as http.IncomingMessage & { upstream?: Upstream }).upstream
    if (!upstream || !req.url?.startsWith(SOCKET_PATH)) return
    if (cookieOf(req.headers.cookie, STICKY) === upstream.id) return
    const cookie = `${STICKY}=${upstream.id}; Path=${SOCKET_PATH}; HttpOnly; SameSite=Lax`
    const set = proxyRes.headers['set-cookie'] ?? []
    proxyRes.headers['set-cookie'] = [...set, cookie]
  })

  const serving = () => upstreams.filter((u) => u.ready && !u.retired)
  let turn = 0
  const pick = (req: http.IncomingMessage, avoid: Set<Upstream>) => {
    const candidates = serving()
    const pinned = req.url?.startsWith(SOCKET_PATH) ? cookieOf(req.headers.cookie, STICKY) : undefined
    const sticky = pinned && candidates.find((u) => u.id === pinned && !avoid.has(u))
    if (sticky) return sticky
    const fresh = candidates.filter((u) => !avoid.has(u))
    return fresh.length ? fresh[turn++ % fresh.length] : undefined
  }
  /**
   * Waits (bounded) for a process to serve, other than those already tried: during a restart there is normally
   * one at every moment, and a killed process's replacement is a new one.
   */
  const pickWaiting = async (req: http.IncomingMessage, avoid: Set<Upstream>) => {
    for (let waited = 0; waited < 15_000; waited += 100) {
      const upstream = pick(req, avoid)
      if (upstream) return upstream
      await sleep(100)
    }
    return undefined
  }

  const settle = (upstream: Upstream) => {
    upstream.inflight--
    // A retired process's kept-alive connections are closed once its last answer is through, so it can exit.
    if (upstream.retired && upstream.inflight === 0) upstream.agent.destroy()
  }

  const forward = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    counts.proxied++
    const read = await readBody(req)
    const method = req.method ?? 'GET'
    const body = read.held ? read.body : undefined
    const again = read.held && repeatable(method, req.headers, body)
    const avoid = new Set<Upstream>()
    let resent = false
    for (let attempt = 1; ; attempt++) {
      const upstream = await pickWaiting(req, avoid)
      if (!upstream) {
        counts.failed++
        return failure(res, 503, 'No server process is ready')
      }
      upstream.inflight++
      upstream.served++
      ;(req as http.IncomingMessage & { upstream?: Upstream }).upstream = upstream
      const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
        res.once('close', () => resolve(undefined))
        const buffer = read.held ? Readable.from(body ? [body] : []) : read.stream
        proxy.web(req, res, { target: `http://127.0.0.1:${upstream.port}`, agent: upstream.agent, buffer }, (err) =>
          resolve(err as NodeJS.ErrnoException)
        )
      })
      settle(upstream)
      if (!error) return
      avoid.add(upstream)
      // Refused: the request never reached that process, so any held request may go to another.
      const unreached = error.code === 'ECONNREFUSED'
      if (unreached) upstream.ready = false
      if (!res.headersSent && read.held && unreached && attempt < MAX_ATTEMPTS) {
        counts.retried++
        continue
      }
      // Broken before any answer byte: the process may have acted on it, so only what is safe to repeat, once.
      if (!res.headersSent && again && !resent) {
        resent = true
        counts.retried++
        continue
      }
      counts.failed++
      say('proxy error', { code: error.code, method, url: req.url?.split('?')[0], upstream: upstream.id })
      return failure(
        res,
        502,
        'The server process stopped before answering: the change may or may not have been made, look before trying again'
      )
    }
  }

  const upgrade = async (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    const upstream = await pickWaiting(req, new Set())
    if (!upstream) return socket.destroy()
    upstream.inflight++
    upstream.served++
    let settled = false
    const done = () => {
      if (settled) return
      settled = true
      settle(upstream)
    }
    socket.once('close', done)
    proxy.ws(req, socket, head, { target: `http://127.0.0.1:${upstream.port}`, agent: upstream.agent }, () => {
      done()
      socket.destroy()
    })
  }

  // A client that went away mid-body (the body's iterator throws) ends its own exchange, never the cluster.
  const server = http.createServer((req, res) => void forward(req, res).catch(() => res.destroy()))
  server.on('upgrade', (req, socket, head) => void upgrade(req, socket as Socket, head).catch(() => socket.destroy()))
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000

  const launch = async (): Promise<Upstream> => {
    const port = await freePort()
    const id = `p${++generation}`
    const child = spawn(process.execPath, [ENTRY], {
      env: { ...options.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'inherit', 'inherit']
    })
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    const upstream: Upstream = {
      id,
      port,
      child,
      agent: new http.Agent({ keepAlive: true }),
      ready: false,
      served: 0,
      retired: false,
      inflight: 0,
      exited
    }
    upstreams.push(upstream)
    void exited.then((code) => {
      upstream.ready = false
      upstream.agent.destroy()
      upstreams.splice(upstreams.indexOf(upstream), 1)
      if (upstream.retired || stopping) return
      // A process that died on its own is replaced (after a breath, so a crash loop does not spin).
      say('server process exited unexpectedly', { upstream: id, code })
      void sleep(1000).then(() => (stopping ? undefined : launch().catch((error) => say(String(error)))))
    })
    say('server process started', { upstream: id, port, pid: child.pid })
    const deadline = Date.now() + READY_TIMEOUT_MS
    while (!(await readyz(port))) {
      if (child.exitCode !== null) throw new Error(`server process ${id} exited (${child.exitCode}) before it was ready`)
      if (Date.now() > deadline) throw new Error(`server process ${id} not ready after ${READY_TIMEOUT_MS} ms`)
      await sleep(200)
    }
    upstream.ready = true
    say('server process ready', { upstream: id, port })
    return upstream
  }

  /** Out of the balance first, then SIGTERM: the process drains (its in-flight requests finish) and exits. */
  const retire = async (upstream: Upstream) => {
    upstream.retired = true
    if (upstream.inflight === 0) upstream.agent.destroy()
    upstream.child.kill('SIGTERM')
    const code = await upstream.exited
    say('server process stopped', { upstream: upstream.id, code })
  }

  const health = setInterval(() => {
    for (const upstream of upstreams) {
      if (upstream.retired) continue
      void readyz(upstream.port).then((ok) => {
        if (ok !== upstream.ready) say(ok ? 'server process ready' : 'server process unready', { upstream: upstream.id })
        upstream.ready = ok
      })
    }
  }, HEALTH_EVERY_MS)

  let restarting: Promise<void> | undefined
  /** One process at a time: a new one is started and ready before the old one is taken out. */
  const rollingRestart = () => {
    const run = async () => {
      const old = upstreams.filter((u) => !u.retired)
      say('rolling restart', { processes: old.length })
      for (const previous of old) {
        if (stopping) return
        await launch()
        await retire(previous)
        counts.restarts++
      }
      say('rolling restart done', { processes: upstreams.length, ...counts })
    }
    restarting = (restarting ?? Promise.resolve()).then(run).catch((error: unknown) => {
      say('rolling restart failed', { error: String(error) })
    })
    return restarting
  }

  const stop = async () => {
    if (stopping) return
    stopping = true
    clearInterval(health)
    server.close()
    await Promise.all([...upstreams].map(retire))
    server.closeAllConnections()
    say('cluster stopped', counts)
  }

  // Processes start one after the other: each runs the migrations at start, and knex's lock refuses a second at once.
  for (let i = 0; i < options.processes; i++) await launch()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, resolve)
  })
  // The pid to send SIGHUP to (npm's own process is its parent and does not pass the signal on).
  say(`Emporia cluster listening on http://localhost:${options.port} (pid ${process.pid}: kill -HUP it to restart)`, {
    processes: options.processes,
    pid: process.pid
  })
  return {
    rollingRestart,
    stop,
    counts: () => ({ ...counts }),
    /** The serving processes' pids (a test kills one to see the proxy retry and the cluster replace it). */
    pids: () => upstreams.filter((u) => !u.retired).map((u) => u.child.pid!),
    /** Each serving process as the proxy sees it: whether it is in the balance, and how much it was sent. */
    upstreams: () =>
      upstreams
        .filter((u) => !u.retired)
        .map(({ id, port, child, ready, served }) => ({ id, port, pid: child.pid!, ready, served })),
    resetCounts: () => (counts = { proxied: 0, retried: 0, failed: 0, cut: 0, restarts: 0 })
  }
}

const main = async () => {
  const env = process.env
  for (const name of ['DATABASE_URL', 'REDIS_URL'])
    if (!env[name]) throw new Error(`${name} is required: the processes share PostgreSQL and Redis`)
  const processes = Number(env.CLUSTER_PROCESSES ?? 2)
  if (!Number.isInteger(processes) || processes < 1) throw new Error('CLUSTER_PROCESSES must be a whole number above 0')
  const cluster = await startCluster({ port: Number(env.PORT ?? 3030), host: env.HOST ?? '0.0.0.0', processes, env })
  process.on('SIGHUP', () => void cluster.rollingRestart())
  const stop = () => void cluster.stop().then(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
