import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { componentProblems, sharedMessage, type ComponentModel, type SiteSnapshot } from '@emporia/shared'
import { newObjectId } from '../../platform/http/object-id'
import { placementProblems } from './component-graph'
import { nameOf } from './site-errors'
import { lockSite, readDrafts } from './site-snapshot'

type Row = Record<string, unknown>

/** Refuses a site that would not render: a page without its component, a component with problems. */
export const publishProblems = (snapshot: SiteSnapshot): BadRequest | undefined => {
  const components: Record<string, ComponentModel> = Object.fromEntries(snapshot.components.map((c) => [c._id, c]))
  for (const page of snapshot.pages)
    if (!Object.hasOwn(components, page.component)) {
      const name = nameOf(page.name)
      return new BadRequest(sharedMessage('site.cannotPublish', 'en', { name }), {
        key: 'site.cannotPublish',
        values: { name },
        errors: [
          { field: `pages.${page._id}.component`, key: 'pages.noSuchComponent', message: sharedMessage('pages.noSuchComponent') }
        ]
      })
    }
  for (const component of snapshot.components) {
    const problems = [
      ...componentProblems(component, components),
      ...placementProblems(component._id, component.content, components)
    ]
    if (!problems.length) continue
    return new BadRequest(sharedMessage('site.cannotPublish', 'en', { name: component.name }), {
      key: 'site.cannotPublish',
      values: { name: component.name },
      errors: problems.map(({ path, key, values }) => ({
        field: `components.${component._id}.${path}`,
        key,
        ...(values ? { values } : {}),
        message: sharedMessage(key as Parameters<typeof sharedMessage>[0], 'en', values)
      }))
    })
  }
  return undefined
}

/**
 * Publishes the shop's drafts (decision 0107) inside the caller's walled transaction: reads theme,
 * pages and components as one picture, refuses what would not render, and writes version n+1 with
 * the snapshot. Publishes of one shop are serialised by a lock, so no two get the same number (the
 * unique index would refuse it anyway). Answers the new row.
 */
export const publishSite = async (trx: Knex.Transaction, shop: string, note: string | null, createdBy: string | null) => {
  await lockSite(trx, shop)
  const snapshot = await readDrafts(trx, shop)
  const refused = publishProblems(snapshot)
  if (refused) throw refused
  const last = (await trx('siteVersions').where({ shop }).max({ version: 'version' }).first()) as {
    version: number | string | null
  }
  const [row] = (await trx('siteVersions')
    .insert({
      _id: newObjectId(),
      shop,
      version: Number(last?.version ?? 0) + 1,
      note,
      createdBy,
      snapshot: JSON.stringify(snapshot)
    })
    .returning('*')) as Row[]
  return row
}
