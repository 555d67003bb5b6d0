import { BadRequest } from '@feathersjs/errors'
import type { ImportTemplate } from '@emporia/shared'
import { CheckedRecordService } from '../../platform/records/checked-write'
import { checkScript } from '../../domains/imports/script'

type Row = Record<string, unknown>
const invalid = (field: string, message: string) => new BadRequest(message, { key: 'format.invalid', field })

/**
 * A template must be usable (decision 0164): data starts below the titles, a field is filled once, a
 * sheet column is named for what reads one, a constant has its value, and at least one column is a key.
 */
export const checkImportTemplate = (template: Row) => {
  if (Number(template.dataStartRow) <= Number(template.headerRow))
    throw invalid('dataStartRow', '"dataStartRow" must be below "headerRow"')
  const mappings = Array.isArray(template.mappings) ? (template.mappings as Row[]) : []
  const seen = new Set<unknown>()
  mappings.forEach((mapping, i) => {
    if (seen.has(mapping.field)) throw invalid(`mappings.${i}.field`, `"${String(mapping.field)}" is mapped twice`)
    seen.add(mapping.field)
    const constant = mapping.sourceType === 'constant'
    if (!constant && !String(mapping.header ?? '').trim())
      throw invalid(`mappings.${i}.header`, 'A mapping that reads the sheet needs its column title')
    if (constant && (mapping.value === undefined || mapping.key))
      throw invalid(`mappings.${i}.value`, 'A constant mapping needs its value and cannot be a key')
  })
  if (mappings.length && !mappings.some((mapping) => mapping.key))
    throw invalid('mappings', 'At least one column must be used as the key that finds existing records')
}

/** Import templates (spec §3.13), checked on the record as written. */
export class ImportTemplateService extends CheckedRecordService<ImportTemplate> {
  protected readonly check = async (template: Row) => {
    checkImportTemplate(template)
    // A script template needs no mappings (its output names the fields), but it must compile (decision 0171).
    if (typeof template.script === 'string' && template.script.trim()) await checkScript(template.script)
  }
}
