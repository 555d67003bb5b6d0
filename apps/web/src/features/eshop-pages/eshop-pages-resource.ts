import { lazy } from 'react'
import { PAGE_PATH_PATTERN, pageSchema, servicePaths } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { translatablePaths } from '../../lib/table/search-query'
import { designPath } from './design-path'
import { eshopComponentsScreen, eshopPagesScreen } from './eshop-pages.screen'

const NewPageDialog = lazy(() => import('./new-page-dialog').then((m) => ({ default: m.NewPageDialog })))

const pathPattern = new RegExp(PAGE_PATH_PATTERN)
const SEO_PARTS = ['title', 'description', 'keywords'] as const

/**
 * A page as stored from its form: the form edits `seo.title`, `seo.description` and `seo.keywords` side by
 * side, the record keeps them in one `seo` object (the server refuses a dotted name); an empty one is left out.
 */
export const pageRecord = (values: Record<string, unknown>): Record<string, unknown> => {
  const record: Record<string, unknown> = {}
  const seo: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(values)) {
    const part = name.startsWith('seo.') ? name.slice('seo.'.length) : undefined
    if (part === undefined) record[name] = value
    else if ((SEO_PARTS as readonly string[]).includes(part) && value !== '' && value !== null && value !== undefined)
      seo[part] = value
  }
  return { ...record, seo }
}
const named = { searchFields: ['name'] }

/** Pages (spec §3.13): name, path, the component shown, SEO; searched by name, path and component (§3.16). */
export const eshopPagesResource = defineResource({
  screen: eshopPagesScreen,
  schema: pageSchema,
  name: 'page.one',
  urlKey: 'pages',
  empty: { text: 'empty.pages', action: 'empty.pagesAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'path', text: 'page.path', sortable: true },
    {
      value: 'component',
      text: 'page.component',
      lookup: { path: servicePaths.components },
      link: (row) => (row.component ? designPath(row.component) : undefined)
    },
    { value: 'seo.description', text: 'page.seo.description', kind: 'translatable' },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [
    { name: 'name', label: 'res.name', type: 'translatable', required: true },
    {
      name: 'path',
      label: 'page.path',
      type: 'text',
      required: true,
      validate: (value) => (typeof value === 'string' && value !== '' && !pathPattern.test(value) ? 'page.pathFormat' : undefined)
    },
    {
      name: 'component',
      label: 'page.component',
      type: 'select',
      required: true,
      source: { path: servicePaths.components, ...named }
    },
    { name: 'seo.title', label: 'page.seo.title', type: 'translatable' },
    { name: 'seo.description', label: 'page.seo.description', type: 'translatable', multiline: true },
    { name: 'seo.keywords', label: 'page.seo.keywords', type: 'translatable' }
  ],
  search: [
    { field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') },
    { field: 'path', type: 'regexp', label: 'page.path' },
    { field: 'component', type: 'select', label: 'page.component', source: { path: servicePaths.components, ...named } }
  ],
  defaults: () => ({ path: '/' }),
  prepare: (values) => pageRecord(values),
  // A page opens in its designer; its name, path and SEO are the designer's "Page settings" (decision 0163).
  open: (row) => designPath(String(row.component ?? '')),
  createDialog: NewPageDialog
})

/** Stored components (spec §3.15): listed by name; a row opens the page editor, "Add" a new design. */
export const eshopComponentsResource = defineResource({
  screen: eshopComponentsScreen,
  name: 'component.one',
  urlKey: 'components',
  empty: { text: 'empty.components', action: 'empty.componentsAdd' },
  columns: [
    { value: 'name', text: 'res.name', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [{ name: 'name', label: 'res.name', type: 'text', required: true }],
  search: [{ field: 'name', type: 'regexp', label: 'res.name' }],
  select: ['_id', 'name', 'updatedAt'],
  open: (row) => designPath(row._id),
  addRoute: designPath()
})
