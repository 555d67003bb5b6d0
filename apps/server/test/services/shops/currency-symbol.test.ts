import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

/** The shop's money symbol (spec §9.1; decision 0187): "$" or "HK$", through patch and $set, nothing else. */
describe.each(await dialects())('shop currency symbol (%s)', (dialect) => {
  let t: TestApp
  let owner: Awaited<ReturnType<typeof shopOwner>>
  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Symbol')
  })
  afterAll(() => t.close())

  const patch = (body: unknown) =>
    json(`${t.url}/api/shops/${owner.shopId}`, { method: 'PATCH', token: owner.token, body: JSON.stringify(body) })
  const symbol = async () =>
    ((await json(`${t.url}/api/shops/${owner.shopId}`, { token: owner.token })).body as { currencySymbol?: string | null })
      .currencySymbol

  it('keeps "HK$" or "$" and refuses any other symbol, naming the field', async () => {
    expect(await symbol()).toBeFalsy()
    expect(await patch({ currencySymbol: 'HK$' })).toMatchObject({ status: 200, body: { currencySymbol: 'HK$' } })
    expect(await symbol()).toBe('HK$')
    for (const body of [{ currencySymbol: '€' }, { $set: { currencySymbol: 'US$' } }]) {
      const refused = await patch(body)
      expect(refused.status).toBe(400)
      expect(JSON.stringify(refused.body)).toContain('currencySymbol')
    }
    expect(await symbol()).toBe('HK$')
    expect(await patch({ $set: { currencySymbol: '$' } })).toMatchObject({ status: 200, body: { currencySymbol: '$' } })
  })
})
