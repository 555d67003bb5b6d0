import type { PaginationOptions } from '@feathersjs/adapter-commons'
import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Id, NullableId, Paginated } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { isObjectId, type ProductData, type ProductPatch, type ProductRecord } from '@emporia/shared'
import { refreshShopProducts } from '../../domains/stock/product-stock'
import { userOf } from '../../domains/stock/service-support'
import { carrySkuStock, skuCarry } from '../../domains/stock/sku-carry'
import { RecordService, type RecordParams } from '../../platform/records/record-service'
import { statementName } from '../../platform/db/named-statements'
import { compileWhere } from '../../platform/db/query/where'
import { joinWall, leaveWall, wallStatement } from '../../platform/tenancy'
import { withCategoryIds } from './category-names'
import { checkProduct } from './product-rules'
import { productKeywords, productQuery, refuseKeywords, type StockSelection } from './product-search'
import { attachStock, stockColumnSql, takeStockColumn } from './product-stock'
import { checkProductLimit } from '../../domains/billing/limits'
import { sanitizeTran } from '../../domains/eshop/sanitize-component'
import { auditUser, nameText, pricesOf, recordChange } from '../../domains/audit/audit-log'

type Row = Record<string, unknown>

/** A batch (several products at once) only changes the status (the list's "set status" action). */
const BATCH_FIELDS = new Set(['status'])

const records = (result: unknown): Row[] =>
  (Array.isArray(result) ? result : result && typeof result === 'object' && 'data' in result ? result.data : [result]) as Row[]

/**
 * Derived stock is never written by a client: it comes from the inventory ledger (0040). The rich-text
 * content is cut down to the storefront's allowlist (decisions 0107, 0191), plain or through `$set`.
 */
const withoutDerived = <T>(data: T): T => {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data
  const { inventories: _derived, ...rest } = data as Row
  if (rest.content !== undefined) rest.content = sanitizeTran(rest.content)
  const set = rest.$set
  if (set && typeof set === 'object' && !Array.isArray(set) && (set as Row).content !== undefined)
    rest.$set = { ...set, content: sanitizeTran((set as Row).content) }
  if (Array.isArray(rest.skus))
    rest.skus = (rest.skus as Row[]).map((sku) => {
      if (!sku || typeof sku !== 'object') return sku
      const { quantity: _quantity, ...kept } = sku
      return kept
    })
  return rest as T
}

/** Whether a patch may change the SKUs (plainly or through an operator such as `$push: {skus}`). */
const mentionsSkus = (data: unknown): boolean =>
  Boolean(data && typeof data === 'object') &&
  Object.entries(data as Row).some(
    ([key, value]) => key === 'skus' || key.startsWith('skus.') || (key.startsWith('$') && mentionsSkus(value))
  )

const isPosCodeConflict = (error: unknown) =>
  error instanceof Conflict && (error.data as { constraint?: string } | undefined)?.constraint === 'shop_pos_code'

/**
 * Products (spec §3.7, docs/decisions/0040). Reads add the derived stock; writes are checked by
 * product-rules and keep `keywords`, in one transaction with the write.
 */
export class ProductService extends RecordService<ProductRecord, ProductData, ProductPatch> {
  private get db() {
    return this.options.db.knex
  }

