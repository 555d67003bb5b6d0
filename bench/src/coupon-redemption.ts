import { createApp, type EmporiaApp } from '../../apps/server/src/app'
import { loadConfig } from '../../apps/server/src/config'
import { issueCoupons, presentCoupons, useCoupons } from '../../apps/server/src/domains/coupons'
import { createDb } from '../../apps/server/src/platform/db/knex'
import { newObjectId } from '../../apps/server/src/platform/http/object-id'
import { shopTransaction } from '../../apps/server/src/platform/tenancy'
import { ADMIN_URL, withClient } from './support/postgres'
import type { Figure, Outcome } from './support/report'

type Log = (line: string) => void

/** A database of its own, made afresh each run. */
const DB = 'emporia_bench_coupons'
const DB_URL = ADMIN_URL.replace(/\/[^/?]*(\?|$)/, `/${DB}$1`)
const SHOP = 'c0000000000000000000c000'
const CONCURRENT = 500
const ROUNDS = 5
const POOL = 50
const GOAL = 500

/** A shop, one discount rule, and a template with the given limits, written directly (the figure is the redemption). */
const seed = async (app: EmporiaApp) => {
  const knex = app.db.knex
  await knex.raw(
    `insert into shops ("_id", name, subdomain, "validUtil", users, attributes) values (?, '"Coupons"', 'bench-coupons', now() + interval '30 days', '[]', '{"discount": true, "promotion": true}')`,
    [SHOP]
  )
  const discount = newObjectId()
  await knex('discounts').insert({
    _id: discount,
    shop: SHOP,
    name: JSON.stringify({ en: '10%' }),
    type: 'percentage',
    status: 'valid',
    avail: 'both',
    percentageDiscount: 10
  })
  return {
    template: async (limits: { limitTotal?: number; limitPerUser?: number } = {}) => {
      const _id = newObjectId()
      await knex('couponTemplates').insert({
        _id,
        shop: SHOP,
        name: JSON.stringify({ en: 'Bench' }),
        discount,
        totalPicked: 0,
        ...limits
      })
      return _id
    },
    customer: async () => {
      const _id = newObjectId()
      await knex('shopUsers').insert({ _id, shop: SHOP, firstName: 'Bench', name: 'Bench' })
      return _id
    }
  }
}

const refusalOf = (error: unknown) => {
  const e = error as { code?: number; data?: { key?: string } }
  return `${e.code ?? '?'} ${e.data?.key ?? String(error)}`
}

/** Runs all at once, each in a transaction of the shop (behind the wall); answers the outcomes and the time taken. */
const race = async (
  app: EmporiaApp,
  runs: ((trx: Parameters<Parameters<typeof shopTransaction>[3]>[0]) => Promise<unknown>)[]
) => {
  const rowSecurity = app.context.records.rowSecurity
  const started = performance.now()
  const settled = await Promise.allSettled(runs.map((run) => shopTransaction(app.db.knex, rowSecurity, SHOP, run)))
  const ms = performance.now() - started
  const outcomes = settled.map((result) => (result.status === 'fulfilled' ? 'ok' : refusalOf(result.reason)))
  const tally: Record<string, number> = {}
  for (const outcome of outcomes) tally[outcome] = (tally[outcome] ?? 0) + 1
  return { ms, tally }
}

const now = () => new Date().toISOString()
/** An order's coupon step: present (locks the rows) then use, in one transaction. */
const redeem =
  (codes: string[], customer: string | null) => async (trx: Parameters<Parameters<typeof shopTransaction>[3]>[0]) => {
    await presentCoupons(trx, SHOP, codes, customer, now())
    await useCoupons(trx, SHOP, codes, { order: newObjectId(), customer, now: now() })
  }

/**
 * Coupon redemption (issue 15, decision 0090) on PostgreSQL with row security: 500 orders at once,
 * each presenting and using a coupon in its own transaction (pool of 50 connections): distinct codes
 * (the rate), one code (exactly one use), handed-out codes claimed by one customer (exactly
 * limitPerUser), and 500 concurrent picks of a template (exactly limitTotal).
 */
