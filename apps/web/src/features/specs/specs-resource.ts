import { type SpecType, specSchema } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { translatablePaths } from '../../lib/table/search-query'
import { specsScreen } from './specs.screen'

/** Spec §9.8 specType with the labels of §3.7 (checkbox, multi, number, single, text, tran). */
const specTypeLabels: Record<SpecType, AnyMessageKey> = {
  number: 'spec.type.number',
  boolean: 'spec.type.boolean',
  enum: 'spec.type.enum',
  multiEnum: 'spec.type.multiEnum',
  string: 'spec.type.string',
  tran: 'spec.type.tran'
}

const withOptions = (type: unknown) => type === 'enum' || type === 'multiEnum'

/** Spec definitions (spec §3.7): typed product properties. No route of their own: a tab of the products page. */
export const specsResource = defineResource({
  screen: specsScreen,
  schema: specSchema,
  name: 'spec.one',
  urlKey: 'specs',
  empty: { text: 'empty.specs', action: 'empty.specsAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'type', text: 'spec.type', enumList: specTypeLabels, sortable: true },
    { value: 'searchable', text: 'spec.searchable', kind: 'boolean' },
    { value: 'tag', text: 'spec.tag' },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [
    { name: 'name', label: 'res.name', type: 'translatable', required: true },
    { name: 'type', label: 'spec.type', type: 'select', required: true, source: { enumList: specTypeLabels } },
    {
      name: 'options',
      label: 'spec.options',
      type: 'list',
      wide: true,
      hidden: (values) => !withOptions(values.type),
      fields: [{ name: 'name', label: 'res.name', type: 'translatable', required: true }]
    },
    { name: 'min', label: 'spec.min', type: 'number', hidden: (values) => values.type !== 'number' },
    { name: 'max', label: 'spec.max', type: 'number', hidden: (values) => values.type !== 'number' },
    { name: 'searchable', label: 'spec.searchable', type: 'boolean' },
    { name: 'tag', label: 'spec.tag', type: 'text' }
  ],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }],
  defaults: () => ({ type: 'string' }),
  // Options and limits belong to the types that use them; a switched type leaves none behind.
  prepare: (data) => ({
    ...data,
    options: withOptions(data.type) ? (data.options ?? []) : [],
    ...(data.type === 'number' ? {} : { min: null, max: null })
  })
})
