import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as backfill from '../../../../src/platform/db/migrations/20261130010000-billing-backfill'
import { dialects, freshDb } from '../../../support/databases'

const ids = { old: 'b00000000000000000000001', switchedOn: 'b00000000000000000000002', made: 'b00000000000000000000003' }

/**
 * Decision 0129: a shop made before billing gets a trial until its own `validUtil`, on the highest plan
 * (`business` while the catalogue is still empty), its attributes as they were; a shop that already has
 * a subscription is left alone.
 */
describe.each(await dialects())('billing backfill migration (%s)', (dialect) => {
  let db: Awaited<ReturnType<typeof freshDb>>
  beforeAll(async () => {
    db = await freshDb(dialect)
  })
  afterAll(() => db.close())

  it('gives every shop without a subscription a trial until its validUtil, keeping its attributes', async () => {
    const shop = (id: string, subdomain: string, attributes: object) =>
      db.knex.raw(
        `insert into shops ("_id", "name", "subdomain", "validUtil", "users", "attributes") values (?, '"Shop"', ?, '2026-12-01T00:00:00Z', '[]', ?)`,
        [id, subdomain, JSON.stringify(attributes)]
      )
    await shop(ids.old, 'old-shop', {})
    await shop(ids.switchedOn, 'switched-on', { pos: true, discount: true })
    await shop(ids.made, 'made-shop', {})
    await db.knex('shopSubscriptions').insert({
      _id: 'c00000000000000000000001',
      shop: ids.made,
      plan: 'basic',
      state: 'active',
      trialEnd: '2026-01-01T00:00:00Z'
    })
    await backfill.up(db.knex)
    const rows = (await db.knex('shopSubscriptions').whereIn('shop', Object.values(ids)).orderBy('shop')) as {
      plan: string
      state: string
      trialEnd: string
    }[]
    expect(rows.map((row) => [row.plan, row.state, row.trialEnd])).toEqual([
      ['business', 'trial', '2026-12-01T00:00:00.000Z'],
      ['business', 'trial', '2026-12-01T00:00:00.000Z'],
      ['basic', 'active', '2026-01-01T00:00:00.000Z']
    ])
    const shops = await db
      .knex('shops')
      .whereIn('_id', Object.values(ids))
      .orderBy('_id')
      .select('attributes', 'plan', 'billingState')
    expect(shops).toEqual([
      { attributes: {}, plan: 'business', billingState: 'trial' },
      { attributes: { pos: true, discount: true }, plan: 'business', billingState: 'trial' },
      { attributes: {}, plan: null, billingState: null }
    ])
  })
})
