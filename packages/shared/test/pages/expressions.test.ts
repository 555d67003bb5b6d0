import { describe, expect, it } from 'vitest'
import { browseChoices, lookup, typeOfExpression, typeOfPath, variableChoices } from '../../src/pages/expressions'

const products = [
  { name: { en: 'Tea' }, images: [{ type: 'src', src: 'https://a/1.jpg' }], price: 1200 },
  { name: { en: 'Cake' }, images: [], price: 800 }
]

describe('$exp expressions (spec §3.15, §2.10)', () => {
  it('reads data variables and browses into objects and lists', () => {
    const scope = { data: { products, title: 'Hi' }, loops: [] }
    expect(lookup('title', scope)).toBe('Hi')
    expect(lookup('products.0.name.en', scope)).toBe('Tea')
    expect(lookup('products.1.price', scope)).toBe(800)
    expect(lookup('products.length', scope)).toBe(2)
    expect(lookup('products.5.name', scope)).toBeUndefined()
    expect(lookup('products.name', scope)).toBeUndefined()
    expect(lookup('nothing', scope)).toBeUndefined()
  })

  it('names loop variables innermost first: $$0 is the innermost item', () => {
    const scope = { data: {}, loops: [products[0].images[0], products[0]] }
    expect(lookup('$$0.src', scope)).toBe('https://a/1.jpg')
    expect(lookup('$$1.price', scope)).toBe(1200)
    expect(lookup('$$2', scope)).toBeUndefined()
  })

  it('never reaches a prototype or evaluates anything but a path', () => {
    const scope = { data: { item: { a: 1 }, list: [1] }, loops: [] }
    expect(lookup('item.constructor', scope)).toBeUndefined()
    expect(lookup('item.__proto__', scope)).toBeUndefined()
    expect(lookup('toString', scope)).toBeUndefined()
    expect(lookup('list.map', scope)).toBeUndefined()
    expect(lookup('item.a + 1', scope)).toBeUndefined()
    expect(lookup('item[0]', scope)).toBeUndefined()
    expect(lookup('$new', scope)).toBeUndefined()
  })

  it('types a path and a data source for the picker', () => {
    const scope = { data: { products: 'product[]', banner: 'imageRef' }, loops: ['product'] }
    expect(typeOfPath('products.0.images', scope)).toBe('imageRef[]')
    expect(typeOfPath('$$0.name', scope)).toBe('tran')
    expect(typeOfPath('$$1', scope)).toBeUndefined()
    expect(typeOfPath('banner.nope', scope)).toBeUndefined()
    expect(typeOfExpression({ $exp: { $fetch: { source: 'products' } } }, scope)).toBe('product[]')
    expect(typeOfExpression('constant', scope)).toBeUndefined()
  })

  it('offers new variable, data variables, then loop variables; ticks only assignable ones', () => {
    const choices = variableChoices(
      { data: { title: 'tran', on: 'boolean', items: 'product[]' }, loops: ['imageRef', 'product'] },
      'string'
    )
    expect(choices.map((choice) => choice.path)).toEqual(['$new', 'title', 'on', 'items', '$$0', '$$1'])
    expect(choices.filter((choice) => choice.assignable).map((choice) => choice.path)).toEqual(['title'])
    expect(choices.filter((choice) => choice.browsable).map((choice) => choice.path)).toEqual(['items', '$$0', '$$1'])
    const inside = browseChoices('$$1', { data: {}, loops: ['imageRef', 'product'] }, 'number')
    expect(inside.filter((choice) => choice.assignable).map((choice) => choice.path)).toEqual([
      '$$1.price',
      '$$1.dprice',
      '$$1.stock'
    ])
    expect(browseChoices('$$1.images', { data: {}, loops: ['imageRef', 'product'] }).map((c) => c.path)).toEqual(['$$1.images.0'])
  })
})
