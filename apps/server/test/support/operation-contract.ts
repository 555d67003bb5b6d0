import type { TObject } from '@sinclair/typebox'
import { Conflict } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { shopAttributes, shopFlags } from '@emporia/shared'
import { client, setShop, type Owner } from './catalogue-support'
import { shopOwner } from './accounts'
import { dialects } from './databases'
import { sampleFromSchema } from './sample-data'
import { startTestApp, type TestApp } from './test-app'

/** An operation service's class (the operation template): `apply` is its work inside the transaction. */
interface OperationClass {
  prototype: { apply(trx: Knex.Transaction, ...rest: never[]): Promise<unknown> }
}

/** A date no operation writes: seen outside the transaction, it would be a write that was not rolled back. */
const MARK = '2000-01-01T00:00:00.000Z'

/**
 * What every create-only operation on a record must do (decision 0125, the scaffold's operation
 * template): offer create alone, run it in one transaction that a refusal rolls back whole, check
 * its data naming the field, and reach only records of the caller's shop. `target` is the record
 * service it acts on (a sample record is made for each test), `data` what to send for one of them.
 * The shop has every feature on, so a gated service is reached.
 */
export const operationServiceContract = async (
  path: string,
  options: {
    target: { path: string; table: string; schema: TObject }
    data: (id: string) => Record<string, unknown>
    service: OperationClass
    refs?: (api: ReturnType<typeof client>) => Promise<Record<string, string>>
  }
) =>
  describe.each(await dialects())(`${path}: a create-only operation (%s)`, (dialect) => {
    let t: TestApp
    let owner: Owner
    let api: ReturnType<typeof client>
    let ids: Record<string, string>
    const everything = {
      ...Object.fromEntries(shopFlags.map((flag) => [flag, true])),
      attributes: Object.fromEntries(shopAttributes.map((attribute) => [attribute, true]))
    }
    const sample = (refIds: Record<string, string>) =>
      sampleFromSchema(options.target.schema, (ref) => {
        if (!refIds[ref]) throw new Error(`${options.target.path}'s sample names a ${ref} record: make one in refs`)
        return refIds[ref]
      })
    const target = async (as = api, refIds = ids) => (await as.made(options.target.path, sample(refIds)))._id
    beforeAll(async () => {
      t = await startTestApp(dialect)
      owner = await shopOwner(t.url, `Operation ${path}`)
      await setShop(t, owner.shopId, everything)
      api = client(t, owner)
      ids = (await options.refs?.(api)) ?? {}
    })
    afterAll(() => t.close())

    it('offers create only: find, get, update, patch and remove answer 405', async () => {
      const id = await target()
      const answers = [
        await api.get(path),
        await api.get(`${path}/${id}`),
        await api.update(`${path}/${id}`, options.data(id)),
        await api.patch(`${path}/${id}`, options.data(id)),
        await api.remove(`${path}/${id}`)
      ]
      expect(answers.map((answer) => answer.status)).toEqual([405, 405, 405, 405, 405])
    })

    it('runs create in one transaction: a refusal after its writes leaves the record as it was', async () => {
      const id = await target()
      const before = (await api.get(`${options.target.path}/${id}`)).body
      const { apply } = options.service.prototype
      const seen: boolean[] = []
      const spy = vi.spyOn(options.service.prototype, 'apply').mockImplementationOnce(async function (
        this: unknown,
        trx: Knex.Transaction,
        ...rest: never[]
      ) {
        seen.push(trx.isTransaction === true)
        await apply.call(this, trx, ...rest)
        await trx(options.target.table).where({ _id: id }).update({ updatedAt: MARK })
        throw new Conflict('Refused after writing')
      })
      try {
        expect((await api.create(path, options.data(id))).status).toBe(409)
      } finally {
        spy.mockRestore()
      }
      expect(seen).toEqual([true])
      expect((await api.get(`${options.target.path}/${id}`)).body).toEqual(before)
      // Without the refusal the same call goes through, answering the record it acted on.
      expect(await api.create(path, options.data(id))).toMatchObject({ status: 201, body: { _id: id, shop: owner.shopId } })
    })

    it('refuses data without each required field, or with one it does not know, naming the field', async () => {
      const full = options.data(await target())
      for (const field of Object.keys(full)) {
        const { [field]: _left, ...rest } = full
        const refused = await api.create(path, rest)
        const named = ((refused.body?.errors as { field?: string }[] | undefined) ?? []).map((error) => error.field)
        expect(`${field} ${refused.status} ${named.includes(field)}`).toBe(`${field} 400 true`)
      }
      expect((await api.create(path, { ...full, notAField: 1 })).status).toBe(400)
      expect((await api.create(path, [full])).status).toBe(400)
    })

    it('reaches no record of another shop: 404, and the record stays as it was', async () => {
      const other = await shopOwner(t.url, `Other ${path}`)
      await setShop(t, other.shopId, everything)
      const theirs = client(t, other)
      const id = await target(theirs, (await options.refs?.(theirs)) ?? {})
      const before = (await theirs.get(`${options.target.path}/${id}`)).body
      expect((await api.create(path, options.data(id))).status).toBe(404)
      expect((await theirs.get(`${options.target.path}/${id}`)).body).toEqual(before)
    })
  })
