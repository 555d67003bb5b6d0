import { evaluate, type Cart, type EvaluateContext, type Evaluation } from '@emporia/shared'
import { build } from 'esbuild'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { SRC_DIR } from './support/child'
import type { Figure, Outcome } from './support/report'
import { percentiles } from './support/stats'
import { pricingFixture } from './pricing-fixture'

type Log = (line: string) => void

const RUNS = Number(process.env.BENCH_PRICING_RUNS ?? 5000)
const WARM = 500
const GOAL_MS = 2

interface Shipped {
  evaluate: (cart: Cart, context: EvaluateContext) => Evaluation
  pricingFixture: typeof pricingFixture
}

/**
 * Times each call on its own; the first WARM calls let the JIT settle and are not counted. Beside the
 * wall clock, the CPU time the process spent in the call: on a shared machine a call preempted by
 * another process takes long on the wall clock without costing the engine more.
 */
const timeNode = ({ evaluate, pricingFixture }: Shipped) => {
  const { cart, context } = pricingFixture()
  for (let i = 0; i < WARM; i++) evaluate(cart, context)
  const times: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const cpuStarted = process.cpuUsage()
    const started = performance.now()
    evaluate(cart, context)
    times.push(performance.now() - started)
    const spent = process.cpuUsage(cpuStarted)
    cpu.push((spent.user + spent.system) / 1000)
  }
  return { times, cpu }
}

/**
 * The engine bundled as it ships: for the browser (no Node built-ins: a Node import would fail the
 * build) and for Node as apps/server/build.mjs bundles the server (tsx would add a helper call to
 * every closure the engine makes).
 */
const bundleEngine = async (platform: 'browser' | 'node') => {
  const result = await build({
    entryPoints: [path.join(SRC_DIR, 'pricing-browser.ts')],
    bundle: true,
    platform,
    format: platform === 'node' ? 'esm' : 'iife',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent'
  })
  return result.outputFiles[0].text
}

interface BrowserRun {
  times: number[]
  result: string
  others: string[]
  isolated: boolean
}

/** Seeds of the other carts both sides price: different sizes, rules and goods. */
const SEEDS = Array.from({ length: 200 }, (_, i) => 1000 + i)

/**
 * The same cart in headless Chromium. The page is served cross-origin isolated (COOP + COEP) so that
 * performance.now() ticks in microseconds, not the 100 µs steps an ordinary page gets.
 */
const timeChromium = async (script: string): Promise<BrowserRun> => {
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu']
  })
  try {
    const page = await browser.newPage()
    const url = 'http://localhost/pricing-bench.html'
    await page.route(url, (route) =>
      route.fulfill({
        contentType: 'text/html',
        headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
        body: '<!doctype html><title>pricing bench</title>'
      })
    )
    await page.goto(url)
    await page.addScriptTag({ content: script })
    return await page.evaluate(
      ({ runs, warm, seeds }) => {
        interface Bench {
          evaluate: (cart: unknown, context: unknown) => unknown
          pricingFixture: (lines?: number, rules?: number, seed?: number) => { cart: unknown; context: unknown }
        }
        const bench = (globalThis as unknown as { pricingBench: Bench }).pricingBench
        const { cart, context } = bench.pricingFixture()
        for (let i = 0; i < warm; i++) bench.evaluate(cart, context)
        const times: number[] = []
        for (let i = 0; i < runs; i++) {
          const started = performance.now()
          bench.evaluate(cart, context)
          times.push(performance.now() - started)
        }
        const isolated = (globalThis as unknown as { crossOriginIsolated: boolean }).crossOriginIsolated
        // Smaller carts from other seeds too: the answers are compared with Node's below.
        const others = seeds.map((seed) => {
          const small = bench.pricingFixture(1 + (seed % 12), 1 + ((seed * 7) % 40), seed)
          return JSON.stringify(bench.evaluate(small.cart, small.context))
        })
        return { times, result: JSON.stringify(bench.evaluate(cart, context)), others, isolated }
      },
      { runs: RUNS, warm: WARM, seeds: SEEDS }
    )
  } finally {
    await browser.close()
  }
}

