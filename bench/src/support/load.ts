import autocannon from 'autocannon'
import { cpuMeter, type CpuShare } from './cpu'

export interface LoadOptions {
  url: string
  /** Request paths, taken in turn across all connections. */
  paths: string[]
  connections?: number
  warmupSeconds?: number
  durationSeconds?: number
  headers?: Record<string, string>
  /** The server's pid, to report its CPU use next to PostgreSQL's and the load generator's. */
  serverPid?: number
}

export interface LoadResult {
  /** Successful (2xx) responses per second of the measured run. */
  rps: number
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number }
  requests: number
  non2xx: number
  errors: number
  timeouts: number
  statusCodes: Record<string, number>
  connections: number
  durationSeconds: number
  cpu: CpuShare
  /** Fewest and most answers any one connection got. */
  perConnection: { min: number; max: number }
  /** Any error, timeout or non-2xx answer fails the run: a fast wrong answer is no answer. */
  failed: boolean
}

export const LOAD_DEFAULTS = { connections: 50, warmupSeconds: 3, durationSeconds: 10 }

/**
 * Requests are static (autocannon pre-builds their bytes; a per-request `setupRequest` halves the
 * load generator's rate), and each connection starts at a different point of the path list.
 */
const run = (options: LoadOptions, seconds: number, answered: number[] = []) => {
  const requests = options.paths.map((path) => ({ method: 'GET' as const, path }))
  let clients = 0
  return autocannon({
    url: options.url,
    connections: options.connections ?? LOAD_DEFAULTS.connections,
    duration: seconds,
    timeout: 10,
    headers: options.headers,
    requests,
    setupClient: (client) => {
      const index = clients++
      const offset = (index * 7) % requests.length
      client.setRequests([...requests.slice(offset), ...requests.slice(0, offset)])
      // Per-connection answers show starvation: a fair server serves every caller about equally.
      answered[index] = 0
      client.on('response', () => answered[index]++)
    }
  })
}

/** A warm-up (JIT, pools, caches; its numbers are discarded), then the measured run. */
export const measure = async (options: LoadOptions): Promise<LoadResult> => {
  await run(options, options.warmupSeconds ?? LOAD_DEFAULTS.warmupSeconds)
  const cpu = cpuMeter(options.serverPid)
  const answered: number[] = []
  const result = await run(options, options.durationSeconds ?? LOAD_DEFAULTS.durationSeconds, answered)
  const cpuShare = cpu()
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0])
  )
  const ok = result['2xx']
  return {
    rps: Math.round(ok / result.duration),
    latencyMs: {
      mean: Number(result.latency.mean.toFixed(2)),
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max
    },
    requests: ok + result.non2xx,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    connections: result.connections,
    durationSeconds: result.duration,
    cpu: cpuShare,
    perConnection: { min: Math.min(...answered), max: Math.max(...answered) },
    failed: result.errors > 0 || result.timeouts > 0 || result.non2xx > 0 || ok === 0
  }
}
