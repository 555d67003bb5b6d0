import type { Knex } from 'knex'
import type { PosSummary } from '@emporia/shared'
import { ensurePosShop, openPosBench, rawGet, type PosBench } from './pos-bench-app'
import type { Figure, Outcome } from './support/report'
import { percentiles } from './support/stats'

type Log = (line: string) => void

const SHOP = 'd0d0d0d0d0d0d0d0d0d0d0d0'
const PER_DAY = Number(process.env.BENCH_POS_ORDERS_PER_DAY ?? 5000)
const DAYS = Number(process.env.BENCH_POS_DAYS ?? 30)
const CALLS = Number(process.env.BENCH_POS_SUMMARY_CALLS ?? 30)
const GOAL_MS = 500
/** The measured day, in Hong Kong (the shop's zone by default): its orders are the last PER_DAY. */
const DAY = '2026-11-20'
const CASHIERS = ['d7d7d7d7d7d7d7d7d7d7d701', 'd7d7d7d7d7d7d7d7d7d7d702', 'd7d7d7d7d7d7d7d7d7d7d703', 'd7d7d7d7d7d7d7d7d7d7d704']

const hex = (prefix: string, i: string) => `'${prefix}' || lpad(to_hex(${i}), 22, '0')`

/**
 * One shop's till history in SQL: DAYS days of PER_DAY POS orders each between 10:00 and 22:00 Hong
 * Kong time (and a fifth as many online orders the report must leave out), two lines each over 60
 * products in 12 categories, one in ten with a discount, one in a hundred voided; one payment each by
 * cash, card or the shop's own method, a refund of every 50th; each cashier's drawer counted at the
 * start and end of every day with a deposit and a cash out between. Seeded once, kept between runs.
 */
const ensureSeed = async (knex: Knex, log: Log) => {
  const { rows } = (await knex.raw(`select count(*)::int as n from orders where shop = ? and source = 'pos'`, [SHOP])) as {
    rows: { n: number }[]
  }
  if (rows[0].n === PER_DAY * DAYS && process.env.BENCH_POS_RESEED !== '1') return { reused: true }
  const started = performance.now()
  for (const table of ['cashboxLogs', 'payments', 'orderHistory', 'orders', 'products', 'categories'])
    await knex(table).where({ shop: SHOP }).delete()
  await knex.raw(
    `insert into categories ("_id", shop, name) select ${hex('d6', 'i')}, ?, jsonb_build_object('en', 'Category ' || i) from generate_series(1, 12) i`,
    [SHOP]
  )
  await knex.raw(
    `insert into products ("_id", shop, name, price, categories)
     select ${hex('d5', 'i')}, ?, jsonb_build_object('en', 'Product ' || i), 100 * i, jsonb_build_array(${hex('d6', '1 + i % 12')})
       from generate_series(1, 60) i`,
    [SHOP]
  )
  const total = PER_DAY * DAYS
  // Order i: day i / PER_DAY before the measured one, at 10:00 + (i mod PER_DAY) · 12 h / PER_DAY local time.
  const line = (k: number) =>
    `jsonb_build_object('product', ${hex('d5', `1 + (i * 7 + ${k * 13}) % 60`)}, 'sku', '', 'quantity', 1 + (i + ${k}) % 3,
       'price', 100 * (1 + (i * 7 + ${k * 13}) % 60), 'total', (1 + (i + ${k}) % 3) * 100 * (1 + (i * 7 + ${k * 13}) % 60))`
  const lineTotal = (k: number) => `(1 + (i + ${k}) % 3) * 100 * (1 + (i * 7 + ${k * 13}) % 60)`
  await knex.raw(
    `insert into orders ("_id", shop, "orderId", date, source, status, cashier, products, subtotal, discount, rounding, total, amount, refund)
     select ${hex('d1', 'i')}, ?, lpad(i::text, 9, '0'),
            ((?::date - (i / ?::int)) + time '10:00' + make_interval(secs => (i % ?::int) * 43200.0 / ?::int)) at time zone 'Asia/Hong_Kong',
            case when i % 6 = 5 then 'eshop' else 'pos' end, case when i % 100 = 99 then 'void' else 'paid' end,
            (array[${CASHIERS.map((c) => `'${c}'`).join(',')}])[1 + i % 4],
            jsonb_build_array(${line(0)}, ${line(1)}), s, d, 0, s - d, s - d, 0
       from (select i, ${lineTotal(0)} + ${lineTotal(1)} as s, case when i % 10 = 0 then 100 else 0 end as d
               from generate_series(0, ?::int - 1) i) t`,
    [SHOP, DAY, PER_DAY + PER_DAY / 5, PER_DAY + PER_DAY / 5, PER_DAY + PER_DAY / 5, total + total / 5]
  )
  await knex.raw(
    `insert into payments ("_id", shop, "tranID", "order", "orderId", cashier, method, "extraMethod", amount, status, date)
     select ${hex('d2', 'o.i')}, ?, ${hex('d2', 'o.i')}, o._id, o."orderId", o.cashier,
            (array['cash', 'credit', 'pos'])[1 + o.i % 3], case when o.i % 3 = 2 then 'Octopus' end, o.total, 'paid', o.date
       from (select _id, "orderId", cashier, total, date, "orderId"::bigint as i from orders where shop = ? and status = 'paid') o`,
    [SHOP, SHOP]
  )
  await knex.raw(
    `insert into payments ("_id", shop, "tranID", "order", "orderId", cashier, method, amount, status, date, "refundOf")
     select ${hex('d3', 'p.i')}, ?, ${hex('d3', 'p.i')}, p."order", p."orderId", p.cashier, p.method, -least(p.amount, 500), 'refunded',
            p.date + interval '10 minutes', p._id
       from (select *, "orderId"::bigint as i from payments where shop = ? and "refundOf" is null) p where p.i % 50 = 0`,
    [SHOP, SHOP]
  )
  await knex.raw(
    `insert into "cashboxLogs" ("_id", shop, type, status, amount, diff, cashier, date)
     select ${hex('d4', 'n')}, ?, (array['beginCheck', 'in', 'out', 'endCheck'])[1 + k], 'valid',
            (array[50000, 20000, -30000, 250000])[1 + k], case when k = 3 then (n % 7) * 10 - 30 end, c.cashier,
            ((?::date - d) + (array[time '09:30', time '13:00', time '17:00', time '22:30'])[1 + k]) at time zone 'Asia/Hong_Kong'
       from generate_series(0, ?::int - 1) d, generate_series(0, 3) k,
            unnest(array[${CASHIERS.map((c) => `'${c}'`).join(',')}]) with ordinality c(cashier, ci),
            lateral (select d * 16 + k * 4 + ci::int as n) x`,
    [SHOP, DAY, DAYS]
  )
  for (const table of ['orders', 'payments', 'cashboxLogs']) await knex.raw(`vacuum analyze "${table}"`)
  log(
    `  seeded ${total} POS orders (+ ${total / 5} online) over ${DAYS} days in ${((performance.now() - started) / 1000).toFixed(1)} s`
  )
  return { reused: false }
}

