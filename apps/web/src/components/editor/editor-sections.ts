import type { FieldDef } from '../fields/field-types'
import type { EditorSection } from '../data-table/resource'

export interface ShownSection {
  key: string
  title?: EditorSection['title']
  fields: FieldDef[]
}

/**
 * The cards an editor shows: each section with its shown fields in the definition's order, sections
 * with none left out, and the fields no section names in a last untitled card. No sections: one card.
 */
export const groupSections = (fields: readonly FieldDef[], sections: readonly EditorSection[] | undefined): ShownSection[] => {
  if (!sections?.length) return [{ key: 'all', fields: [...fields] }]
  const named = new Set(sections.flatMap((section) => section.fields))
  const cards: ShownSection[] = sections.map((section) => ({
    key: section.key,
    title: section.title,
    fields: fields.filter((field) => section.fields.includes(field.name))
  }))
  cards.push({ key: 'other', fields: fields.filter((field) => !named.has(field.name)) })
  return cards.filter((card) => card.fields.length > 0)
}