  /**
   * A keyword search behind the row-security wall is found in two steps. PostgreSQL never uses an
   * index for a condition that is not leakproof (the keyword match) behind the wall, so a rare word
   * read every product of the shop (~200 ms for 100,000, docs/benchmarks.md). The ids of the page
   * and the total are therefore found as the owner, with the shop named in the query (scope-to-shop
   * or §6.3 visibility), through the trigram index; the rows themselves are then read behind the
   * wall, by id, with the query's other conditions again: every row that leaves still passes it.
   */
  override async find(params: RecordParams = {}): Promise<Paginated<ProductRecord> | ProductRecord[]> {
    if ((params.query as Row | undefined)?.normalizedCategories !== undefined)
      params = { ...params, query: await withCategoryIds(this.db, params.query as Row, params.shop) }
    const { $search, $select, $populate, $paginate, $limit, $skip, $cursor, ...conditions } = (params.query ?? {}) as Row
    if (!this.options.rowSecurity || !params.shop || $search === undefined) return super.find(params)
    // The first step runs before the record service's own check: a filter on the hidden keywords must
    // be refused here, or a search matching nothing would answer its total (docs/decisions/0103).
    if (params.provider) refuseKeywords(conditions)
    // A list screen asks for the columns it shows: checked as the record service checks them, before anything runs.
    const selection = productQuery({ $select })
    const columns = $select === undefined ? undefined : this.columns(selection.query.$select)
    const paging: RecordParams = $paginate === false || $paginate === 'false' ? { ...params, paginate: false } : { ...params }
    const idsQuery: Row = { ...conditions, $search, $limit, $skip, $cursor, $select: ['_id'] }
    const found: Paginated<ProductRecord> | ProductRecord[] = await this._find({ ...paging, query: idsQuery } as RecordParams)
    const ids = records(found).map((record) => String(record._id))
    const rows = !ids.length
      ? []
      : $populate === undefined && !params.transaction
        ? await this.pageWithStock(params, conditions, ids, columns, selection.stock)
        : records(
            await super.find({
              ...params,
              paginate: false,
              query: {
                ...conditions,
                $and: [...((conditions.$and as Row[]) ?? []), { _id: { $in: ids } }],
                $select,
                $populate
              } as Row
            })
          )
    const byId = new Map(rows.map((row) => [String(row._id), row]))
    // Rows as the record service answers them, which follow the products schema.
    const data = ids.flatMap((id) => byId.get(id) ?? []) as ProductRecord[]
    return Array.isArray(found) ? data : { ...found, data }
  }

  /**
   * The second step of a search in one statement behind the wall: the page's rows by id with the
   * query's other conditions again, and their stock as a column (what a plain read does in two).
   * Answered as the record service answers rows: no empty fields, no `keywords` for a client, only
   * the selected columns (`columns`, from the record service's own check), and stock only when
   * `inventories` or `skus` is selected (a list showing `cachedInventory` reads no stock row).
   */
  private async pageWithStock(
    params: RecordParams,
    conditions: Row,
    ids: string[],
    columns: string[] | undefined,
    stock: StockSelection
  ): Promise<Row[]> {
    const { $sort: _sort, ...where } = conditions
    const sql = compileWhere(this.options.model, where)
    const shop = params.shop as string
    const withStock = stock.inventories || stock.skus
    const rows = (await wallStatement(this.db, shop, async (db) => {
      const q = db('products').select(columns ? columns.map((column) => `products.${column}`) : 'products.*')
      if (withStock) q.select(db.raw(stockColumnSql, [shop]))
      // The page's ids as one array value: the statement's text is the same for every page of a search,
      // so it is prepared once per connection (0103). Every record id is an ObjectId (24 hex letters, the
      // record service gives one to every record), which needs no quoting in an array literal.
      const list = `{${ids.filter(isObjectId).join(',')}}`
      q.whereRaw(sql.sql, sql.bindings as Knex.RawBinding[]).whereRaw('products."_id" = any(?::bpchar[])', [list])
      const compiled = q.toSQL()
      const statement = db.raw(compiled.sql, compiled.bindings as Knex.RawBinding[])
      const name = statementName('emporia_search_page', compiled.sql)
      if (name) statement.options({ name })
      return ((await statement) as { rows: Row[] }).rows
    })) as Row[]
    // As the record service answers rows; a client's call never sees secrets, whatever it asked.
    const output = { ...params, withSecrets: !params.provider && params.withSecrets }
    const page = rows.map((row) => this.output(row, output))
    if (withStock) takeStockColumn(page, stock)
    return page
  }

