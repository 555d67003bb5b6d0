import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { PosCatalogue } from '@emporia/shared'
import { enterWall } from '../../tenancy'
import type { RecordParams } from '../../records/record-service'
import { catalogueState, productsJson, removedIds } from './pos-catalogue-sql'

/**
 * A change is stamped when its statement runs but seen only when its transaction commits: a product
 * saved just before the last answer's `version` may commit after it. Every `since` call therefore
 * reads this far back again; products answered twice are the same upsert for the till.
 */
export const SINCE_OVERLAP_MS = 5 * 60_000

const request = (params: RecordParams) => {
  const { shop, since, ...rest } = (params.query ?? {}) as Record<string, unknown>
  const unknown = Object.keys(rest)[0]
  if (unknown) throw new BadRequest(`"${unknown}" is not a known field`, { key: 'format.unknownField', field: unknown })
  if (typeof shop !== 'string') throw new BadRequest('Please select a shop first', { key: 'errors.noShop', field: 'shop' })
  if (since === undefined || since === '') return { shop, since: null }
  if (typeof since !== 'string' || Number.isNaN(Date.parse(since)))
    throw new BadRequest('"since" is invalid', { key: 'format.invalid', field: 'since' })
  return { shop, since: new Date(Date.parse(since) - SINCE_OVERLAP_MS) }
}

/**
 * `pos/catalogue find {shop, since?}` (decision 0096): every product the shop's POS may sell in a
 * compact form with the categories, or with `since` only the products changed since then and the
 * ids of those no longer sold; `total` lets the till notice products deleted outright. Three
 * statements in one walled transaction; the `since` read uses the (shop, updatedAt) index.
 */
export class PosCatalogueService {
  constructor(
    private readonly knex: Knex,
    private readonly rowSecurity: boolean
  ) {}

  async find(params: RecordParams = {}): Promise<PosCatalogue> {
    const query = request(params)
    const run = (trx: Knex.Transaction) => this.read(trx, query.shop, query.since)
    return this.rowSecurity ? enterWall(this.knex, query.shop, run) : this.knex.transaction(run)
  }

  private async read(trx: Knex.Transaction, shop: string, since: Date | null): Promise<PosCatalogue> {
    const state = ((await trx.raw(catalogueState, [shop])) as { rows: { version: Date | string | null; total: number }[] })
      .rows[0]
    const found = (await trx.raw(productsJson(since !== null), since ? [shop, since] : [shop])) as {
      rows: { products: string }[]
    }
    const removed = since
      ? ((await trx.raw(removedIds, [shop, since])) as { rows: { _id: string }[] }).rows.map((row) => row._id)
      : []
    const categories = (await trx('categories')
      .where({ shop })
      .orderBy('order')
      .orderBy('_id')
      .select('_id', 'name', 'order')) as PosCatalogue['categories']
    return {
      shop,
      version: state?.version ? new Date(state.version).toISOString() : null,
      total: Number(state?.total ?? 0),
      products: JSON.parse(found.rows[0].products) as PosCatalogue['products'],
      removed,
      categories: categories.map(({ order, ...category }) =>
        order === null || order === undefined ? category : { ...category, order }
      )
    }
  }
}
