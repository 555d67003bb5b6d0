import { localeIds, type ExportColumn, type LocaleId } from '@emporia/shared'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { exportColumns } from '../../lib/export-api'
import type { FieldDef } from '../fields/field-types'
import type { ResourceDefinition } from './resource'

type Translate = (key: AnyMessageKey) => string

/**
 * The columns of one editor field in an "All fields" export (decision 0071): a text in every language
 * (`name.en`, `name.cht`, `name.chs`), amounts as amounts, choices as their labels, references as the
 * referenced record's name. Media, rich text, a screen's own inputs and nested lists are left out: a
 * spreadsheet cell cannot hold them usefully.
 */
const fieldColumns = (field: FieldDef, t: Translate, prefix = '', label = t(field.label)): ExportColumn[] => {
  const path = `${prefix}${field.name}`
  switch (field.type) {
    case 'translatable':
      return localeIds.map((lang: LocaleId) => ({
        field: path,
        header: `${label} (${t(`lang.${lang}`)})`,
        kind: 'translatable',
        lang
      }))
    case 'text':
    case 'email':
    case 'textarea':
    case 'textList':
    case 'colour':
      return [{ field: path, header: label, kind: 'text' }]
    case 'number':
      return [{ field: path, header: label, kind: 'number' }]
    case 'money':
      return [{ field: path, header: label, kind: 'money' }]
    case 'boolean':
      return [{ field: path, header: label, kind: 'boolean' }]
    case 'date':
    case 'datetime':
      return [{ field: path, header: label, kind: 'date' }]
    case 'select': {
      const source = field.source
      if ('enumList' in source)
        return [
          {
            field: path,
            header: label,
            kind: 'text',
            enum: Object.fromEntries(Object.entries(source.enumList).map(([value, key]) => [value, t(key)]))
          }
        ]
      return [{ field: path, header: label, ref: { path: source.path, textField: source.textField, itemKey: source.valueField } }]
    }
    case 'recordItem': {
      const { path: list, from, list: items, valueField, textField } = field.source
      return [
        { field: path, header: label, ref: { path: list, from: `${prefix}${from}`, list: items, itemKey: valueField, textField } }
      ]
    }
    default:
      return []
  }
}

/**
 * Every field of the records of a list: an ID, each editor field (see fieldColumns), the list's own
 * columns that no field covers (stock, dates), and with `exportRows` that list's items, one row each.
 */
export const exportAllColumns = (definition: ResourceDefinition, t: Translate): ExportColumn[] => {
  const columns: ExportColumn[] = [{ field: definition.itemKey ?? '_id', header: t('export.id'), kind: 'text' }]
  for (const field of definition.fields) {
    if (field.type === 'list' && field.name === definition.exportRows) {
      const list = t(field.label)
      if (!field.noItemId)
        columns.push({ field: `${field.name}.${field.itemKey ?? 'id'}`, header: `${list} – ${t('export.id')}` })
      for (const item of field.fields) columns.push(...fieldColumns(item, t, `${field.name}.`, `${list} – ${t(item.label)}`))
    } else columns.push(...fieldColumns(field, t))
  }
  const covered = new Set(definition.fields.map((field) => field.name))
  return [
    ...columns,
    ...exportColumns(
      definition.columns.filter((column) => !covered.has(column.value.split('.')[0])),
      t
    )
  ]
}