  override async _find(params?: RecordParams & { paginate?: PaginationOptions }): Promise<Paginated<ProductRecord>>
  override async _find(params?: RecordParams & { paginate: false }): Promise<ProductRecord[]>
  override async _find(params?: RecordParams): Promise<Paginated<ProductRecord> | ProductRecord[]>
  override async _find(params: RecordParams = {}): Promise<Paginated<ProductRecord> | ProductRecord[]> {
    const { query, stock } = productQuery(params.query as Row)
    const result = await super._find({ ...params, query })
    // A walled read's stock is read behind the same session wall as its rows (0101).
    await attachStock(this.connection(params), records(result), stock, params.shop)
    return result
  }

  override async _get(id: Id, params: RecordParams = {}): Promise<ProductRecord> {
    const { query, stock } = productQuery(params.query as Row)
    const record = await super._get(id, { ...params, query })
    await attachStock(this.connection(params), [record], stock, params.shop)
    return record
  }

  override async create(data: ProductData | ProductData[], params: RecordParams = {}): Promise<ProductRecord | ProductRecord[]> {
    if (Array.isArray(data)) throw new BadRequest('Create one product at a time')
    return this.checked(null, params, (p) => super.create(withoutDerived(data), p))
  }

  /**
   * New products of one import batch (decision 0175), in the caller's transaction: the same validators
   * and rules as `create`, but set-based — one insert, one read back, one keywords update and one status
   * refresh for the lot instead of about a dozen statements per product. All or nothing: the importer
   * then creates the batch's products one by one, so a refusal names its own row. A `preview` (rolled
   * back by the caller) skips the keywords and the status: they are derived, refuse nothing, and would
   * write every row a second time (decision 0176).
   */
  async createMany(
    list: ProductData[],
    params: RecordParams & { transaction: Knex.Transaction; preview?: boolean }
  ): Promise<ProductRecord[]> {
    const trx = params.transaction
    const { query } = productQuery(params.query as Row)
    let created: ProductRecord[] = []
    try {
      // Only this call creates several at once: the service's clients still create one at a time.
      const many = { ...params, query, adapter: { multi: ['create'] } } as RecordParams
      created = (await super.create(list.map(withoutDerived), many)) as ProductRecord[]
    } catch (error) {
      if (isPosCodeConflict(error))
        throw new Conflict('This code is already used by another product', { key: 'errors.duplicateCode', field: 'posCode' })
      throw error
    }
    await this.asOwner(trx, params, async () => {
      if (params.shop) await checkProductLimit(trx, params.shop, (this.options as { billing?: boolean }).billing !== false)
      const ids = created.map((record) => String(record._id))
      const stored = (await trx('products').whereIn('_id', ids)) as Row[]
      const keywords: { id: string; keywords: string }[] = []
      for (const after of stored) {
        await checkProduct(trx, after, undefined, Boolean(params.provider), auditUser(params))
        const skus = Array.isArray(after.skus) ? (after.skus as Row[]) : []
        // A SKU quantity slipped in is dropped one product at a time, as `keepDerived` does (rare).
        if (skus.some((sku) => 'quantity' in sku)) await this.keepDerived(trx, after)
        else if (after.keywords !== productKeywords(after))
          keywords.push({ id: String(after._id), keywords: productKeywords(after) })
      }
      if (params.preview) return
      if (keywords.length)
        await trx.raw(
          'update products as p set keywords = k.keywords from (select unnest(?::text[]) as id, unnest(?::text[]) as keywords) k where p._id = k.id',
          [keywords.map((k) => k.id), keywords.map((k) => k.keywords)]
        )
      const byShop = new Map<string, string[]>()
      for (const after of stored) byShop.set(String(after.shop), [...(byShop.get(String(after.shop)) ?? []), String(after._id)])
      for (const [shop, owned] of byShop)
        // Only the status is taken from the refresh: a batch of hundreds reads no row twice (decision 0177).
        for (const row of await refreshShopProducts(trx, shop, owned, [], 'p._id, p.status'))
          this.takeStatus(
            created.find((record) => record._id === row._id),
            row,
            query
          )
    })
    return created
  }