export const runCouponRedemption = async (log: Log): Promise<Outcome> => {
  await withClient(ADMIN_URL, async (admin) => {
    await admin.query(`drop database if exists ${DB} with (force)`)
    await admin.query(`create database ${DB}`)
  })
  const db = await createDb({ databaseUrl: DB_URL, dataDir: 'unused', statementTimeoutMs: 0, poolMax: POOL })
  const config = loadConfig(
    {},
    { authSecret: 'bench-secret-bench-secret-bench-secret', logLevel: 'silent', databaseUrl: DB_URL, dataDir: 'unused' }
  )
  const app = await createApp(config, { db })
  try {
    const shop = await seed(app)
    const issue = async (template: string, count: number) =>
      (
        await shopTransaction(app.db.knex, app.context.records.rowSecurity, SHOP, (trx) =>
          issueCoupons(trx, SHOP, { template, count, user: null, now: now() })
        )
      ).codes

    // One unmeasured round first: the pool's 50 connections are opened (each with its wall settings) and the code is warm.
    const warm = await issue(await shop.template(), CONCURRENT)
    await race(
      app,
      warm.map((code) => redeem([code], null))
    )
    const rates: number[] = []
    let exact = true
    for (let round = 0; round < ROUNDS; round++) {
      const codes = await issue(await shop.template(), CONCURRENT)
      const { ms, tally } = await race(
        app,
        codes.map((code) => redeem([code], null))
      )
      const used = Number((await app.db.knex('coupons').whereIn('code', codes).where({ status: 'used' }).count({ n: '*' }))[0].n)
      exact &&= tally.ok === CONCURRENT && used === CONCURRENT
      rates.push(Math.round((CONCURRENT * 1000) / ms))
      log(
        `  round ${round + 1}: ${CONCURRENT} distinct coupons in ${ms.toFixed(0)} ms (${rates[round]}/s), ${JSON.stringify(tally)}, used ${used}`
      )
    }
    const [one] = await issue(await shop.template(), 1)
    const same = await race(
      app,
      Array.from({ length: CONCURRENT }, () => redeem([one], null))
    )
    log(`  one code, ${CONCURRENT} at once: ${JSON.stringify(same.tally)} in ${same.ms.toFixed(0)} ms`)

    const perUserTemplate = await shop.template({ limitPerUser: 3 })
    const handed = await issue(perUserTemplate, CONCURRENT)
    const customer = await shop.customer()
    const claimed = await race(
      app,
      handed.map((code) => redeem([code], customer))
    )
    log(
      `  ${CONCURRENT} handed-out codes, one customer, limitPerUser 3: ${JSON.stringify(claimed.tally)} in ${claimed.ms.toFixed(0)} ms`
    )

    const limited = await shop.template({ limitTotal: 100 })
    const picks = await race(
      app,
      Array.from(
        { length: CONCURRENT },
        () => (trx) => issueCoupons(trx, SHOP, { template: limited, count: 1, user: null, now: now() })
      )
    )
    const picked = Number((await app.db.knex('coupons').where({ template: limited }).count({ n: '*' }))[0].n)
    log(
      `  ${CONCURRENT} picks, limitTotal 100: ${JSON.stringify(picks.tally)}, ${picked} coupons, in ${picks.ms.toFixed(0)} ms; rowSecurity ${app.context.records.rowSecurity}`
    )

    const sorted = [...rates].sort((a, b) => a - b)
    const median = sorted[Math.floor(sorted.length / 2)]
    const figures: Figure[] = [
      {
        name: `PostgreSQL: ${CONCURRENT} concurrent redemptions (present + use, one transaction each), pool ${POOL}`,
        measured: `${median}/s median of ${ROUNDS} (${sorted.join(', ')}); ${exact ? 'every one used once' : 'NOT exact'}`,
        goal: `≥ ${GOAL}/s, exact`,
        pass: median >= GOAL && exact
      },
      {
        name: `PostgreSQL: one code redeemed by ${CONCURRENT} at once`,
        measured: JSON.stringify(same.tally),
        goal: 'exactly 1 use',
        pass: same.tally.ok === 1 && same.tally['409 coupon.used'] === CONCURRENT - 1
      },
      {
        name: `PostgreSQL: ${CONCURRENT} handed-out codes claimed by one customer, limitPerUser 3`,
        measured: JSON.stringify(claimed.tally),
        goal: 'exactly 3',
        pass: claimed.tally.ok === 3
      },
      {
        name: `PostgreSQL: ${CONCURRENT} concurrent picks, limitTotal 100`,
        measured: `${picks.tally.ok ?? 0} issued, ${picked} stored`,
        goal: 'exactly 100',
        pass: picks.tally.ok === 100 && picked === 100
      }
    ]
    return {
      workload: 'coupon redemption',
      figures,
      raw: { rates, same: same.tally, claimed: claimed.tally, picks: picks.tally }
    }
  } finally {
    await app.close()
    await db.close()
  }
}
