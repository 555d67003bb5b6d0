import { importSourceTypes, importTargets, importTemplateSchema, type ImportSourceType, type ImportTarget } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { translatablePaths } from '../../lib/table/search-query'
import { importTemplatesScreen } from './import-templates.screen'

const sourceTypeLabels = Object.fromEntries(importSourceTypes.map((type) => [type, `importTemplate.source.${type}`])) as Record<
  ImportSourceType,
  AnyMessageKey
>
/** Each list an import can write: its name and route; its import screen opens over the list (`?import=1`, decision 0170). */
const targets: Record<ImportTarget, { label: AnyMessageKey; route: string }> = {
  products: { label: 'importTemplate.target.products', route: '/products' },
  categories: { label: 'route.eshop/categories', route: '/eshop/categories' },
  brands: { label: 'route.eshop/brands', route: '/eshop/brands' },
  shopUsers: { label: 'route.shopUsers', route: '/shopUsers' },
  companyUsers: { label: 'route.companyUsers', route: '/companyUsers' },
  discounts: { label: 'route.discounts', route: '/discounts' },
  inventories: { label: 'route.warehouses/inventories', route: '/warehouses/inventories' }
}
const targetLabels = Object.fromEntries(importTargets.map((target) => [target, targets[target].label])) as Record<
  string,
  AnyMessageKey
>

/** Import templates (spec §3.13): how a kind of spreadsheet maps onto a list (decision 0164). */
export const importTemplatesResource = defineResource({
  screen: importTemplatesScreen,
  schema: importTemplateSchema,
  name: 'importTemplate.one',
  urlKey: 'importTemplates',
  empty: { text: 'empty.importTemplates', action: 'empty.importTemplatesAdd' },
  columns: [
    { value: 'name', text: 'res.name', kind: 'translatable', sortable: true },
    { value: 'targetRoute', text: 'importTemplate.targetRoute', enumList: targetLabels },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [
    { name: 'name', label: 'res.name', type: 'translatable', required: true },
    {
      name: 'targetRoute',
      label: 'importTemplate.targetRoute',
      type: 'select',
      required: true,
      source: { enumList: targetLabels }
    },
    { name: 'sheetName', label: 'importTemplate.sheetName', type: 'text' },
    { name: 'headerRow', label: 'importTemplate.headerRow', type: 'number', integer: true, required: true },
    { name: 'dataStartRow', label: 'importTemplate.dataStartRow', type: 'number', integer: true, required: true },
    // importWithScript (decision 0171): a script over each row; when set, the columns below are optional.
    { name: 'script', label: 'importTemplate.script', type: 'textarea', wide: true },
    {
      name: 'mappings',
      label: 'importTemplate.mappings',
      type: 'list',
      noItemId: true,
      wide: true,
      fields: [
        { name: 'field', label: 'importTemplate.field', type: 'text', required: true },
        { name: 'header', label: 'importTemplate.header', type: 'text' },
        {
          name: 'sourceType',
          label: 'importTemplate.sourceType',
          type: 'select',
          required: true,
          source: { enumList: sourceTypeLabels }
        },
        { name: 'value', label: 'importTemplate.value', type: 'text' },
        { name: 'key', label: 'importTemplate.key', type: 'boolean' }
      ]
    }
  ],
  // "Import a file": the import screen of the list chosen, opened over that list.
  links: [
    {
      key: 'importFile',
      label: 'importTemplate.importFile',
      route: `${targets.products.route}?import=1`,
      menu:
        importTargets.length > 1
          ? importTargets.map((target) => ({
              key: target,
              label: targets[target].label,
              route: `${targets[target].route}?import=1`
            }))
          : undefined
    }
  ],
  search: [{ field: 'name', type: 'regexp', label: 'res.name', paths: translatablePaths('name') }],
  defaults: () => ({ targetRoute: 'products', headerRow: 1, dataStartRow: 2, mappings: [] })
})