const verdict = (name: string, stats: ReturnType<typeof percentiles>): Figure => ({
  name,
  measured: `p50 ${stats.p50} ms, p95 ${stats.p95} ms, p99 ${stats.p99} ms, max ${stats.max} ms (${stats.count} calls)`,
  goal: `p99 <= ${GOAL_MS} ms`,
  pass: stats.p99 <= GOAL_MS
})

// In hundredths of a millisecond: the engine's figures are fractions of one.
const fine = (times: number[]) => {
  const stats = percentiles(times.map((t) => t * 100))
  const ms = (n: number) => Math.round(n) / 100
  return { count: stats.count, p50: ms(stats.p50), p95: ms(stats.p95), p99: ms(stats.p99), max: ms(stats.max) }
}

/**
 * Pricing engine figures (issue 15, docs/benchmarks.md): `evaluate` on a 50-line cart against 200
 * active rules, in Node and in headless Chromium (the engine bundled as the browser gets it); the
 * browser's answer must be the server's to the byte.
 */
export const runPricingEngine = async (log: Log): Promise<Outcome> => {
  const { cart, context } = pricingFixture()
  const expected = evaluate(cart, context)
  log(
    `  cart: ${cart.lines.length} lines, ${context.rules.length} rules; ${expected.applied.length} applied, ${expected.rejected.length} rejected, ${expected.suggestions.length} suggestions`
  )
  const dir = mkdtempSync(path.join(tmpdir(), 'pricing-bench-'))
  let nodeRun: ReturnType<typeof timeNode>
  try {
    const file = path.join(dir, 'engine.mjs')
    writeFileSync(file, await bundleEngine('node'))
    await import(pathToFileURL(file).href)
    nodeRun = timeNode((globalThis as unknown as { pricingBench: Shipped }).pricingBench)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  const node = fine(nodeRun.times)
  const cpu = fine(nodeRun.cpu)
  log(`  node: p50 ${node.p50} ms, p95 ${node.p95} ms, p99 ${node.p99} ms, max ${node.max} ms`)
  log(`  node CPU time per call: p50 ${cpu.p50} ms, p99 ${cpu.p99} ms`)
  const script = await bundleEngine('browser')
  log(`  browser bundle: ${(script.length / 1024).toFixed(1)} KB minified`)
  const browser = await timeChromium(script)
  const chromium = fine(browser.times)
  const differing = SEEDS.filter((seed, i) => {
    const small = pricingFixture(1 + (seed % 12), 1 + ((seed * 7) % 40), seed)
    return browser.others[i] !== JSON.stringify(evaluate(small.cart, small.context))
  })
  const same = browser.result === JSON.stringify(expected) && differing.length === 0
  if (differing.length) log(`  Chromium differs from Node on seeds ${differing.join(', ')}`)
  log(
    `  chromium${browser.isolated ? '' : ' (not isolated: 100 µs clock)'}: p50 ${chromium.p50} ms, p95 ${chromium.p95} ms, p99 ${chromium.p99} ms, max ${chromium.max} ms; same answer as Node: ${same}`
  )
  return {
    workload: 'pricing engine',
    figures: [
      verdict('evaluate, 50 lines × 200 rules, Node', node),
      { name: 'evaluate, Node, CPU time per call', measured: `p50 ${cpu.p50} ms, p99 ${cpu.p99} ms` },
      verdict('evaluate, 50 lines × 200 rules, Chromium', chromium),
      {
        name: `Chromium answers equal Node's (the bench cart and ${SEEDS.length} others)`,
        measured: String(same),
        goal: 'true',
        pass: same
      }
    ],
    raw: {
      node,
      nodeCpu: cpu,
      chromium,
      isolated: browser.isolated,
      bundleBytes: script.length,
      applied: expected.applied.length
    }
  }
}