  override async update(id: Id, data: ProductData, params: RecordParams = {}): Promise<ProductRecord> {
    return this.checked(id, params, (p) => super.update(id, withoutDerived(data), p), true)
  }

  override async patch(id: NullableId, data: ProductPatch, params: RecordParams = {}): Promise<ProductRecord | ProductRecord[]> {
    if (id === null) return this.batch(data, params)
    return this.checked(id, params, (p) => super.patch(id, withoutDerived(data), p), mentionsSkus(data))
  }

  /**
   * A product with stock on hand or reserved is not removed (400 `errors.productHasStock`): its
   * ledger would go with it, and the stock would vanish without a ledger row (docs/decisions/0040).
   * The product is locked first, so a stock operation waits for the removal and then finds no product.
   */
  override async remove(id: NullableId, params: RecordParams = {}): Promise<ProductRecord | ProductRecord[]> {
    if (id === null) return super.remove(id, params)
    const run = async (trx: Knex.Transaction) => {
      await this.asOwner(trx, params, async () => {
        await trx('products').where('_id', String(id)).forUpdate().first('_id')
        const held = (await trx('stocks')
          .where('product', String(id))
          .where((q) => q.whereNot('quantity', 0).orWhereNot('reserved', 0))
          .first('sku')) as { sku: string } | undefined
        if (held)
          throw new BadRequest('This product still has stock; take it away or move it first', {
            key: 'errors.productHasStock',
            sku: held.sku
          })
      })
      return super.remove(id, { ...params, transaction: trx })
    }
    return params.transaction ? run(params.transaction) : this.db.transaction(run)
  }

  /** The batch status change; which products the caller may change is settled by the products hooks. */
  private async batch(data: ProductPatch, params: RecordParams) {
    const fields = Object.keys(data ?? {})
    const other = fields.find((field) => !BATCH_FIELDS.has(field))
    if (!fields.length || other)
      throw new BadRequest('Several products at once can only change their status', {
        key: 'format.invalid',
        field: other ?? 'status'
      })
    if (params.provider && data.status === 'auto_soldOut')
      throw new BadRequest('auto_soldOut is set by the inventory only', { key: 'format.invalid', field: 'status' })
    const { query, stock } = productQuery(params.query as Row)
    // The status rule has the last word on a status a person sets, as on every product write (0070).
    const run = async (trx: Knex.Transaction) => {
      const result = await super.patch(null, data, { ...params, query, transaction: trx })
      await this.asOwner(trx, params, async () => {
        const byShop = new Map<string, Row[]>()
        for (const record of records(result))
          byShop.set(String(record.shop), [...(byShop.get(String(record.shop)) ?? []), record])
        for (const [shop, list] of byShop) {
          const rows = await refreshShopProducts(
            trx,
            shop,
            list.map((record) => String(record._id))
          )
          for (const row of rows)
            this.takeStatus(
              list.find((record) => record._id === row._id),
              row,
              query
            )
        }
      })
      return result
    }
    const result = params.transaction ? await run(params.transaction) : await this.db.transaction(run)
    await attachStock(this.db, records(result), stock, params.shop)
    return result
  }

  /** The status the rule gave, on the record a write answers (unless the caller selected other fields). */
  private takeStatus(record: Row | undefined, row: Row, query: Row) {
    if (record && (query.$select === undefined || 'status' in record)) record.status = row.status
  }

