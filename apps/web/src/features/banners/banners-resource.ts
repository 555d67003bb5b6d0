import { bannerProblem, bannerSchema, type BannerStatus, type BannerType } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import dayjs from 'dayjs'
import type { Values } from '../../lib/form-values'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { translatablePaths } from '../../lib/table/search-query'
import { bannersScreen } from './banners.screen'

/** The shared rule, shown on its field as the merchant edits. */
const showable = (field: 'image' | 'expiry') => (_value: unknown, values: Values) => {
  const problem = bannerProblem(values)
  return problem?.field === field ? problem.key : undefined
}

const typeLabels: Record<BannerType, AnyMessageKey> = { app: 'banner.type.app', website: 'banner.type.website' }
const statusLabels: Record<BannerStatus, AnyMessageKey> = { draft: 'banner.status.draft', published: 'banner.status.published' }

/**
 * What is saved: a date input's day becomes the record's date-time; an emptied date or address is
 * cleared rather than left as it was. Only the fields the editor sends are touched.
 */
const prepareBanner = (values: Values): Values => {
  const out: Values = { ...values }
  const empty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && !value.trim())
  if ('date' in out) out.date = empty(out.date) ? null : dayjs(out.date as string).toISOString()
  for (const name of ['publish', 'expiry', 'url'])
    if (name in out)
      out[name] = empty(out[name]) ? null : typeof out[name] === 'string' ? (out[name] as string).trim() : out[name]
  return out
}

/** Banners (spec §3.13): pictures or videos shown in the app or on the website, in order (decision 0077). */
export const bannersResource = defineResource({
  screen: bannersScreen,
  schema: bannerSchema,
  name: 'banner.one',
  urlKey: 'banners',
  empty: { text: 'empty.banners', action: 'empty.bannersAdd' },
  columns: [
    { value: 'image', text: 'banner.image', kind: 'image', noCard: true },
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'type', text: 'banner.type', enumList: typeLabels, sortable: true },
    { value: 'status', text: 'banner.status', enumList: statusLabels, sortable: true },
    { value: 'order', text: 'res.order', kind: 'number', sortable: true },
    { value: 'publish', text: 'banner.publish', kind: 'datetime', sortable: true },
    { value: 'expiry', text: 'banner.expiry', kind: 'datetime', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [
    { name: 'name', label: 'res.name', type: 'translatable', required: true },
    { name: 'type', label: 'banner.type', type: 'select', required: true, source: { enumList: typeLabels } },
    { name: 'status', label: 'banner.status', type: 'select', required: true, source: { enumList: statusLabels } },
    { name: 'order', label: 'res.order', type: 'number', integer: true },
    { name: 'image', label: 'banner.image', type: 'image', validate: showable('image') },
    { name: 'media', label: 'banner.media', type: 'video' },
    { name: 'url', label: 'banner.url', type: 'text', wide: true },
    { name: 'publish', label: 'banner.publish', type: 'datetime' },
    { name: 'expiry', label: 'banner.expiry', type: 'datetime', validate: showable('expiry') },
    { name: 'date', label: 'banner.date', type: 'date' }
  ],
  search: [
    { field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') },
    { field: 'type', type: 'enum', label: 'banner.type', enumList: typeLabels },
    { field: 'status', type: 'enum', label: 'banner.status', enumList: statusLabels }
  ],
  defaults: () => ({ type: 'website', status: 'draft' }),
  prepare: prepareBanner
})
