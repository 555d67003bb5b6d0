import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import {
  componentSchema,
  pageSchema,
  sharedMessage,
  sourceBudgetProblems,
  themeSchema,
  type ComponentModel,
  type SiteSnapshot
} from '@emporia/shared'
import { modelFromSchema, type Model } from '../../platform/db/query/model'
import { fieldError } from './site-errors'
import { lockSite } from './site-snapshot'

type Row = Record<string, unknown>

const models = {
  components: modelFromSchema('components', componentSchema),
  pages: modelFromSchema('pages', pageSchema),
  themes: modelFromSchema('themes', themeSchema)
} as const
export type DraftTable = keyof typeof models

/** A snapshot record as a row of its table: known fields only, JSON as text, the shop forced. */
const toRow = (model: Model, record: Row, shop: string): Row => {
  const row: Row = {}
  for (const field of model.fields.values()) {
    const value = record[field.name]
    if (value === undefined || value === null) continue
    row[field.name] = field.kind === 'json' ? JSON.stringify(value) : value
  }
  return { ...row, shop, updatedAt: new Date().toISOString() }
}

/**
 * A version published before the data-source caps (issue 28) may read more than a page may now: its
 * drafts could be neither saved nor published, so it is refused before anything is replaced.
 */
const restoreProblems = (snapshot: SiteSnapshot): BadRequest | undefined => {
  const components: Record<string, ComponentModel> = Object.fromEntries(snapshot.components.map((c) => [c._id, c]))
  for (const component of snapshot.components) {
    const problems = sourceBudgetProblems(component, components)
    if (!problems.length) continue
    const values = { name: component.name }
    return new BadRequest(sharedMessage('pages.cannotRestore', 'en', values), {
      key: 'pages.cannotRestore',
      values,
      errors: problems.map(({ path, key, values: more }) => ({
        field: `components.${component._id}.${path}`,
        key,
        ...(more ? { values: more } : {}),
        message: sharedMessage(key as Parameters<typeof sharedMessage>[0], 'en', more)
      }))
    })
  }
  return undefined
}

/** What a restore changed of one draft table: the records now there, and the ids of those before. */
export interface RestoredTable {
  before: Set<string>
  after: Row[]
}

/**
 * Copies version `version`'s snapshot back into the shop's drafts (decision 0107) inside the caller's
 * walled transaction: pages, components and the theme are replaced, keeping their ids. Serialised with
 * publishes. Answers the version row (its snapshot included) and what changed per table.
 */
export const restoreSite = async (trx: Knex.Transaction, shop: string, version: number) => {
  await lockSite(trx, shop)
  const row = (await trx('siteVersions').where({ shop, version }).first()) as Row | undefined
  if (!row) throw fieldError('restore', 'site.noSuchVersion', { version })
  const snapshot = (typeof row.snapshot === 'string' ? JSON.parse(row.snapshot) : row.snapshot) as SiteSnapshot
  const refused = restoreProblems(snapshot)
  if (refused) throw refused
  const wanted: Record<DraftTable, Row[]> = {
    pages: snapshot.pages,
    components: snapshot.components,
    themes: snapshot.theme ? [snapshot.theme] : []
  }
  const changes = {} as Record<DraftTable, RestoredTable>
  for (const table of ['pages', 'components', 'themes'] as const) {
    const removed = (await trx(table).where({ shop }).delete().returning('_id')) as { _id: string }[]
    const rows = wanted[table].map((record) => toRow(models[table], record, shop))
    const after = rows.length ? ((await trx(table).insert(rows).returning('*')) as Row[]) : []
    changes[table] = { before: new Set(removed.map((entry) => entry._id)), after }
  }
  return { row, changes }
}