  /**
   * One write and its rules in one transaction: the write goes through the record service (behind the
   * row-security wall), then the rules read the record as written and keep its keywords. When the
   * SKUs change shape the stock follows them through the ledger (sku-carry.ts), and the status rule
   * runs on the product as written (docs/decisions/0070).
   */
  private async checked<T>(
    id: Id | null,
    params: RecordParams,
    write: (params: RecordParams) => Promise<T>,
    touchesSkus = false
  ): Promise<T> {
    const { query, stock } = productQuery(params.query as Row)
    const run = async (trx: Knex.Transaction) => {
      const before = id === null ? undefined : await this.lockForWrite(trx, String(id), params, touchesSkus)
      let result: T
      try {
        result = await write({ ...params, query, transaction: trx })
      } catch (error) {
        if (isPosCodeConflict(error))
          throw new Conflict('This code is already used by another product', { key: 'errors.duplicateCode', field: 'posCode' })
        throw error
      }
      await this.asOwner(trx, params, async () => {
        // A new product counts against the plan's limit (decision 0129), in the create's transaction.
        if (id === null && params.shop)
          await checkProductLimit(trx, params.shop, (this.options as { billing?: boolean }).billing !== false)
        for (const record of records(result)) {
          const after = (await trx('products').where('_id', String(record._id)).first()) as Row
          await checkProduct(trx, after, before, Boolean(params.provider), auditUser(params))
          // A price changed, of the product or of a SKU: the audit log keeps it (decision 0137).
          if (before)
            await recordChange(trx, {
              shop: String(after.shop),
              user: auditUser(params),
              area: 'products',
              action: 'products.price',
              target: String(after._id),
              targetName: nameText(after.name),
              before: pricesOf(before),
              after: pricesOf(after)
            })
          await this.keepDerived(trx, after)
          const carry = skuCarry(before, after)
          const product = { _id: String(after._id), shop: String(after.shop) }
          if (carry)
            await carrySkuStock(trx, product, carry, {
              env: { app: this.app, counts: this.options.counts },
              user: userOf(params)
            })
          const [row] = await refreshShopProducts(trx, product.shop, [product._id])
          if (row) this.takeStatus(record, row, query)
        }
        await attachStock(trx, records(result), stock, params.shop)
      })
      return result
    }
    return params.transaction ? run(params.transaction) : this.db.transaction(run)
  }

  /**
   * Locks the product for its write and answers it as it was. A write that may change the SKUs
   * (whose stock may then move) first locks the product's stock rows, in the ledger's order: stock
   * rows, then the product, so it never waits in a circle with a sale (docs/decisions/0040).
   */
  private async lockForWrite(trx: Knex.Transaction, id: string, params: RecordParams, touchesSkus: boolean) {
    let before: Row | undefined
    await this.asOwner(trx, params, async () => {
      const owner = touchesSkus ? ((await trx('products').where('_id', id).first('shop')) as Row | undefined) : undefined
      if (owner)
        await trx('stocks')
          .where({ shop: String(owner.shop), product: id })
          .orderBy(['warehouse', 'sku'])
          .forUpdate()
          .select('_id')
      before = (await trx('products').where('_id', id).forUpdate().first()) as Row | undefined
    })
    return before
  }

  /**
   * The rules read the product's own shop, which a partner shop writing a shared product (§6.3)
   * cannot see behind the wall: they run as the owner, with that shop named in every query.
   */
  private async asOwner(trx: Knex.Transaction, params: RecordParams, run: () => Promise<void>) {
    const walled = Boolean(this.options.rowSecurity && params.shop)
    if (walled) await leaveWall(trx)
    await run()
    // A caller's own transaction goes on behind the wall, as the record service leaves it.
    if (walled && params.transaction) await joinWall(trx, params.shop as string)
  }

  /** `keywords` follows every write; a SKU quantity slipped in by a patch operator is dropped. */
  private async keepDerived(trx: Knex.Transaction, product: Row) {
    const changes: Row = {}
    const keywords = productKeywords(product)
    if (product.keywords !== keywords) changes.keywords = keywords
    const skus = Array.isArray(product.skus) ? (product.skus as Row[]) : []
    if (skus.some((sku) => 'quantity' in sku)) changes.skus = JSON.stringify(skus.map(({ quantity: _q, ...sku }) => sku))
    if (Object.keys(changes).length)
      await trx('products')
        .where('_id', product._id as string)
        .update(changes)
  }
}
