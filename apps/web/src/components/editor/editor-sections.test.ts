import { describe, expect, it } from 'vitest'
import type { FieldDef } from '../fields/field-types'
import { groupSections } from './editor-sections'

const field = (name: string): FieldDef => ({ name, label: 'res.name', type: 'text' })
const fields = ['name', 'price', 'images', 'notes'].map(field)

describe('editor sections', () => {
  it('keeps one card of every field without sections', () => {
    expect(groupSections(fields, undefined)).toEqual([{ key: 'all', fields }])
  })

  it('groups fields by section in the fields’ order, the unnamed last, empty sections left out', () => {
    const cards = groupSections(fields, [
      { key: 'media', title: 'res.name', fields: ['images'] },
      { key: 'basics', title: 'res.name', fields: ['price', 'name'] },
      { key: 'seo', title: 'res.name', fields: ['seo'] }
    ])
    expect(cards.map((card) => [card.key, card.fields.map((f) => f.name)])).toEqual([
      ['media', ['images']],
      ['basics', ['name', 'price']],
      ['other', ['notes']]
    ])
  })
})
