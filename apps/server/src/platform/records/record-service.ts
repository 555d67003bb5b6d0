import { AdapterBase, type AdapterParams, type AdapterServiceOptions, type PaginationOptions } from '@feathersjs/adapter-commons'
import { BadRequest, MethodNotAllowed } from '@feathersjs/errors'
import { recordNotFound } from './not-found'
import type { Id, NullableId, Paginated } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { isObjectId, type Page } from '@emporia/shared'
import type { Db } from '../db/knex'
import { toFeathersError } from '../db/pg-errors'
import { afterCursor, decodeCursor, encodeCursor } from '../db/query/cursor'
import type { Model } from '../db/query/model'
import { compilePatchOperators, findArrayMatch, plainSetFields } from '../db/query/patch-ops'
import { orderBy, parseSort } from '../db/query/sort'
import { compileWhere, type Sql } from '../db/query/where'
import { newObjectId } from '../http/object-id'
import type { App } from '../http/server-services'
import { enterWall, joinWall, wallSession } from '../tenancy'
import type { CountCache, Counted } from './count-cache'
import { parsePopulate, populate } from './populate'
import { assertValid, dataValidators, stripReadOnly, type DataValidators } from './validate-data'

type Row = Record<string, unknown>

export interface RecordParams extends AdapterParams {
  transaction?: Knex.Transaction
  /** Internal only: include `secret` fields (the local login strategy needs the password hash). */
  withSecrets?: boolean
  /** The shop scope-to-shop resolved; a shop-scoped record is created in it, whatever the data says. */
  shop?: string
  /** Internal: a read's statements, each behind the call's row-security wall on its own (docs/decisions/0101). */
  wallDb?: Knex
  /**
   * Internal callers get exact totals; they may ask for one counted only up to this many records
   * (answered with `totalPrecision: 'atLeast'` beyond it), as external calls are (TOTAL_CAP). `false`:
   * exact, also on an external call's behalf (an export announces its row count).
   */
  totalCap?: number | false
}

export interface RecordOptions extends AdapterServiceOptions {
  model: Model
  db: Db
  counts: CountCache
  /** Fields that never leave the server (password hashes, codes). */
  secret?: string[]
  /** Most rows one external call may receive. */
  maxLimit?: number
  /** PostgreSQL row-level security is set up: shop-bound calls run as the scoped role (0020). */
  rowSecurity?: boolean
  /** External calls' uncached totals are counted up to this many records (TOTAL_CAP); `false`: exactly. */
  totalCap?: number | false
}

const bind = (sql: Sql) => sql.bindings as Knex.RawBinding[]

const FILTERS = new Set(['$limit', '$skip', '$sort', '$select', '$populate', '$cursor', '$paginate'])
const PATCH_OPERATOR_KEYS = new Set(['$push', '$set', '$pull', '$unset'])
/**
 * An external search's total that is not in the count cache is counted up to this many records, or to
 * the end of the asked page when that is further (docs/decisions/0101): beyond it the answer is
 * "at least this many" (`totalPrecision: 'atLeast'`), and the count costs what finding about twice
 * page 5's rows costs rather than what reading every match costs (list-postgres, every total
 * uncached, alternating rounds: 200 served 12.3×, 500 7.2×, 1,000 5.8× what the exact count served;
 * only 200 reached the 500 req/s of issue 17).
 */
export const TOTAL_CAP = 200

const TEXT_OPERATORS = new Set(['$regex', '$like', '$ilike', '$search'])

/**
 * Whether a query looks for text (a search box, a `$regex`): only such a total is capped (0101). Its count
 * must test every candidate's text, while a plain filter's total is an index count the cache keeps, and a
 * list without a search shows its exact size (a virtual table's scrollbar spans it, spec §9.4).
 */
const searches = (value: unknown, depth = 0): boolean => {
  if (!value || typeof value !== 'object' || depth > 10) return false
  return Object.entries(value).some(([key, inner]) => TEXT_OPERATORS.has(key) || searches(inner, depth + 1))
}
/** Rows per INSERT of a batch create (bind parameters stay far below PostgreSQL's 65,535). */
const INSERT_CHUNK = 500

