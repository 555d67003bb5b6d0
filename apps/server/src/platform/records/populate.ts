import { BadRequest } from '@feathersjs/errors'
import type { Application, Params } from '@feathersjs/feathers'
import { serviceRules, type PopulateSpec } from '@emporia/shared'
import { schemaAt, splitPath } from '../db/query/json-path'
import type { Model } from '../db/query/model'

type Row = Record<string, unknown>

interface Resolved {
  path: string[]
  service: string
  select?: string[]
}

const MAX_PATHS = 10

/** `$populate: ['icon', {path: 'images', select: ['src']}]` → the reference fields to resolve. */
export const parsePopulate = (model: Model, value: unknown): Resolved[] => {
  if (value === undefined || value === null || value === '') return []
  const list = (Array.isArray(value) ? value : [value]) as PopulateSpec[]
  if (list.length > MAX_PATHS) throw new BadRequest(`$populate takes at most ${MAX_PATHS} paths`)
  return list.map((spec) => {
    const { path, select } = typeof spec === 'string' ? { path: spec, select: undefined } : (spec ?? {})
    if (typeof path !== 'string') throw new BadRequest('$populate entries need a path')
    if (select !== undefined && (!Array.isArray(select) || !select.every((s) => typeof s === 'string'))) {
      throw new BadRequest(`$populate select for "${path}" must be a list of fields`)
    }
    const [head, ...rest] = splitPath(path)
    const field = model.fields.get(head)
    const leaf = field && (rest.length ? schemaAt(field.schema, rest) : field.schema)
    const ref = leaf as { ref?: string; items?: { ref?: string } } | null | undefined
    const service = ref?.ref ?? ref?.items?.ref
    if (!service) throw new BadRequest(`"${path}" cannot be populated`, { field: path })
    return { path: [head, ...rest], service, select }
  })
}

/** Visits every id at `path` in `rows` (through arrays), letting `replace` swap it for its record. */
const visit = (node: unknown, path: string[], replace: (id: unknown) => unknown): unknown => {
  if (Array.isArray(node)) return node.map((item) => visit(item, path, replace)).filter((v) => v !== undefined)
  if (!path.length) return replace(node)
  if (!node || typeof node !== 'object') return node
  const [head, ...rest] = path
  const record = node as Row
  if (!(head in record)) return node
  const value = visit(record[head], rest, replace)
  // A reference to a record that is gone (or not visible to this caller) becomes null.
  record[head] = value === undefined ? null : value
  return node
}

/** The shop a row belongs to: its `shop`, or its own id for a shop record (a shop's icon is in that shop). */
const owningShop = (table: string, row: Row): string | undefined =>
  typeof row.shop === 'string' ? row.shop : table === 'shops' && typeof row._id === 'string' ? row._id : undefined

/**
 * Resolves references with one `find` per path, whatever the number of rows (never one query
 * per row). The find goes through the referenced service's hooks with the caller's identity,
 * so populate can never show a record the caller could not read directly.
 *
 * A shop-scoped service is asked within a shop (docs/decisions/0068): the caller's shop when the
 * call has one, so a reference to another shop's record populates as null; else the shop each row
 * belongs to (a list of one's shops and their icons), one find per path and shop.
 */
export const populate = async (
  app: Application,
  table: string,
  rows: Row[],
  specs: Resolved[],
  params: Params & { user?: unknown; shop?: string }
) => {
  for (const spec of specs) {
    const scoped = serviceRules[spec.service] !== undefined
    const byShop = new Map<string | undefined, Set<string>>()
    for (const row of rows) {
      const shop = !scoped ? undefined : (params.shop ?? owningShop(table, row))
      // An outside caller reads a shop-scoped record only within a shop; with none known there is nothing to show.
      if (scoped && !shop && params.provider) continue
      visit(row, spec.path, (id) => {
        if (typeof id === 'string') byShop.set(shop, (byShop.get(shop) ?? new Set()).add(id))
        return id
      })
    }
    const found = new Map<string, Row>()
    for (const [shop, ids] of byShop) {
      const query: Row = { _id: { $in: [...ids] }, $limit: ids.size }
      if (shop) query.shop = shop
      if (spec.select) query.$select = [...new Set(['_id', ...spec.select])]
      const records = (await app.service(spec.service).find({
        provider: params.provider,
        user: params.user,
        authentication: params.authentication,
        connection: params.connection,
        // Same transaction as the caller: on PGlite (one connection) anything else would wait on it.
        transaction: (params as { transaction?: unknown }).transaction,
        query,
        paginate: false
      } as Params)) as Row[]
      // Keyed by shop too: the same id asked in two shops is only what that shop may see.
      for (const record of records) found.set(`${shop ?? ''}:${String(record._id)}`, record)
    }
    for (const row of rows) {
      const shop = !scoped ? undefined : (params.shop ?? owningShop(table, row))
      visit(row, spec.path, (id) => (typeof id === 'string' ? (found.get(`${shop ?? ''}:${id}`) ?? undefined) : id))
    }
  }
}
