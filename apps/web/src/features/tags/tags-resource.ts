import { tagSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import { translatablePaths } from '../../lib/table/search-query'
import { tagsScreen } from './tags.screen'

/** Tags (spec §3.7). No route of their own: a tab of the products page. `admin` is set by the server. */
export const tagsResource = defineResource({
  screen: tagsScreen,
  schema: tagSchema,
  name: 'tag.one',
  urlKey: 'tags',
  empty: { text: 'empty.tags', action: 'empty.tagsAdd' },
  columns: [
    { value: 'icon', text: 'res.icon', kind: 'image', noCard: true },
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'showOnCard', text: 'tag.showOnCard', kind: 'boolean' },
    { value: 'date', text: 'tag.date', kind: 'date', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [
    { name: 'name', label: 'res.name', type: 'translatable', required: true },
    { name: 'showOnCard', label: 'tag.showOnCard', type: 'boolean' },
    { name: 'date', label: 'tag.date', type: 'datetime' },
    { name: 'desc', label: 'res.desc', type: 'translatable', multiline: true, wide: true },
    { name: 'icon', label: 'res.icon', type: 'image' },
    { name: 'banner', label: 'res.banner', type: 'image' }
  ],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }]
})
