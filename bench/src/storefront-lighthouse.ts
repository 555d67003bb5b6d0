import { launch } from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import { fixed, writeResults, type Figure, type Outcome } from './support/report'
import { ensureAppStartPage, openStorefrontBench, PRODUCTS } from './support/storefront-shop'

type Log = (line: string) => void

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/** Lighthouse's score moves a few points between runs: the median of RUNS per page is the figure. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)
const SCORE_GOAL = 90
const CLS_GOAL = 0.1
const JS_GOAL_KB = 70

interface PageRun {
  score: number
  lcpMs: number
  cls: number
  tbtMs: number
  fcpMs: number
  /** Scripts as they travelled (gzip), all of them. */
  jsBytes: number
  /** Performance audits that lost points, worst first (what to fix when the score is short). */
  short: string[]
}

type NetworkItem = { url: string; resourceType?: string; transferSize?: number }

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN

const readRun = (lhr: Result): PageRun => {
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []) as NetworkItem[]
  const jsBytes = items.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0)
  const refs = lhr.categories.performance?.auditRefs ?? []
  const short = refs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
    .map((audit) => `${audit.id} ${audit.score}${audit.displayValue ? ` (${audit.displayValue})` : ''}`)
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(numeric(lhr, 'largest-contentful-paint')),
    cls: Number(numeric(lhr, 'cumulative-layout-shift').toFixed(3)),
    tbtMs: Math.round(numeric(lhr, 'total-blocking-time')),
    fcpMs: Math.round(numeric(lhr, 'first-contentful-paint')),
    jsBytes,
    short
  }
}

/**
 * One Lighthouse run in a Chromium of its own: a run now and then fails to record the navigation
 * (NO_NAVSTART, in one browser or a fresh one alike); such a run is tried again, up to ATTEMPTS times.
 */
const ATTEMPTS = 4
const audit = async (url: string, attempt = 1): Promise<Result> => {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox'] })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance']
    })
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
    if (!result.lhr.runtimeError) return result.lhr
    if (attempt >= ATTEMPTS) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`)
  } finally {
    chrome.kill()
  }
  return audit(url, attempt + 1)
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/**
 * Lighthouse (issue 18): the storefront's home, collection and product pages, and the installed app's
 * start page (a topic page, decision 0208), of the bench's shop of
 * PRODUCTS products, mobile preset (Lighthouse's default: emulated phone, simulated slow 4G and 4× CPU),
 * performance only, in headless Chromium. Pages come from the warm full-page cache, as visitors get them.
 */
export const runStorefrontLighthouse = async (log: Log, stamp: string): Promise<Outcome> => {
  const { bench, base, products } = await openStorefrontBench(log, { images: true })
  try {
    // The installed app's start page, a topic page of eight products (decision 0208), as a browser opens it.
    const start = await ensureAppStartPage(bench)
    const pages = { home: `${base}/`, collection: `${base}/collections`, product: products[0], app: `${base}${start}` }
    // Warm: the pages in the full-page cache, every picture size they name made (sizes are made on first request).
    const files = new Set<string>()
    for (const path of Object.values(pages)) {
      const answer = await fetch(`${bench.url}${path}`)
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`)
      for (const [file] of (await answer.text()).matchAll(/\/api\/files\/[0-9a-f]{24}[^\s",]*/g)) files.add(file)
    }
    for (const file of files) {
      const answer = await fetch(`${bench.url}${file}`)
      await answer.arrayBuffer()
      if (answer.status !== 200) throw new Error(`${file} answered ${answer.status}`)
    }
    log(`  ${files.size} picture files warmed`)
    const figures: Figure[] = []
    const raw: Record<string, PageRun[]> = {}
    for (const [name, path] of Object.entries(pages)) {
      const runs: PageRun[] = []
      for (let i = 0; i < RUNS; i++) {
        const lhr = await audit(`${bench.url}${path}`)
        const run = readRun(lhr)
        // The whole report of each page's last run, for the audits' details (which image, which shift).
        if (i === RUNS - 1) writeResults(`${stamp}-lighthouse-${name}`, lhr)
        runs.push(run)
        log(
          `  ${name} run ${i + 1}: score ${run.score}, LCP ${run.lcpMs} ms, CLS ${run.cls}, TBT ${run.tbtMs} ms, FCP ${run.fcpMs} ms, JS ${fixed(run.jsBytes / 1024, 1)} KB`
        )
        if (run.short.length) log(`    short: ${run.short.join('; ')}`)
      }
      raw[name] = runs
      const score = median(runs.map((r) => r.score))
      const cls = Math.max(...runs.map((r) => r.cls))
      figures.push(
        {
          name: `${name}: mobile performance score (median of ${RUNS}; LCP ${median(runs.map((r) => r.lcpMs))} ms, TBT ${median(runs.map((r) => r.tbtMs))} ms)`,
          measured: String(score),
          goal: `≥ ${SCORE_GOAL}`,
          pass: score >= SCORE_GOAL
        },
        { name: `${name}: CLS (worst of ${RUNS})`, measured: String(cls), goal: `≤ ${CLS_GOAL}`, pass: cls <= CLS_GOAL }
      )
      if (name === 'product') {
        const kb = Math.max(...runs.map((r) => r.jsBytes)) / 1024
        figures.push({
          name: 'product: JavaScript transferred (gzip)',
          measured: `${fixed(kb, 1)} KB`,
          goal: `≤ ${JS_GOAL_KB} KB`,
          pass: kb <= JS_GOAL_KB
        })
      }
    }
    return { workload: `storefront Lighthouse (${PRODUCTS} products)`, figures, raw }
  } finally {
    // Requests of the last, killed Chromium may still be reading picture files: closing now would
    // remove the run's media folder under them.
    await new Promise((resolve) => setTimeout(resolve, 2000))
    await bench.close()
  }
}
