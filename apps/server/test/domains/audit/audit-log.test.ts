import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordAudit } from '../../../src/domains/audit/audit-log'
import { dialects, freshDb } from '../../support/databases'

const shopId = 'a10000000000000000000001'
const otherShop = 'a10000000000000000000002'
const userId = 'a20000000000000000000001'

/**
 * The audit log's writer and its wall at the database (decision 0137): a row is written on the caller's
 * transaction (gone with it when it rolls back), names the person as they are now, masks secrets, and
 * no statement changes or removes it but the removal of its shop.
 */
describe.each(await dialects())('audit log writer (%s)', (dialect) => {
  let db: Awaited<ReturnType<typeof freshDb>>
  beforeAll(async () => {
    db = await freshDb(dialect)
    const shop = (id: string, subdomain: string) =>
      db.knex.raw(
        `insert into shops ("_id", "name", "subdomain", "validUtil", "users", "attributes") values (?, '"Shop"', ?, '2026-12-01T00:00:00Z', '[]', '{}')`,
        [id, subdomain]
      )
    await shop(shopId, 'audit-one')
    await shop(otherShop, 'audit-two')
    await db.knex('users').insert({ _id: userId, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee' })
  })
  afterAll(() => db.close())

  const rows = (shop = shopId) => db.knex('auditLogs').where({ shop }).orderBy('createdAt')

  it("writes a row on the caller's transaction, naming the person and masking secrets", async () => {
    await db.knex.transaction((trx) =>
      recordAudit(trx, {
        shop: shopId,
        user: userId,
        area: 'settings',
        action: 'settings.change',
        target: shopId,
        targetName: 'Shop',
        changes: { currency: { from: 'HKD', to: 'USD' }, password: { from: 'old', to: 'new' } }
      })
    )
    const [row] = (await rows()) as Record<string, unknown>[]
    expect(row).toMatchObject({
      user: userId,
      userName: 'Ann Lee',
      area: 'settings',
      action: 'settings.change',
      targetName: 'Shop'
    })
    expect(row.changes).toEqual({ currency: { from: 'HKD', to: 'USD' }, password: { from: '***', to: '***' } })
    expect(JSON.stringify(row)).not.toContain('old')
  })

  it('leaves no row when the change rolls back', async () => {
    const before = (await rows()).length
    await expect(
      db.knex.transaction(async (trx) => {
        await recordAudit(trx, { shop: shopId, user: null, area: 'billing', action: 'billing.lapse' })
        throw new Error('the change failed')
      })
    ).rejects.toThrow('the change failed')
    expect(await rows()).toHaveLength(before)
  })

  it('refuses every UPDATE, DELETE and TRUNCATE at the database', async () => {
    await recordAudit(db.knex, { shop: shopId, user: null, area: 'stock', action: 'stock.correct' })
    const before = (await rows()) as { _id: string; action: string }[]
    await expect(db.knex('auditLogs').where({ shop: shopId }).update({ action: 'x' })).rejects.toThrow(/never changed/)
    await expect(db.knex('auditLogs').where({ shop: shopId }).delete()).rejects.toThrow(/never changed/)
    await expect(db.knex.raw('truncate "auditLogs"')).rejects.toThrow(/never changed/)
    expect(await rows()).toEqual(before)
  })

  it('goes with its shop when the shop itself is removed, and only then', async () => {
    await recordAudit(db.knex, { shop: otherShop, user: userId, area: 'staff', action: 'staff.invite' })
    expect(await rows(otherShop)).toHaveLength(1)
    await db.knex('shops').where({ _id: otherShop }).delete()
    expect(await rows(otherShop)).toHaveLength(0)
    expect((await rows()).length).toBeGreaterThan(0)
  })
})