/**
 * The one service base over PostgreSQL/PGlite (docs/decisions/0006-service-base.md). Public
 * methods are what clients reach (through hooks); `_`-methods are the adapter, used internally.
 * Every write is one SQL statement, so patch/update/remove with a query are atomic.
 */
export class RecordService<Result = Row, Data = Partial<Result>, PatchData = Partial<Data>> extends AdapterBase<
  Result,
  Data,
  PatchData,
  RecordParams,
  RecordOptions
> {
  app?: App
  private readonly validators: DataValidators

  constructor(options: RecordOptions) {
    super({ id: options.model.idField, ...options })
    this.validators = dataValidators(options.model)
  }

  async setup(app: App) {
    this.app = app
  }

  get model() {
    return this.options.model
  }

  private get knex() {
    return this.options.db.knex
  }

  /** Where a call's statements run: its transaction, else a read's walled session, else the pool. */
  protected connection(params?: RecordParams): Knex {
    return params?.transaction ?? params?.wallDb ?? this.knex
  }

  private table(params?: RecordParams) {
    return this.connection(params)(this.model.table)
  }

  // ---- public methods: boundary checks, then the adapter -------------------------------------

  async find(params?: RecordParams): Promise<Paginated<Result> | Result[]> {
    return this.inShop(this.intake(params), (p) => this._find(p), 'read')
  }

  async get(id: Id, params?: RecordParams): Promise<Result> {
    const p = this.intake(params)
    this.checkId(id, p)
    return this.inShop(p, (q) => this._get(id, q), 'read')
  }

  async create(data: Data | Data[], params?: RecordParams): Promise<Result | Result[]> {
    const p = this.intake(params)
    if (Array.isArray(data) && !this.allowsMulti('create', p)) throw new MethodNotAllowed('Can not create multiple entries')
    return this.inShop(p, (q) => this._create(data, q))
  }

  async update(id: Id, data: Data, params?: RecordParams): Promise<Result> {
    const p = this.intake(params)
    if (id === null || Array.isArray(data)) throw new BadRequest("You can not replace multiple instances. Did you mean 'patch'?")
    this.checkId(id, p)
    return this.inShop(p, (q) => this._update(id, data, q))
  }

  async patch(id: NullableId, data: PatchData, params?: RecordParams): Promise<Result | Result[]> {
    const p = this.intake(params)
    if (id === null && !this.allowsMulti('patch', p)) throw new MethodNotAllowed('Can not patch multiple entries')
    if (id !== null) this.checkId(id, p)
    return this.inShop(p, (q) => this._patch(id, data, q))
  }

  async remove(id: NullableId, params?: RecordParams): Promise<Result | Result[]> {
    const p = this.intake(params)
    if (id === null && !this.allowsMulti('remove', p)) throw new MethodNotAllowed('Can not remove multiple entries')
    if (id !== null) this.checkId(id, p)
    return this.inShop(p, (q) => this._remove(id, q))
  }

  /** Whether this call runs behind the row-security wall: a shop-bound call on a shop-scoped table. */
  private walled(params: RecordParams): params is RecordParams & { shop: string } {
    return Boolean(this.options.rowSecurity && params.shop && this.model.fields.has('shop'))
  }

  /**
   * The second wall (docs/decisions/0020): a shop-bound call's statements run as the scoped role
   * with its shop set, so PostgreSQL itself refuses rows of other shops even if a query is wrong.
   * A read's statements (page, total, a get) each stand alone, so they run outside a transaction on
   * connections whose session is behind the wall (0101): one round trip each, page and total side by
   * side. A write keeps its walled transaction (patch operators, batches and the count cache's
   * invalidation at commit rely on it).
   */
  private inShop<T>(
    params: RecordParams,
    run: (params: RecordParams) => Promise<T>,
    kind: 'read' | 'write' = 'write'
  ): Promise<T> {
    if (!this.walled(params)) return run(params)
    const { shop } = params
    if (params.transaction) return joinWall(params.transaction, shop).then(() => run(params))
    if (kind === 'read') return run({ ...params, wallDb: wallSession(this.knex, shop) })
    return enterWall(this.knex, shop, (trx) => run({ ...params, transaction: trx }))
  }

  /** Clients may not ask for secrets, and `$paginate: false` in a query turns paging off. */
  private intake(params: RecordParams = {}): RecordParams {
    const external = Boolean(params.provider)
    const { $paginate, ...query } = (params.query ?? {}) as Row
    if (external) this.refuseSecrets(query)
    const result: RecordParams = { ...params, query, withSecrets: external ? false : params.withSecrets }
    if ($paginate === false || $paginate === 'false') result.paginate = false
    return result
  }

  /**
   * A secret field (a password hash, the search keywords) is no part of a client's query: filtered
   * on, it would answer yes/no questions about its value, and sorted by, its values would travel in
   * the `$cursor`. It is answered as unknown, like a field that does not exist (docs/decisions/0068).
   */
  private refuseSecrets(query: Row, depth = 0) {
    const secret = this.options.secret
    if (!secret?.length || depth > 10) return
    const refuse = (key: string) => {
      if (secret.includes(key.split('.')[0]))
        throw new BadRequest(`Unknown field "${key}"`, { key: 'format.unknownField', field: key })
    }
    for (const [key, value] of Object.entries(query)) {
      if (key === '$or' || key === '$and') {
        const list = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : []
        for (const sub of list) if (sub && typeof sub === 'object') this.refuseSecrets(sub as Row, depth + 1)
      } else if (key === '$sort') {
        if (value && typeof value === 'object') Object.keys(value).forEach(refuse)
      } else if (!key.startsWith('$')) refuse(key)
    }
  }

  private checkId(id: Id, params: RecordParams) {
    if (params.provider && !isObjectId(id)) throw new BadRequest(`"${String(id)}" is not a valid id`)
  }

  // ---- reads ----------------------------------------------------------------------------------

  private split(query: Row = {}) {
    const filters: Row = {}
    const where: Row = {}
    for (const [key, value] of Object.entries(query)) {
      if (FILTERS.has(key)) filters[key] = value
      else where[key] = value
    }
    return { filters, where: compileWhere(this.model, where), raw: where }
  }

  /** The columns a `$select` reads: the id always, known fields only (400 otherwise), never a secret one. */
  protected columns(select: unknown, extra: string[] = []): string[] {
    if (select === undefined) return []
    const list = typeof select === 'string' ? select.split(',') : select
    if (!Array.isArray(list) || !list.every((s) => typeof s === 'string'))
      throw new BadRequest('$select must be a list of fields')
    const columns = new Set([this.model.idField, ...extra])
    for (const name of list as string[]) {
      const head = name.split('.')[0]
      if (!this.model.fields.has(head)) throw new BadRequest(`Unknown field "${name}" in $select`, { field: name })
      if (!this.options.secret?.includes(head)) columns.add(head)
    }
    return [...columns]
  }

  private limits(filters: Row, params: RecordParams) {
    const { paginate } = this.getOptions(params)
    const paged = Boolean(paginate && paginate.default)
    const max = (paged && paginate && paginate.max) || this.options.maxLimit || 1000
    const parse = (name: string, value: unknown) => {
      if (value === undefined || value === '') return undefined
      const n = Number(value)
      if (!Number.isInteger(n) || n < -1) throw new BadRequest(`${name} must be a whole number`)
      return n
    }
    const skip = parse('$skip', filters.$skip) ?? 0
    if (skip < 0) throw new BadRequest('$skip must not be negative')
    const asked = parse('$limit', filters.$limit)
    let limit: number | undefined
    if (paged) {
      const fallback = (paginate && paginate.default) || max
      limit = Math.min(asked === undefined ? fallback : asked === -1 ? max : asked, max)
    } else if (asked !== undefined && asked !== -1) limit = asked
    // An external caller never gets an unbounded list: one row more than allowed tells it apart.
    const guard = !paged && params.provider && (limit === undefined || limit > max) ? max : undefined
    if (guard !== undefined) limit = guard + 1
    return { paged, skip, limit, guard }
  }

  async _find(params?: RecordParams & { paginate?: PaginationOptions }): Promise<Paginated<Result>>
  async _find(params?: RecordParams & { paginate: false }): Promise<Result[]>
  async _find(params?: RecordParams): Promise<Paginated<Result> | Result[]>
  async _find(params: RecordParams = {}): Promise<Paginated<Result> | Result[]> {
    try {
      const { filters, where, raw } = this.split(params.query as Row)
      const { paged, skip, limit, guard } = this.limits(filters, params)
      const sort = parseSort(this.model, filters.$sort)
      const cursorMode = filters.$cursor !== undefined
      const cursor = cursorMode ? decodeCursor(sort, filters.$cursor) : null
      const selected = this.columns(filters.$select, cursorMode ? sort.map((k) => k.column) : [])
      const specs = parsePopulate(this.model, filters.$populate)

      const reverse = cursor?.direction === 'previous'
      const conditions: Sql[] = [where]
      if (cursor) conditions.push(afterCursor(sort, cursor))
      const order = orderBy(sort, reverse)
      const pageSize = limit ?? Number.MAX_SAFE_INTEGER

      // A page is found by id first, then its rows are read: the inner query can be answered from
      // an index that covers the filter and sort (an index-only scan, no row read per skipped or
      // filtered-out entry), and only the page's rows are fetched (docs/benchmarks.md).
      const ids = this.table(params).select(this.id)
      for (const c of conditions) ids.whereRaw(c.sql, bind(c))
      ids.orderByRaw(order.sql, bind(order))
      if (limit !== undefined) ids.limit(cursorMode ? limit + 1 : limit)
      if (skip && !cursorMode) ids.offset(skip)
      // `= any(array(…))` rather than `in (…)`: the same page, without the hash step PostgreSQL plans for `in`.
      // A page of ids alone (a search's first step) is the inner query itself: reading the rows again
      // by id would fetch 20 rows from the table for nothing (0103).
      const idsOnly = limit !== undefined && selected.length === 1 && selected[0] === this.id && !cursorMode
      const q: Knex.QueryBuilder = idsOnly
        ? ids
        : limit === undefined
          ? ids.clearSelect()
          : this.table(params).whereRaw('?? = any(array(?))', [this.id, ids]).orderByRaw(order.sql, bind(order))
      if (selected.length && !idsOnly) q.select(selected)

      const countNeeded = paged && !cursorMode
      const [rows, counted] = await Promise.all([
        limit === 0 ? Promise.resolve([] as Row[]) : (q as Promise<Row[]>),
        countNeeded ? this.count(where, raw, params, skip + (limit ?? 0)) : Promise.resolve<Counted>({ total: -1 })
      ])
      if (guard !== undefined && rows.length > guard) {
        throw new BadRequest(`More than ${guard} records match; ask for them in pages ($limit and $skip)`)
      }
      let pageRows = rows
      let cursors: Page<Row>['cursors']
      if (cursorMode) {
        const more = rows.length > pageSize
        pageRows = more ? rows.slice(0, pageSize) : rows
        if (reverse) pageRows.reverse()
        const first = pageRows[0]
        const last = pageRows[pageRows.length - 1]
        const hasPrevious = reverse ? more : Boolean(cursor)
        const hasNext = reverse ? true : more
        cursors = {
          previous: first && hasPrevious ? encodeCursor(sort, first, 'previous') : null,
          next: last && hasNext ? encodeCursor(sort, last, 'next') : null
        }
      }
      // Cursor mode reads the sort columns too; what the caller selected is what it gets back.
      const visible = this.selected(params)
      const data = pageRows.map((row) => this.output(row, params, visible))
      if (specs.length && this.app) await populate(this.app, this.model.table, data, specs, params)
      if (!paged) return data as Result[]
      const page: Page<Row> = { total: counted.total, limit: limit ?? 0, skip: cursorMode ? 0 : skip, data }
      if (counted.atLeast) page.totalPrecision = 'atLeast'
      if (cursors) page.cursors = cursors
      // Rows as output() answers them, typed as the service's record (`Result` is only known to the subclass).
      return page as unknown as Paginated<Result>
    } catch (error) {
      throw toFeathersError(error)
    }
  }

  /**
   * The list's total: exact for internal callers (exports, rebuilds and summaries loop or report on
   * it), counted up to a cap for external ones unless the count cache already holds it (0101). An
   * exact total and a capped one are cached under different keys.
   */
  private async count(where: Sql, raw: Row, params: RecordParams, pageEnd: number): Promise<Counted> {
    const shop = typeof raw.shop === 'string' ? raw.shop : null
    const asked = params.totalCap ?? (params.provider && searches(raw) ? (this.options.totalCap ?? TOTAL_CAP) : false)
    // The page being read is inside the total's reach, however deep it is.
    const cap = asked === false ? undefined : Math.max(asked, pageEnd)
    const run = async (): Promise<Counted> => {
      const matching = this.table(params).whereRaw(where.sql, bind(where))
      if (cap === undefined) {
        const [{ total }] = (await matching.count({ total: '*' })) as { total: number }[]
        return { total: Number(total) }
      }
      // One row past the cap tells "exactly cap" from "more than cap".
      const db = this.connection(params)
      const [{ total }] = (await db.count({ total: '*' }).from(
        matching
          .select(db.raw('1'))
          .limit(cap + 1)
          .as('capped')
      )) as { total: number }[]
      const n = Number(total)
      return n > cap ? { total: cap, atLeast: true } : { total: n }
    }
    // Inside a transaction the caller may see its own uncommitted writes: never cache those.
    if (params.transaction) return run()
    // A walled read's total runs behind the same session wall (`wallDb`), also when the cache
    // refreshes it in the background after the request has ended.
    const key = `${cap ?? 'exact'}\u0000${where.sql}\u0000${JSON.stringify(bind(where))}`
    return this.options.counts.total(this.model.table, shop, key, run)
  }

  async _get(id: Id, params: RecordParams = {}): Promise<Result> {
    try {
      if (!isObjectId(id)) throw recordNotFound(id)
      const { filters, where } = this.split(params.query as Row)
      const q = this.table(params).where(this.model.idField, id).whereRaw(where.sql, bind(where)).first()
      const selected = this.columns(filters.$select)
      if (selected.length) q.select(selected)
      const row = (await q) as Row | undefined
      if (!row) throw recordNotFound(id)
      const data = this.output(row, params)
      const specs = parsePopulate(this.model, filters.$populate)
      if (specs.length && this.app) await populate(this.app, this.model.table, [data], specs, params)
      return data as Result
    } catch (error) {
      throw toFeathersError(error)
    }
  }

  // ---- writes ---------------------------------------------------------------------------------

  async _create(data: Data, params?: RecordParams): Promise<Result>
  async _create(data: Data[], params?: RecordParams): Promise<Result[]>
  async _create(data: Data | Data[], params?: RecordParams): Promise<Result | Result[]>
  async _create(data: Data | Data[], params: RecordParams = {}): Promise<Result | Result[]> {
    try {
      const list = (Array.isArray(data) ? data : [data]) as Row[]
      if (!list.length) return []
      const rows = list.map((item, index) => {
        // In a batch, an error names the record too (`3.price`), as a path inside the data sent.
        const at = Array.isArray(data) ? String(index) : ''
        if (!item || typeof item !== 'object' || Array.isArray(item))
          throw new BadRequest('Data must be an object', { key: 'format.invalid', ...(at ? { field: at } : {}) })
        const record = params.provider ? stripReadOnly(this.model, item) : { ...item }
        if (params.shop && this.model.fields.has('shop')) record.shop = params.shop
        assertValid(this.validators.create, record, at)
        if (!isObjectId(record[this.id])) record[this.id] = newObjectId()
        return this.toRow(record)
      })
      const insert = async (using: RecordParams) => {
        const created: Row[] = []
        for (let i = 0; i < rows.length; i += INSERT_CHUNK)
          created.push(
            ...((await this.table(using)
              .insert(rows.slice(i, i + INSERT_CHUNK))
              .returning('*')) as Row[])
          )
        return created
      }
      // More than one statement: all of the batch or none of it, as one statement would be.
      const created =
        rows.length > INSERT_CHUNK && !params.transaction
          ? await this.knex.transaction((trx) => insert({ ...params, transaction: trx }))
          : await insert(params)
      this.written(created, params)
      const visible = this.selected(params)
      const out = created.map((row) => this.output(row, params, visible))
      return (Array.isArray(data) ? out : out[0]) as Result | Result[]
    } catch (error) {
      throw toFeathersError(error)
    }
  }

  async _update(id: Id, data: Data, params: RecordParams = {}): Promise<Result> {
    try {
      if (!isObjectId(id)) throw recordNotFound(id)
      if (!data || typeof data !== 'object' || Array.isArray(data)) throw new BadRequest('Data must be an object')
      const record = stripReadOnly(this.model, data as Row)
      if (!params.provider) {
        // Internal callers may set server-owned fields, but never move a record to another id.
        for (const [key, value] of Object.entries(data as Row))
          if (key !== this.id && this.model.fields.get(key)?.readOnly) record[key] = value
      }
      assertValid(this.validators.create, record)
      const values: Row = this.toRow(record)
      // A replace resets every client-owned field the data leaves out to its default.
      for (const field of this.model.fields.values()) {
        if (!field.readOnly && !(field.name in values)) values[field.name] = this.knex.raw('default')
      }
      if (this.model.fields.has('updatedAt')) values.updatedAt = this.knex.fn.now()
      const { where } = this.split(params.query as Row)
      const rows = (await this.table(params)
        .where(this.id, id)
        .whereRaw(where.sql, bind(where))
        .update(values)
        .returning('*')) as Row[]
      if (!rows.length) throw recordNotFound(id)
      this.written(rows, params)
      return this.output(rows[0], params, this.selected(params)) as Result
    } catch (error) {
      throw toFeathersError(error)
    }
  }

  async _patch(id: null, data: PatchData, params?: RecordParams): Promise<Result[]>
  async _patch(id: Id, data: PatchData, params?: RecordParams): Promise<Result>
  async _patch(id: NullableId, data: PatchData, params?: RecordParams): Promise<Result | Result[]>
  async _patch(id: NullableId, data: PatchData, params: RecordParams = {}): Promise<Result | Result[]> {
    try {
      if (id !== null && !isObjectId(id)) throw recordNotFound(id)
      if (!data || typeof data !== 'object' || Array.isArray(data)) throw new BadRequest('Data must be an object')
      const input = data as Row
      const plain: Row = {}
      for (const [key, value] of Object.entries(input)) {
        if (PATCH_OPERATOR_KEYS.has(key)) continue
        if (key.startsWith('$')) throw new BadRequest(`Unknown update operator ${key}`)
        plain[key] = value
      }
      Object.assign(plain, plainSetFields(input))
      const record = params.provider ? stripReadOnly(this.model, plain) : plain
      delete record[this.id]
      assertValid(this.validators.patch, record)

      const { where, raw } = this.split(params.query as Row)
      const sets = new Map<string, Sql>()
      compilePatchOperators(this.model, input, findArrayMatch(this.model, raw), sets)
      this.checkPull(input.$pull)
      const values: Row = this.toRow(record)
      for (const [column, sql] of sets) {
        if (column in values) throw new BadRequest(`"${column}" is changed twice in one patch`, { field: column })
        values[column] = this.knex.raw(sql.sql, sql.bindings as Knex.RawBinding[])
      }
      if (this.model.fields.has('updatedAt')) values.updatedAt = this.knex.fn.now()
      const update = async (using: RecordParams) => {
        const q = this.table(using).whereRaw(where.sql, bind(where))
        if (id !== null) q.where(this.id, id)
        const rows = (await q.update(values).returning('*')) as Row[]
        // What an operator made of a field is checked like a plain write of that field (docs/decisions/0068).
        for (const row of rows) this.checkOperatorResult(row, sets)
        return rows
      }
      // An operator's result is only known once the database applied it: a refused result is rolled
      // back (a savepoint inside the caller's transaction), so a bad item never stays stored.
      const rows = !sets.size
        ? await update(params)
        : params.transaction
          ? await params.transaction.transaction((trx) => update({ ...params, transaction: trx }))
          : await this.knex.transaction((trx) => update({ ...params, transaction: trx }))
      if (id !== null && !rows.length) throw recordNotFound(id)
      return this.answered(rows, id, params)
    } catch (error) {
      throw toFeathersError(error)
    }
  }

  /** A `$pull` condition names an item (or some of its fields) as the list's schema allows. */
  private checkPull(pull: unknown) {
    if (!pull || typeof pull !== 'object') return
    for (const [column, condition] of Object.entries(pull)) {
      const validate = this.validators.pull.get(column)
      if (validate) assertValid(validate, structuredClone(condition), column)
    }
  }

  /** The fields operators changed, as stored, against the schema: the same errors as a plain patch. */
  private checkOperatorResult(row: Row, sets: Map<string, Sql>) {
    const changed: Row = {}
    for (const column of sets.keys()) if (row[column] !== null && row[column] !== undefined) changed[column] = row[column]
    // A copy: the validator fills defaults in, and the row is what the caller gets back.
    assertValid(this.validators.patch, structuredClone(changed))
  }

  async _remove(id: null, params?: RecordParams): Promise<Result[]>
  async _remove(id: Id, params?: RecordParams): Promise<Result>
  async _remove(id: NullableId, params?: RecordParams): Promise<Result | Result[]>
  async _remove(id: NullableId, params: RecordParams = {}): Promise<Result | Result[]> {
    try {
      if (id !== null && !isObjectId(id)) throw recordNotFound(id)
      const { where } = this.split(params.query as Row)
      const q = this.table(params).whereRaw(where.sql, bind(where))
      if (id !== null) q.where(this.id, id)
      const rows = (await q.delete().returning('*')) as Row[]
      if (id !== null && !rows.length) throw recordNotFound(id)
      return this.answered(rows, id, params)
    } catch (error) {
      throw toFeathersError(error)
    }
  }

  // ---- helpers --------------------------------------------------------------------------------

  /** What a patch or remove answers: the written rows (announced to the count cache), as the caller may see them. */
  private answered(rows: Row[], id: NullableId, params: RecordParams): Result | Result[] {
    this.written(rows, params)
    const visible = this.selected(params)
    const out = rows.map((row) => this.output(row, params, visible))
    return (id === null ? out : out[0]) as Result | Result[]
  }

  private selected(params: RecordParams) {
    const select = (params.query as Row | undefined)?.$select
    return select === undefined ? undefined : this.columns(select)
  }

  /** Record → row: JSON columns are sent as JSON text (the pg driver would make arrays into SQL arrays). */
  private toRow(record: Row): Row {
    const row: Row = {}
    for (const [key, value] of Object.entries(record)) {
      if (value === undefined) continue
      const field = this.model.fields.get(key)
      if (!field) throw new BadRequest(`"${key}" is not a known field`, { field: key })
      row[key] = field.kind === 'json' && value !== null ? JSON.stringify(value) : value
    }
    return row
  }

  /** Row → record: NULL columns are left out (an unset field is absent), secrets removed. */
  protected output(row: Row, params: RecordParams, columns?: string[]): Row {
    const record: Row = {}
    for (const [key, value] of Object.entries(row)) {
      if (value === null || value === undefined) continue
      if (columns && !columns.includes(key)) continue
      if (!params.withSecrets && this.options.secret?.includes(key)) continue
      record[key] = value
    }
    return this.present(record, params)
  }

  /**
   * The service's last word on every record it answers (reads, writes, and so their events): derived
   * fields, nested values that must never leave.
   */
  protected present(record: Row, _params: RecordParams): Row {
    return record
  }

  /** After a write: counts of the touched table (and shops) are stale — now, and again at commit. */
  private written(rows: Row[], params: RecordParams) {
    if (!rows.length) return
    const shops = this.model.fields.has('shop') ? rows.map((row) => String(row.shop)) : null
    this.options.counts.invalidate(this.model.table, shops)
    params.transaction?.executionPromise
      .finally(() => this.options.counts.invalidate(this.model.table, shops))
      .catch(() => undefined)
  }
}
