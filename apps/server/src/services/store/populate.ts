import { BadRequest } from '@feathersjs/errors'
import type { Application, Params } from '@feathersjs/feathers'
import type { PopulateSpec } from '@emporia/shared'
import { schemaAt, splitPath } from '../../db/query/json-path'
import type { Model } from '../../db/query/model'

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

/**
 * Resolves references with one `find` per path, whatever the number of rows (never one query
 * per row). The find goes through the referenced service's hooks with the caller's identity,
 * so populate can never show a record the caller could not read directly.
 */
export const populate = async (app: Application, rows: Row[], specs: Resolved[], params: Params & { user?: unknown }) => {
  for (const spec of specs) {
    const ids = new Set<string>()
    for (const row of rows) {
      visit(row, spec.path, (id) => {
        if (typeof id === 'string') ids.add(id)
        return id
      })
    }
    if (!ids.size) continue
    const query: Row = { _id: { $in: [...ids] }, $limit: ids.size }
    if (spec.select) query.$select = [...new Set(['_id', ...spec.select])]
    const found = (await app.service(spec.service).find({
      provider: params.provider,
      user: params.user,
      authentication: params.authentication,
      connection: params.connection,
      // Same transaction as the caller: on PGlite (one connection) anything else would wait on it.
      transaction: (params as { transaction?: unknown }).transaction,
      query,
      paginate: false
    } as Params)) as Row[]
    const byId = new Map(found.map((record) => [record._id as string, record]))
    for (const row of rows) visit(row, spec.path, (id) => (typeof id === 'string' ? (byId.get(id) ?? undefined) : id))
  }
}
