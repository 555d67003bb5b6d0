import { miniTopicSchema, servicePaths, type MiniTopicStatus } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import type { Row } from '../../lib/resource-client'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { editPath } from '../../lib/screens/screen'
import { translatablePaths } from '../../lib/table/search-query'
import { miniTopicsScreen } from './mini-topics.screen'

const statusLabels: Record<MiniTopicStatus, AnyMessageKey> = {
  draft: 'miniTopic.status.draft',
  published: 'miniTopic.status.published'
}

/** Topic pages (spec §2.2): campaign pages of the mini-program and the app, shown once published (decision 0205). */
export const miniTopicsResource = defineResource({
  screen: miniTopicsScreen,
  schema: miniTopicSchema,
  name: 'miniTopic.one',
  urlKey: 'miniTopics',
  empty: { text: 'empty.miniTopics', action: 'empty.miniTopicsAdd' },
  columns: [
    { value: 'banner', text: 'miniTopic.banner', kind: 'image', noCard: true },
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'status', text: 'miniTopic.status', enumList: statusLabels, sortable: true },
    { value: 'price', text: 'miniTopic.price', kind: 'money', sortable: true },
    {
      value: 'products',
      text: 'miniTopic.productCount',
      render: (row: Row) => String((row.products as unknown[] | undefined)?.length ?? 0)
    },
    { value: 'order', text: 'res.order', kind: 'number', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [
    { name: 'name', label: 'res.name', type: 'translatable', required: true },
    { name: 'status', label: 'miniTopic.status', type: 'select', required: true, source: { enumList: statusLabels } },
    { name: 'price', label: 'miniTopic.price', type: 'money' },
    { name: 'order', label: 'res.order', type: 'number', integer: true },
    { name: 'desc', label: 'res.desc', type: 'translatable', multiline: true, wide: true },
    { name: 'banner', label: 'miniTopic.banner', type: 'image' },
    {
      name: 'products',
      label: 'miniTopic.products',
      type: 'select',
      multiple: true,
      wide: true,
      source: { path: servicePaths.products, searchFields: translatablePaths('name') }
    },
    { name: 'content', label: 'miniTopic.content', type: 'richtext' }
  ],
  search: [
    { field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') },
    { field: 'status', type: 'enum', label: 'miniTopic.status', enumList: statusLabels }
  ],
  addRoute: editPath(miniTopicsScreen),
  defaults: () => ({ status: 'draft', products: [] })
})
