import { describe, expect, it } from 'vitest'
import {
  categorySchema,
  checkRules,
  formRules,
  productSchema,
  specSchema,
  shippingMethodSchema,
  userSchema,
  warehouseSchema,
  type FormRules
} from '../src/index'

describe('formRules: a field’s rules read from the schema the server validates with', () => {
  it('reads required, limits and integer from products, SKUs and links', () => {
    expect(formRules(productSchema, 'price')).toEqual({ required: true, type: 'integer', minimum: 0, maximum: 100_000_000_000 })
    expect(formRules(productSchema, 'dprice')).toEqual({ type: 'integer', minimum: 0, maximum: 100_000_000_000 })
    expect(formRules(productSchema, 'name')).toEqual({ required: true, type: 'string', maxLength: 1000 })
    expect(formRules(productSchema, 'skus.0.price')).toEqual(formRules(productSchema, 'skus.price'))
    expect(formRules(productSchema, 'skus.name')).toEqual({ required: true, type: 'string', maxLength: 1000 })
    expect(formRules(productSchema, 'skus.code')).toEqual({ type: 'string', pattern: '^[\\x21-\\x7e]{1,64}$' })
    expect(formRules(productSchema, 'productLinks.3.quantity')).toEqual({
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 1_000_000
    })
    expect(formRules(productSchema, 'separateRatio')).toEqual({ type: 'integer', minimum: 1, maximum: 100_000 })
    expect(formRules(productSchema, 'avail')).toEqual({ enum: ['pos', 'eshop', 'both'] })
    expect(formRules(productSchema, 'images')).toMatchObject({ type: 'array', maxItems: 50 })
    expect(formRules(categorySchema, 'order')).toEqual({ type: 'integer', minimum: 0, maximum: 1_000_000 })
    expect(formRules(warehouseSchema, 'name')).toMatchObject({ required: true })
    expect(formRules(userSchema, 'password')).toEqual({ type: 'string', minLength: 6, maxLength: 200 })
  })

  it('takes an empty list where the schema only asks for the list to be there (a flat-fee shipping method)', () => {
    const ranges = formRules(shippingMethodSchema, 'priceRanges')
    expect(ranges).toEqual({ type: 'array', maxItems: 20 })
    expect(checkRules(ranges, [])).toBeUndefined()
    expect(checkRules(formRules(shippingMethodSchema, 'priceRanges.0.min'), undefined)).toEqual({ key: 'format.required' })
    expect(checkRules({ type: 'array', minItems: 1, required: true }, [])).toEqual({ key: 'format.required' })
  })

  it('never requires a server-owned field, and knows nothing of unknown paths or mixed unions', () => {
    expect(formRules(productSchema, 'cachedInventory').required).toBeUndefined()
    expect(formRules(productSchema, 'colour')).toEqual({})
    expect(formRules(productSchema, 'specs.value')).toEqual({ required: true })
    expect(formRules(specSchema, 'min')).toEqual({ type: 'number' })
  })

  it('checks values with the §5.1 keys, money limits shown in currency units', () => {
    const price: FormRules = formRules(productSchema, 'price')
    expect(checkRules(price, undefined)).toEqual({ key: 'format.required' })
    expect(checkRules(price, -100, 100)).toEqual({ key: 'format.shouldGreaterOrEqual', values: { value: 0 } })
    expect(checkRules(price, 100_000_000_100, 100)).toEqual({
      key: 'format.shouldLessOrEqual',
      values: { value: 1_000_000_000 }
    })
    expect(checkRules({ type: 'integer' }, 2.5)).toEqual({ key: 'format.integer' })
    expect(checkRules({ type: 'number', exclusiveMinimum: 0 }, 0)).toEqual({ key: 'format.shouldGreater', values: { value: 0 } })
    expect(checkRules({ type: 'string', minLength: 6 }, 'abc')).toEqual({ key: 'format.length', values: { length: 6 } })
    expect(checkRules({ type: 'string', maxLength: 3 }, { en: 'ok', cht: 'long' })).toEqual({
      key: 'format.tooLong',
      values: { length: 3 }
    })
    expect(checkRules({ enum: ['a'] }, 'b')).toEqual({ key: 'format.choice' })
    expect(checkRules({ type: 'integer' }, '12x')).toEqual({ key: 'format.integer' })
  })
})
