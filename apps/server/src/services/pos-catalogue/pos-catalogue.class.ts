import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { POS_ROW_FIELDS, type PosCatalogue } from '@emporia/shared'
import { enterWall } from '../../platform/tenancy'
import type { RecordParams } from '../../platform/records/record-service'
import { PreparedAnswer } from './pos-catalogue-answer'
import { CatalogueCache, SINCE_OVERLAP_MS, type CatalogueFormat, type CatalogueState } from './pos-catalogue-cache'
import { catalogueState, changedRows } from './pos-catalogue-sql'

export { SINCE_OVERLAP_MS } from './pos-catalogue-cache'

const request = (params: RecordParams) => {
  const { shop, since, format, ...rest } = (params.query ?? {}) as Record<string, unknown>
  const unknown = Object.keys(rest)[0]
  if (unknown) throw new BadRequest(`"${unknown}" is not a known field`, { key: 'format.unknownField', field: unknown })
  if (typeof shop !== 'string') throw new BadRequest('Please select a shop first', { key: 'errors.noShop', field: 'shop' })
  if (format !== undefined && format !== 'rows' && format !== 'objects')
    throw new BadRequest('"format" is invalid', { key: 'format.invalid', field: 'format' })
  const shape: CatalogueFormat = format === 'rows' ? 'rows' : 'objects'
  if (since === undefined || since === '') return { shop, since: null, format: shape }
  if (typeof since !== 'string' || Number.isNaN(Date.parse(since)))
    throw new BadRequest('"since" is invalid', { key: 'format.invalid', field: 'since' })
  return { shop, since: new Date(Date.parse(since) - SINCE_OVERLAP_MS), format: shape }
}

type Categories = PosCatalogue['categories']

/**
 * `pos/catalogue find {shop, since?}` (decision 0096): every product the shop's POS may sell in a
 * compact form with the categories, or with `since` only the products changed since then (read from a
 * little before it) and the ids of those no longer sold; `total` lets the till notice products deleted
 * outright. The whole answer comes from this process's copy of the shop's catalogue, patched with the
 * changes since it was last read (CatalogueCache); over REST its text is sent as built.
 */
export class PosCatalogueService {
  private readonly cache = new CatalogueCache()
  /**
   * The gzip of each shop's last whole answer per form (objects, rows), by the answer's revision, head and
   * categories: a till of each form does not undo the other's.
   */
  private readonly zipped = new Map<string, Map<string, Promise<Buffer>>>()

  constructor(
    private readonly knex: Knex,
    private readonly rowSecurity: boolean
  ) {}

  async find(params: RecordParams = {}): Promise<PosCatalogue> {
    const { shop, since, format } = request(params)
    const run = async (trx: Knex.Transaction) => {
      const raw = (await trx.raw(catalogueState, [shop])) as { rows: { version: Date | string | null; total: number }[] }
      const state: CatalogueState = {
        version: raw.rows[0]?.version ? new Date(raw.rows[0].version) : null,
        total: Number(raw.rows[0]?.total ?? 0)
      }
      const categories = await this.categories(trx, shop)
      return since
        ? this.changes(trx, shop, since, state, categories)
        : this.whole(trx, shop, state, categories, format, params.provider)
    }
    return this.rowSecurity ? enterWall(this.knex, shop, run) : this.knex.transaction(run)
  }

  private head(shop: string, state: CatalogueState) {
    return { shop, version: state.version ? state.version.toISOString() : null, total: state.total }
  }

  private async whole(
    trx: Knex.Transaction,
    shop: string,
    state: CatalogueState,
    categories: Categories,
    format: CatalogueFormat,
    provider?: string
  ) {
    const products = await this.cache.productsText(trx, shop, state, format)
    // The lean form (decision 0144) names its fields once; `products` is then empty and `rows` holds them.
    const lean = format === 'rows' ? { format: 'rows', fields: POS_ROW_FIELDS, products: [] } : {}
    const head = JSON.stringify({ ...this.head(shop, state), ...lean }).slice(0, -1)
    const tail = `"removed":[],"categories":${JSON.stringify(categories)}}`
    const text = `${head},"${format === 'rows' ? 'rows' : 'products'}":${products.text},${tail}`
    if (provider !== 'rest') return JSON.parse(text) as PosCatalogue
    for (const kept of this.zipped.keys()) if (!this.cache.has(kept.split(' ')[0])) this.zipped.delete(kept)
    const slot = `${shop} ${format}`
    if (!this.zipped.has(slot)) this.zipped.set(slot, new Map())
    // Equal keys are equal texts: they share one gzip (the slot keeps the last one only).
    const answer = new PreparedAnswer(text, { key: `${products.revision}${head}${tail}`, slot: this.zipped.get(slot)! })
    // Sent as built by the service's Koa step (pos-catalogue-answer.ts); an object to anything else.
    return answer as unknown as PosCatalogue
  }

  private async changes(trx: Knex.Transaction, shop: string, since: Date, state: CatalogueState, categories: Categories) {
    const { rows } = (await trx.raw(changedRows, [shop, since])) as { rows: { _id: string; json: string | null }[] }
    return {
      ...this.head(shop, state),
      products: rows.filter((row) => row.json !== null).map((row) => JSON.parse(row.json!) as PosCatalogue['products'][number]),
      removed: rows.filter((row) => row.json === null).map((row) => row._id),
      categories
    }
  }

  private async categories(trx: Knex.Transaction, shop: string): Promise<Categories> {
    const rows = (await trx('categories')
      .where({ shop })
      .orderBy('order')
      .orderBy('_id')
      .select('_id', 'name', 'order')) as Categories
    return rows.map(({ order, ...category }) => (order === null || order === undefined ? category : { ...category, order }))
  }
}
