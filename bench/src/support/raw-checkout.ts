import pg from 'pg'
import { newObjectId } from '../../../apps/server/src/platform/http/object-id'
import type { BenchShop } from './bench-shop'
import { orderTotal, type PlannedOrder } from './checkout-plan'
import { cpuMeter, type CpuShare } from './cpu'
import { percentiles } from './stats'

/**
 * The checkout as the least SQL that leaves the same business record the service leaves: the five
 * stock rows lowered under the availability guard (locked in product order, as the ledger locks
 * them, so the hot case cannot deadlock), five `sale` ledger rows written in the statement that
 * recomputes the products' on-hand (as domains/stock/product-stock.ts does), the order number taken as late as
 * possible (domains/orders/order-numbers.ts), the paid order and its cash payment. Not done here and done by the
 * service: reservation rows (reserved, then committed), three history rows, the three order updates
 * of the payment step, the reads of settings, prices and the shop's facts, the product status rule,
 * and the row-security role switch (this runs as the superuser).
 */
const STOCK_SQL = `with wanted as (select * from unnest($3::char(24)[], $4::numeric[]) as w(product, n)),
  locked as (select s._id, w.n from stocks s join wanted w on w.product = s.product
             where s.shop = $1 and s.warehouse = $2 and s.sku = '' order by s.product for update of s)
  update stocks s set quantity = s.quantity - l.n, "updatedAt" = now()
  from locked l where s._id = l._id and s.quantity - s.reserved >= l.n
  returning s.product, s.quantity`

const LEDGER_SQL = `with logs as (
    insert into "inventoryLogs" (_id, shop, warehouse, product, sku, type, delta, quantity, source, status)
    select l.id, $1, $2, l.product, '', 'sale', -l.n, l.after, $6::jsonb, 'done'
    from unnest($3::char(24)[], $4::char(24)[], $5::numeric[], $7::numeric[]) as l(id, product, n, after))
  update products p set "cachedInventory" = s.onhand, "updatedAt" = now()
  from (select st.product, sum(st.quantity) as onhand from stocks st
        where st.shop = $1 and st.product = any($4::char(24)[]) group by st.product) s
  where p._id = s.product and p.shop = $1`

/** Context only: unique numbers from a PostgreSQL sequence (never rolled back, so gaps), no row lock. */
export const GAPPY_SEQUENCE = 'bench_gappy_order_numbers'
const GAPPY_SQL = `select 'S' || nextval('${GAPPY_SEQUENCE}') as current`

const SEQUENCE_SQL = `insert into "orderSequences" (shop, period, current) values ($1, '', 1)
  on conflict (shop, period) do update set current = "orderSequences".current + 1 returning current`

const ORDER_SQL = `insert into orders (_id, shop, "orderId", date, source, status, warehouse, products, subtotal, discount,
    rounding, total, amount, refund, methods) values ($1, $2, $3, $4, 'pos', 'paid', $5, $6, $7, 0, 0, $7, $7, 0, '["cash"]')`

const PAYMENT_SQL = `insert into payments (_id, shop, "tranID", "order", "orderId", method, amount, received, change, status, date)
  values ($1, $2, $3, $4, $5, 'cash', $6, $7, $8, 'paid', $9)`

const checkout = async (client: pg.Client, shop: BenchShop, order: PlannedOrder, gappy: boolean) => {
  const _id = newObjectId()
  // The ledger locks in key order; the lines are sorted the same way here.
  const lines = [...order.lines].sort((a, b) => (shop.products[a.index] < shop.products[b.index] ? -1 : 1))
  const ids = lines.map((line) => shop.products[line.index])
  const units = lines.map((line) => line.quantity)
  await client.query('begin')
  try {
    const { rows } = await client.query<{ product: string; quantity: string }>(STOCK_SQL, [shop.shop, shop.warehouse, ids, units])
    if (rows.length !== lines.length) throw new Error('not enough stock')
    const after = new Map(rows.map((row) => [row.product, row.quantity]))
    await client.query(LEDGER_SQL, [
      shop.shop,
      shop.warehouse,
      ids.map(() => newObjectId()),
      ids,
      units,
      JSON.stringify({ type: 'order', id: _id }),
      ids.map((id) => after.get(id))
    ])
    const { rows: numbered } = await client.query<{ current: string | number }>(
      gappy ? GAPPY_SQL : SEQUENCE_SQL,
      gappy ? [] : [shop.shop]
    )
    const orderId = String(numbered[0].current).padStart(6, '0')
    const total = orderTotal(shop, order)
    const received = Math.ceil(total / 10_000) * 10_000
    const products = order.lines.map((line) => ({
      product: shop.products[line.index],
      sku: '',
      name: { en: `Bench product ${line.index}` },
      price: shop.prices[line.index],
      quantity: line.quantity,
      total: shop.prices[line.index] * line.quantity,
      warehouse: shop.warehouse,
      returned: 0
    }))
    const now = new Date()
    await client.query(ORDER_SQL, [_id, shop.shop, orderId, now, shop.warehouse, JSON.stringify(products), total])
    await client.query(PAYMENT_SQL, [
      newObjectId(),
      shop.shop,
      `${orderId}-1`,
      _id,
      orderId,
      total,
      received,
      received - total,
      now
    ])
    await client.query('commit')
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  }
}

export interface RawResult {
  tps: number
  p50: number
  p95: number
  p99: number
  committed: number
  failed: number
  errors: Record<string, number>
  cpu: CpuShare
}

export const openClients = async (url: string, count: number) =>
  Promise.all(
    Array.from({ length: count }, async () => {
      const client = new pg.Client({ connectionString: url })
      // An idle client whose connection is ended (the database dropped) must not end the whole run.
      client.on('error', () => undefined)
      await client.connect()
      return client
    })
  )

/**
 * Every client runs checkouts back to back for `seconds` (a closed loop, as autocannon's connections
 * are), client c starting at order 7c of the plan. Latency is BEGIN to COMMIT, measured here.
 */
export const runRawCheckouts = async (
  clients: pg.Client[],
  shop: BenchShop,
  plan: PlannedOrder[],
  seconds: number,
  /** Take numbers from a sequence instead of the shop's gap-free counter (context: what the counter costs). */
  gappy = false
): Promise<RawResult> => {
  const cpu = cpuMeter()
  const latencies: number[] = []
  const errors: Record<string, number> = {}
  let failed = 0
  const started = performance.now()
  const deadline = started + seconds * 1000
  await Promise.all(
    clients.map(async (client, c) => {
      for (let k = (c * 7) % plan.length; performance.now() < deadline; k = (k + 1) % plan.length) {
        const t0 = performance.now()
        try {
          await checkout(client, shop, plan[k], gappy)
          latencies.push(performance.now() - t0)
        } catch (error) {
          failed++
          const code = (error as { code?: string }).code ?? (error as Error).message
          errors[code] = (errors[code] ?? 0) + 1
        }
      }
    })
  )
  const wall = (performance.now() - started) / 1000
  const stats = percentiles(latencies)
  return {
    tps: Math.round(latencies.length / wall),
    p50: stats.p50,
    p95: stats.p95,
    p99: stats.p99,
    committed: latencies.length,
    failed,
    errors,
    cpu: cpu()
  }
}
