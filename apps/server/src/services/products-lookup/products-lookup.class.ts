import { BadRequest, Conflict, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { CODE_TEXT_PATTERN, readEmbeddedCode, type BarcodeLayout, type ProductRecord } from '@emporia/shared'
import type { ProductService } from '../products/products'
import type { RecordParams } from '../../platform/records/record-service'
import type { ProductLookup } from './products-lookup.schema'

const CODE = new RegExp(CODE_TEXT_PATTERN)
const noSuchCode = () => new NotFound('No Such Code', { key: 'pos.error.noSuchCode' })
const tooMany = () => new Conflict('Too many matched products', { key: 'pos.error.tooManyMatched' })

/**
 * `products/lookup find {shop, code}` (spec §8.4): the shop's own product with that posCode or SKU
 * code, else an EAN-13 with an embedded price or weight read with the shop's barcode layouts. Only
 * the shop's own products: a product shared by another shop is not sold at this till.
 */
export class ProductLookupService {
  constructor(
    private readonly products: ProductService,
    private readonly knex: Knex
  ) {}

  async find(params: RecordParams = {}): Promise<ProductLookup> {
    const { shop, code, ...rest } = (params.query ?? {}) as Record<string, unknown>
    const unknown = Object.keys(rest)[0]
    if (unknown) throw new BadRequest(`"${unknown}" is not a known field`, { key: 'format.unknownField', field: unknown })
    if (typeof shop !== 'string') throw new BadRequest('Please select a shop first', { key: 'errors.noShop', field: 'shop' })
    if (typeof code !== 'string' || !CODE.test(code))
      throw new BadRequest('"code" is invalid', { key: 'format.invalid', field: 'code' })
    const exact = await this.read(shop, (q) =>
      q.where('posCode', code).orWhereRaw('skus @> ?::jsonb', [JSON.stringify([{ code }])])
    )
    if (exact.length > 1) throw tooMany()
    if (exact.length === 1) {
      const [product] = exact
      const sku = product.skus?.find((entry) => entry.code === code)
      return sku ? { product, sku: sku.id } : { product }
    }
    return this.embedded(shop, code)
  }

  private async embedded(shop: string, code: string): Promise<ProductLookup> {
    const row = (await this.knex('shops').select('barcodeLayouts').where('_id', shop).first()) as
      { barcodeLayouts?: BarcodeLayout[] | null } | undefined
    const read = readEmbeddedCode(code, row?.barcodeLayouts)
    if (read.kind === 'none') throw noSuchCode()
    if (read.kind === 'corrupted') throw new BadRequest('Corrupted Code', { key: 'pos.error.corruptedCode' })
    const found = await this.read(shop, (q) => q.whereIn('posCode', [...new Set(read.readings.flatMap((r) => r.itemCodes))]))
    const matches = read.readings.flatMap((reading) =>
      found.filter((product) => reading.itemCodes.includes(String(product.posCode))).map((product) => ({ reading, product }))
    )
    if (!matches.length) throw noSuchCode()
    // Item digits naming two posCodes ("001234", "1234"), or two layouts reading two products: no guessing.
    const readings = new Set(matches.map(({ reading, product }) => `${product._id} ${reading.layout.value} ${reading.value}`))
    if (readings.size > 1) throw tooMany()
    const [{ reading, product }] = matches
    if (reading.value <= 0) throw new BadRequest('Bad extra code', { key: 'pos.error.badExtraCode' })
    return reading.layout.value === 'price' ? { product, price: reading.value } : { product, weight: reading.value }
  }

  /**
   * The shop's own products matching a code, read as the server's own role with the shop named in
   * the query rather than behind the row-security wall: behind it a SKU code (`skus @> …`) can use no
   * index, and the walled transaction's round trips were most of a scan's time (docs/benchmarks.md);
   * the tenancy test proves a till never finds another shop's codes. The match has no order: sorted
   * by id with a limit, PostgreSQL sometimes walked the whole primary key (0.5 s) instead of the indexes.
   */
  private async read(shop: string, match: (q: Knex.QueryBuilder) => void): Promise<ProductRecord[]> {
    const rows = (await this.knex('products')
      .select('_id')
      .where('shop', shop)
      .where((q) => match(q))
      .limit(10)) as { _id: string }[]
    if (!rows.length) return []
    const params: RecordParams & { paginate: false } = {
      shop,
      query: { shop, _id: { $in: rows.map((row) => row._id) } },
      paginate: false
    }
    return this.products._find(params)
  }
}
