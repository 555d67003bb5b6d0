import { startChild } from './support/child'
import type { LoadOptions, LoadResult } from './support/load'
import { openStorefrontBench, PRODUCTS } from './support/storefront-shop'
import { fixed, type Outcome } from './support/report'
import { percentiles } from './support/stats'

type Log = (line: string) => void

const SECONDS = Number(process.env.BENCH_STOREFRONT_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_STOREFRONT_CONNECTIONS ?? 32)
const RENDERS = Number(process.env.BENCH_STOREFRONT_RENDERS ?? 300)
const CACHED_GOAL = 5000
const RENDER_GOAL_MS = 50

/**
 * The storefront (issue 18, decision 0108) on a shop of PRODUCTS products: cached pages per second
 * (the home and 200 product pages, CONNECTIONS callers from a load process of their own) and the uncached product page,
 * rendered from the database each time (the page cache emptied before each request), p95 to the last byte.
 */
export const runStorefront = async (log: Log): Promise<Outcome> => {
  const { bench, base, products } = await openStorefrontBench(log)
  try {
    const storefront = bench.app.storefront

    // Uncached: each request renders (site from the published-site cache, products from the database).
    const get = async (path: string) => {
      const started = performance.now()
      const answer = await fetch(`${bench.url}${path}`, { headers: { 'accept-encoding': 'gzip' } })
      const body = await answer.arrayBuffer()
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`)
      return { ms: performance.now() - started, bytes: body.byteLength }
    }
    for (let i = 0; i < 20; i++) {
      storefront.cache.clear()
      await get(products[i % products.length])
    }
    const renders: number[] = []
    let bytes = 0
    for (let i = 0; i < RENDERS; i++) {
      storefront.cache.clear()
      const answer = await get(products[i % products.length])
      renders.push(answer.ms)
      bytes = answer.bytes
    }
    const uncached = percentiles(renders)
    log(`  uncached product page: p50 ${uncached.p50} p95 ${uncached.p95} ms, ${fixed(bytes / 1024, 1)} KB gzip`)

    // Cached: warm every page once, then a closed loop.
    storefront.cache.clear()
    const paths = [`${base}/`, ...products]
    for (const path of paths) await get(path)
    // autocannon in a child process: in this process it shared the server's event loop (2,572 req/s).
    const loader = await startChild('clients/autocannon-load.ts')
    let loop: LoadResult
    try {
      const options: LoadOptions = {
        url: bench.url,
        paths,
        durationSeconds: SECONDS,
        connections: CONNECTIONS,
        headers: { 'accept-encoding': 'gzip' },
        serverPid: process.pid
      }
      loop = await loader.request<LoadResult>('measure', options)
    } finally {
      await loader.stop()
    }
    const { cpu } = loop
    // On a shared machine the server gets what the others leave: answers per second of its own CPU say
    // what one core of it serves, whatever the load average.
    const perCore = cpu.server > 0 ? Math.round(loop.rps / cpu.server) : 0
    log(
      `  cached pages: ${loop.rps} req/s, p99 ${loop.latencyMs.p99} ms, ${loop.non2xx + loop.errors} failed; CPU server ${cpu.server}, load generator ${cpu.loadGenerator}, PostgreSQL ${cpu.postgres}; ${perCore} per server CPU second`
    )
    return {
      workload: 'storefront',
      figures: [
        {
          name: `cached page req/s (${CONNECTIONS} connections, autocannon in its own process)`,
          measured: `${loop.rps} (p99 ${loop.latencyMs.p99} ms)`,
          goal: `≥ ${CACHED_GOAL}`,
          pass: loop.rps >= CACHED_GOAL
        },
        {
          name: `cached pages per second of the server's CPU (it used ${cpu.server} cores)`,
          measured: String(perCore)
        },
        {
          name: `uncached product page p95 (${PRODUCTS} products)`,
          measured: `${uncached.p95} ms`,
          goal: `≤ ${RENDER_GOAL_MS} ms`,
          pass: uncached.p95 <= RENDER_GOAL_MS
        },
        { name: 'uncached product page p50', measured: `${uncached.p50} ms` },
        { name: 'product page HTML (gzip)', measured: `${fixed(bytes / 1024, 1)} KB` }
      ],
      raw: { uncached, loop, bytes },
      erroring: loop.failed
    }
  } finally {
    await bench.close()
  }
}