const timed = async (bench: PosBench, query: string) => {
  const path = `pos/summary?shop=${SHOP}&${query}`
  let report: PosSummary | undefined
  for (let i = 0; i < 3; i++) report = JSON.parse((await rawGet(bench, path, false)).body.toString('utf8')) as PosSummary
  const times: number[] = []
  for (let i = 0; i < CALLS; i++) {
    const answer = await rawGet(bench, path, false)
    if (answer.status !== 200) throw new Error(`pos/summary answered ${answer.status}: ${answer.body.toString('utf8')}`)
    times.push(answer.ms)
  }
  return { query, orders: report?.basic.orders ?? 0, ...percentiles(times) }
}

/**
 * The POS summary ("Z") report of one day with PER_DAY orders (issue 16, docs/benchmarks.md), over
 * HTTP to the last byte: by hour and by date, for the whole shop and for one cashier, on PostgreSQL.
 */
export const runPosSummary = async (log: Log): Promise<Outcome> => {
  const bench = await openPosBench()
  try {
    await ensurePosShop(bench, SHOP, 'bench-pos-summary')
    const seed = await ensureSeed(bench.db.knex, log)
    const next = new Date(Date.parse(`${DAY}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    const day = `from=${DAY}&to=${next}`
    const timings = []
    for (const query of [
      `groupBy=hour&${day}`,
      `groupBy=yearMonthDate&${day}`,
      `groupBy=hour&${day}&cashier=${CASHIERS[0]}`,
      `groupBy=yearMonthDate&from=2026-10-22&to=${next}`
    ]) {
      const timing = await timed(bench, query)
      log(`  ${query}: ${timing.orders} orders, p50 ${timing.p50} ms, p95 ${timing.p95} ms`)
      timings.push(timing)
    }
    const [hour, date, cashier, month] = timings
    const figures: Figure[] = [
      {
        name: `one day of ${hour.orders} till orders, by hour: p50 / p95`,
        measured: `${hour.p50} / ${hour.p95} ms`,
        goal: `p95 <= ${GOAL_MS} ms`,
        pass: hour.p95 <= GOAL_MS
      },
      {
        name: 'the same day by date: p50 / p95',
        measured: `${date.p50} / ${date.p95} ms`,
        goal: `<= ${GOAL_MS} ms`,
        pass: date.p95 <= GOAL_MS
      },
      { name: `one cashier's day (${cashier.orders} orders): p50 / p95`, measured: `${cashier.p50} / ${cashier.p95} ms` },
      { name: `30 days (${month.orders} orders) by date: p50 / p95`, measured: `${month.p50} / ${month.p95} ms` }
    ]
    return { workload: 'pos summary', figures, raw: { seed, timings, perDay: PER_DAY, days: DAYS } }
  } finally {
    await bench.close()
  }
}
