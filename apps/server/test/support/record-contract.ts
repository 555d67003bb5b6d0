import type { TObject } from '@sinclair/typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopAttributes, shopFlags } from '@emporia/shared'
import { client, setShop, type Owner } from './catalogue-support'
import { shopOwner } from './accounts'
import { dialects } from './databases'
import { patchFromSchema, sampleFromSchema } from './sample-data'
import { startTestApp, type TestApp } from './test-app'

/**
 * What every plain shop-scoped record service must do, from its shared schema alone (decision
 * 0074): the scaffold's test for a new service calls this, and the service's own rules get tests
 * of their own beside it. `refs` makes the records a sample names (ids by service path); `complete`
 * adds what the schema leaves optional but the service's own rule asks for (a purchase's cost).
 * The shop has every feature on, so a gated service (subsequent payments, bundles) is reached.
 */
export const recordServiceContract = async (
  path: string,
  schema: TObject,
  refs: (api: ReturnType<typeof client>) => Promise<Record<string, string>> = async () => ({}),
  complete: (sample: Record<string, unknown>) => Record<string, unknown> = (sample) => sample
) =>
  describe.each(await dialects())(`${path}: a shop-scoped record service (%s)`, (dialect) => {
    let t: TestApp
    let owner: Owner
    let api: ReturnType<typeof client>
    let ids: Record<string, string>
    const sample = () =>
      complete(
        sampleFromSchema(schema, (ref) => {
          if (!ids[ref]) throw new Error(`${path}'s sample names a ${ref} record: make one in refs`)
          return ids[ref]
        })
      )
    beforeAll(async () => {
      t = await startTestApp(dialect)
      owner = await shopOwner(t.url, `Contract ${path}`)
      await setShop(t, owner.shopId, {
        ...Object.fromEntries(shopFlags.map((flag) => [flag, true])),
        attributes: Object.fromEntries(shopAttributes.map((attribute) => [attribute, true]))
      })
      api = client(t, owner)
      ids = await refs(api)
    })
    afterAll(() => t.close())

    it("creates in the caller's shop, lists, changes and removes", async () => {
      const made = await api.made(path, sample())
      expect(made).toMatchObject({ shop: owner.shopId })
      const listed = await api.get(path)
      expect(listed.status).toBe(200)
      expect((listed.body?.data as { _id: string }[]).map((row) => row._id)).toContain(made._id)
      const change = patchFromSchema(schema)
      const patched = await api.patch(`${path}/${made._id}`, change)
      expect(patched).toMatchObject({ status: 200, body: change })
      expect((await api.remove(`${path}/${made._id}`)).status).toBe(200)
      expect((await api.get(`${path}/${made._id}`)).status).toBe(404)
    })

    it('refuses a record without each required field, naming the field, and stores nothing', async () => {
      const full = sample()
      const before = (await api.get(path, '&$limit=0')).body?.total
      for (const field of Object.keys(full)) {
        const { [field]: _left, ...rest } = full
        const refused = await api.create(path, rest)
        // Schema checks answer every problem in `errors`, a service's own rule one in `data`.
        const named = [
          (refused.body?.data as { field?: string } | undefined)?.field,
          ...((refused.body?.errors as { field?: string }[] | undefined) ?? []).map((error) => error.field)
        ]
        expect(`${field} ${refused.status} ${named.includes(field)}`).toBe(`${field} 400 true`)
      }
      expect((await api.get(path, '&$limit=0')).body?.total).toBe(before)
    })

    it('refuses fields the schema does not have, and server-owned ones', async () => {
      expect((await api.create(path, { ...sample(), notAField: 1 })).status).toBe(400)
      const made = await api.made(path, sample())
      const other = await shopOwner(t.url, `Other ${path}`)
      const moved = await api.patch(`${path}/${made._id}`, { shop: other.shopId })
      expect(moved.status === 400 || (moved.status === 200 && moved.body?.shop === owner.shopId)).toBe(true)
      expect((await api.get(`${path}/${made._id}`)).body).toMatchObject({ shop: owner.shopId })
    })
  })
