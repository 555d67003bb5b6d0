import { merchant } from '../../e2e/support/api'
import { launchBrowser, signIn } from '../../e2e/support/browser'
import { startServer } from '../../e2e/support/server'
import { scrollEndToEnd, seedWarehouses, virtualWarehousesPath, warehouseName } from '../../e2e/support/virtual-table'
import { fixed, type Outcome } from './support/report'
import { percentiles } from './support/stats'

const ROWS = Number(process.env.BENCH_VIRTUAL_ROWS ?? 100_000)
const LIMIT = 1000
/** Waits for the table's states: generous, a figure is taken on whatever machine runs it. */
const WAIT_MS = 120_000

type Log = (line: string) => void

/**
 * Virtual-table figure (docs/benchmarks.md): the virtual table over ROWS warehouses in headless
 * Chromium, on the built server (PGlite, a fresh data dir). Seeds over REST, scrolls end to end one
 * frame per step (e2e/support/virtual-table.ts, as the browser test does over 2,000 rows) and times
 * each frame; the run counts only if the last row then loads. Needs `npm run build` first.
 */
export const runVirtualTable = async (log: Log): Promise<Outcome> => {
  const server = await startServer()
  const browser = await launchBrowser()
  try {
    const who = await merchant(server.url, 'bench-virtual')
    const seedStart = performance.now()
    await seedWarehouses(server.url, who, ROWS)
    const seedMs = performance.now() - seedStart
    log(`  seeded ${ROWS} rows in ${fixed(seedMs, 0)} ms`)

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    context.setDefaultTimeout(WAIT_MS)
    await context.addCookies([{ name: 'emporia-lang', value: 'en', url: server.url }])
    const page = await context.newPage()
    await signIn(page, who.session.accessToken)
    await page.goto(`${server.url}${virtualWarehousesPath(who.shop!._id)}`)
    await page.locator(`[data-testid="virtual-table"][data-total="${ROWS}"]`).waitFor()
    await page.locator('[data-testid="virtual-row"][data-id]').first().waitFor()

    const scroll = await scrollEndToEnd(page)
    const last = page.locator(`[data-testid="virtual-row"][data-index="${ROWS - 1}"][data-id]`)
    await last.waitFor()
    const lastText = (await last.textContent()) ?? ''
    if (!lastText.includes(warehouseName(ROWS - 1))) throw new Error(`the last row reads "${lastText}"`)

    const frames = percentiles(scroll.frames)
    const step = Math.round(scroll.step)
    log(
      `  ${ROWS} rows: ${frames.count} frames of ${step} px, median ${frames.p50} ms, p95 ${frames.p95} ms, max ${scroll.maxRows} row elements`
    )
    return {
      workload: 'virtual table (Chromium)',
      figures: [
        {
          name: `row elements in the DOM while scrolling ${ROWS} rows end to end (max)`,
          measured: String(scroll.maxRows),
          goal: `<= ${LIMIT}`,
          pass: scroll.maxRows <= LIMIT
        },
        {
          name: 'frame time while scrolling',
          measured: `median ${frames.p50} ms, p95 ${frames.p95} ms (${frames.count} frames of ${step} px)`
        }
      ],
      raw: { rows: ROWS, seedMs, frames: frames.count, step, median: frames.p50, p95: frames.p95, maxRows: scroll.maxRows }
    }
  } finally {
    await browser.close()
    await server.stop()
  }
}
