import type { Knex } from 'knex'
import { newObjectId } from '../../http/object-id'

/*
 * Shops made before billing existed get their subscription (decision 0129): a trial until their own
 * `validUtil` on the highest plan (`business` while the catalogue is still empty: the defaults are seeded
 * after the migrations). Their attributes stay as they are, so a shop switched on by hand keeps its
 * features until its trial ends; the billing sweep then moves it on like any other trial.
 */

const CHUNK = 500

export const up = async (knex: Knex) => {
  const top = (await knex('plans').orderBy('rank', 'desc').first('code')) as { code: string } | undefined
  const plan = top?.code ?? 'business'
  const shops = (await knex('shops')
    .whereNotExists(knex('shopSubscriptions').whereRaw('"shopSubscriptions".shop = shops._id'))
    .select('_id', 'validUtil')) as { _id: string; validUtil: string }[]
  for (let i = 0; i < shops.length; i += CHUNK) {
    const chunk = shops.slice(i, i + CHUNK)
    await knex('shopSubscriptions').insert(
      chunk.map((shop) => ({
        _id: newObjectId(),
        shop: shop._id,
        plan,
        state: 'trial',
        trialEnd: shop.validUtil,
        autoRenew: true
      }))
    )
    await knex('shops')
      .whereIn(
        '_id',
        chunk.map((shop) => shop._id)
      )
      .update({ plan, billingState: 'trial' })
  }
}

/** The subscriptions stay: the billing migration's own `down` drops the table. */
export const down = async () => undefined
