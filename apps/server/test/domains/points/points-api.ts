import type { Knex } from 'knex'
import { call } from '../../support/inventory-api'
import type { TestApp } from '../../support/test-app'

type Owner = { token: string; shopId: string }
type Body = Record<string, unknown>

/** A record made through the API (201 or the test fails with the answer). */
export const made = async (t: TestApp, owner: Owner, path: string, body: Body) => {
  const res = await call(t, owner, 'POST', path, body)
  if (res.status !== 201) throw new Error(`${path} create failed: ${JSON.stringify(res.body)}`)
  return res.body as Body & { _id: string }
}

export const customer = async (t: TestApp, owner: Owner, firstName = 'Ann') =>
  (await made(t, owner, 'shopUsers', { firstName }))._id

export const pointType = async (t: TestApp, owner: Owner, body: Body = {}) =>
  (await made(t, owner, 'pointTypes', { name: 'Stars', expireType: 'now', ...body }))._id

/** What the log says a customer holds of a type: the sum of its deltas. */
export const logSum = async (knex: Knex, user: string, type: string) => {
  const [{ sum }] = (await knex('pointLogs').where({ user, pointType: type }).sum({ sum: 'delta' })) as { sum: string | null }[]
  return Number(sum ?? 0)
}

/** What the valid lots hold. */
export const lotSum = async (knex: Knex, user: string, type: string) => {
  const [{ sum }] = (await knex('shopUserPoints').where({ user, pointType: type, status: 'valid' }).sum({ sum: 'point' })) as {
    sum: string | null
  }[]
  return Number(sum ?? 0)
}

export const totalOf = async (knex: Knex, user: string) =>
  Number(((await knex('shopUsers').where({ _id: user }).first('points')) as { points: string | null }).points ?? 0)
