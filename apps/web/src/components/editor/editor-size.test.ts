import { describe, expect, it } from 'vitest'
import type { FieldDef } from '../fields/field-types'
import { editorSize } from './editor-size'

const field = (type: FieldDef['type'], name: string = type) => ({ name, label: 'res.name', type }) as FieldDef

describe('editorSize', () => {
  it('makes a form of a few simple fields small', () => {
    expect(editorSize([field('translatable', 'name'), field('translatable', 'desc')])).toBe('small')
    expect(editorSize([field('translatable'), field('number'), field('boolean'), field('image')])).toBe('small')
  })

  it('keeps a longer form or one with a large input nearly full-screen', () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((name) => field('text', name))
    expect(editorSize(five)).toBe('large')
    expect(editorSize([field('translatable'), field('richtext')])).toBe('large')
    expect(editorSize([field('text'), field('list')])).toBe('large')
    expect(editorSize([field('text'), field('images')])).toBe('large')
  })
})
