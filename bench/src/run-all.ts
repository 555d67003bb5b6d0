import { runAccounts } from './accounts'
// Receivables ageing (issue 14, subsequent payments).
import { runAgeing } from './ageing'
// The busy Saturday (issue 38, decision 0214): 50 shops on two processes, PostgreSQL + Redis.
import { runBusySaturday } from './busy-saturday'
import { runCatalogue } from './catalogue'
import { runCheckout } from './checkout'
// Coupons (issue 15, decision 0090).
import { runCouponRedemption } from './coupon-redemption'
import { runCustomerSearch } from './customer-search'
import { runVirtualTable } from './virtual-table'
import { runColdStart } from './cold-start'
import { runExport } from './export'
import { runFanout } from './fanout'
import { runListPglite } from './list-pglite'
import { runListPostgres } from './list-postgres'
import { runOrderList } from './order-list'
import { runOverhead } from './overhead'
// The page editor in Chromium: frame times while dragging over 300 components (issue 18, decision 0111).
import { runPageEditorDrag } from './page-editor-drag'
// Pricing engine (issue 15, decision 0088): evaluate in Node and in Chromium.
import { runPricingEngine } from './pricing-engine'
// The point of sale (issue 16, decision 0096): the Z report and the till's catalogue.
import { runPosCatalogue } from './pos-catalogue'
import { runPosSummary } from './pos-summary'
// The till in Chromium: POS ready and scan to line shown (issue 16).
import { runPosTill } from './pos-till'
import { runProfiles } from './profile'
// One shop's worst page against /api/health and other shops (issue 28, decision 0118).
import { runRenderBudget } from './render-budget'
import { runSalesSummary } from './sales-summary'
// One shop of 100,000 orders exported and imported (issue 38, decision 0216): duration and peak RSS.
import { runShopMove } from './shop-move'
import { runStockSales } from './stock-sales'
// The storefront (issue 18, decision 0108): cached pages per second, uncached product page render.
import { runStorefront } from './storefront'
// Lighthouse on the same shop: home, collection and product pages, mobile (issue 18).
import { runStorefrontLighthouse } from './storefront-lighthouse'
import { runThumbnails } from './thumbnails'
// The job queue (issue 33, decision 0145): picking the next job among 100,000 finished ones.
import { runJobQueue } from './job-queue'
// 10,000 mails drained through the queue beside checkouts (issue 33, decision 0145).
import { runMailBurst } from './mail-burst'
// Imports as jobs (issue 34, decision 0170): 100,000 product rows previewed and imported beside the product list.
import { runImports } from './imports'
// Sub-shops roll-up (decision 0087)
import { runSubShopRollup } from './sub-shop-rollup'
import { LOAD_DEFAULTS } from './support/load'
import { describeMachine, revision } from './support/machine'
import { formatTable, writeResults, type Outcome } from './support/report'
import { ROUNDS } from './support/rounds'

type Log = (line: string) => void

const WORKLOADS: Record<string, (log: Log, stamp: string) => Promise<Outcome>> = {
  'list-postgres': runListPostgres,
  'list-pglite': runListPglite,
  overhead: runOverhead,
  fanout: (log) => runFanout(log),
  'cold-start': runColdStart,
  accounts: runAccounts,
  thumbnails: runThumbnails,
  export: runExport,
  'stock-sales': runStockSales,
  catalogue: runCatalogue,
  'virtual-table': runVirtualTable,
  'page-editor-drag': runPageEditorDrag,
  'sales-summary': runSalesSummary,
  checkout: runCheckout,
  'order-list': runOrderList,
  // Customers (issue 14): prefix search over 500,000 customers of one shop.
  'customer-search': runCustomerSearch,
  'sub-shop-rollup': runSubShopRollup,
  ageing: runAgeing,
  'pricing-engine': runPricingEngine,
  'coupon-redemption': runCouponRedemption,
  'pos-summary': runPosSummary,
  'pos-catalogue': runPosCatalogue,
  'pos-till': runPosTill,
  storefront: runStorefront,
  'storefront-lighthouse': runStorefrontLighthouse,
  'render-budget': runRenderBudget,
  'job-queue': runJobQueue,
  'mail-burst': runMailBurst,
  imports: runImports,
  'busy-saturday': runBusySaturday,
  'shop-move': runShopMove
}

/**
 * `npm run bench -w bench -- [--only=list-postgres,fanout] [--profile]`: every workload in
 * turn (never two at once: they share 2 cores), a summary table, raw JSON in bench/results/.
 */
const main = async () => {
  const args = process.argv.slice(2)
  // Env twins of the flags: `npm run bench` at the root swallows flags that are not behind `-- --`.
  const only = (args.find((a) => a.startsWith('--only='))?.slice('--only='.length) ?? process.env.BENCH_ONLY)?.split(',')
  const profile = args.includes('--profile') || process.env.BENCH_PROFILE === '1'
  const names = Object.keys(WORKLOADS).filter((name) => !only || only.includes(name))
  const log: Log = (line) => console.log(line)
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '-')
  const started = performance.now()
  const machine = await describeMachine()
  log(
    `Emporia bench ${stamp} at ${machine.revision} on ${machine.cores} × ${machine.cpu}, node ${machine.node}, PostgreSQL ${machine.postgres}`
  )

  const outcomes: Outcome[] = []
  let crashed = false
  const attempt = async (name: string, run: () => Promise<Outcome>) => {
    log(`\n== ${name}`)
    try {
      outcomes.push(await run())
    } catch (error) {
      crashed = true
      log(`  ${name} crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
      outcomes.push({ workload: name, figures: [{ name: 'run', measured: `crashed: ${String(error)}`, pass: false }], raw: {} })
    }
  }
  for (const name of names) await attempt(name, () => WORKLOADS[name](log, stamp))
  if (profile) await attempt('profile', () => runProfiles(log, stamp))

  // Each server child loads the server source when it starts: a commit during the run mixes code.
  const endRevision = revision()
  if (endRevision !== machine.revision)
    log(`\nWARNING: the server code changed during the run (${machine.revision} → ${endRevision}); rerun.`)
  const minutes = (performance.now() - started) / 60_000
  const table = formatTable(outcomes)
  log(`\n${table}\n\nTotal ${minutes.toFixed(1)} min.`)
  const file = writeResults(stamp, {
    date: stamp,
    machine,
    endRevision,
    load: { ...LOAD_DEFAULTS, rounds: ROUNDS },
    minutes,
    outcomes
  })
  log(`Raw results: ${file}`)
  // Missed goals are findings, not failures of the run; a crash or an erroring server is.
  if (crashed || outcomes.some((o) => o.erroring)) process.exitCode = 1
}

void main()
