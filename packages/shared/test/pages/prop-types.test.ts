import { describe, expect, it } from 'vitest'
import { browseKeys, browseType, defaultForType, isAssignable, itemType, parseType } from '../../src/pages/prop-types'
import { themeComponents } from '../../src/pages/theme-components'
import { isTypeRef } from '../../src/pages/prop-types'

describe('page model types (spec §3.15)', () => {
  it('reads a type name and its list depth, and refuses unknown or malformed ones', () => {
    expect(parseType('imageRef[]')).toEqual({ name: 'imageRef', depth: 1 })
    expect(parseType('product[][]')).toEqual({ name: 'product', depth: 2 })
    expect(parseType('dim-num')).toEqual({ name: 'dim-num', depth: 0 })
    expect(parseType('widget')).toBeUndefined()
    expect(parseType('string[')).toBeUndefined()
    expect(parseType('[]string')).toBeUndefined()
    expect(itemType('string[]')).toBe('string')
    expect(itemType('string')).toBeUndefined()
  })

  it('browses into the product binding type, image refs, ranges and lists', () => {
    expect(browseType('product', 'images')).toBe('imageRef[]')
    expect(browseType('product', 'dprice')).toBe('number')
    expect(browseType('product', 'categories')).toBe('string[]')
    expect(browseType('imageRef[]', '0')).toBe('imageRef')
    expect(browseType('imageRef[]', 'length')).toBe('number')
    expect(browseType('imageRef[]', 'src')).toBeUndefined()
    expect(browseType('range', 'max')).toBe('number')
    expect(browseType('product', 'constructor')).toBeUndefined()
    expect(browseType('number', 'x')).toBeUndefined()
    expect(browseKeys('product')).toEqual([
      '_id',
      'name',
      'desc',
      'content',
      'images',
      'categories',
      'price',
      'dprice',
      'stock',
      'inStock',
      'soldOut'
    ])
    expect(browseKeys('string[]')).toEqual(['0'])
    expect(browseKeys('boolean')).toEqual([])
  })

  it('ticks assignable types only: same type, widenings, any object type for object, lists item by item', () => {
    expect(isAssignable('tran', 'tran')).toBe(true)
    expect(isAssignable('string', 'tran')).toBe(true)
    expect(isAssignable('tran', 'string')).toBe(true)
    expect(isAssignable('tran', 'color')).toBe(false)
    expect(isAssignable('number', 'dim')).toBe(true)
    expect(isAssignable('dim', 'number')).toBe(false)
    expect(isAssignable('number', 'tran')).toBe(true)
    expect(isAssignable('number', 'color')).toBe(false)
    expect(isAssignable('boolean', 'string')).toBe(false)
    expect(isAssignable('product', 'object')).toBe(true)
    expect(isAssignable('product[]', 'object[]')).toBe(true)
    expect(isAssignable('product', 'object[]')).toBe(false)
    expect(isAssignable('string[]', 'string')).toBe(false)
    expect(isAssignable('imageRef[]', 'imageRef[]')).toBe(true)
    expect(isAssignable('imageRef', 'videoRef')).toBe(false)
    expect(isAssignable('nonsense', 'string')).toBe(false)
  })

  it('defaults: number 0, dim auto, lists empty', () => {
    expect(defaultForType('number')).toBe(0)
    expect(defaultForType('dim')).toBe('auto')
    expect(defaultForType('imageRef[]')).toEqual([])
    expect(defaultForType('boolean')).toBe(false)
    expect(defaultForType('imageRef')).toBeUndefined()
  })

  it('catalogues every theme component of §3.15 with valid types and defaults within their options', () => {
    expect(Object.keys(themeComponents).sort()).toEqual(
      [
        'header',
        'footer',
        'drawer',
        'layout',
        'menuItem',
        'imageButton',
        'slider',
        'video',
        'text',
        'button',
        'link',
        'container',
        'flex',
        'for',
        'if',
        'tab',
        'numPicker',
        'productFilter',
        'sitePath',
        'attributes',
        'skuPicker',
        'html'
      ].sort()
    )
    expect(Object.keys(themeComponents.header.props)).toEqual([
      'height',
      'translucent',
      'fixed',
      'flat',
      'dark',
      'items',
      'background',
      'topBackground'
    ])
    expect(Object.keys(themeComponents.footer.props)).toEqual([
      'height',
      'padding',
      'fixed',
      'inset',
      'items',
      'hideBottom',
      'year',
      'name'
    ])
    expect(Object.keys(themeComponents.drawer.props)).toEqual([
      'type',
      'width',
      'absolute',
      'temporary',
      'autoResize',
      'items',
      'flat',
      'logo',
      'dark'
    ])
    expect(themeComponents.drawer.props.type.options).toEqual(['normal', 'full', 'float', 'hidden'])
    for (const [name, spec] of Object.entries(themeComponents))
      for (const [prop, propSpec] of Object.entries(
        spec.props as Record<string, { type: string; default?: unknown; options?: readonly unknown[] }>
      )) {
        expect(isTypeRef(propSpec.type), `${name}.${prop}`).toBe(true)
        if (propSpec.options && propSpec.type === 'enum') expect(propSpec.options, `${name}.${prop}`).toContain(propSpec.default)
      }
  })
})
