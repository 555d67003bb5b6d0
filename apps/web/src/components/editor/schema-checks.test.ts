import { describe, expect, it } from 'vitest'
import { productSchema } from '@emporia/shared'
import type { FieldDef } from '../fields/field-types'
import { schemaChecks } from './schema-checks'

const fields: FieldDef[] = [
  { name: 'name', label: 'res.name', type: 'translatable' },
  { name: 'price', label: 'product.price', type: 'money' },
  { name: 'separateRatio', label: 'product.separateRatio', type: 'number' },
  {
    name: 'skus',
    label: 'product.skus',
    type: 'list',
    fields: [
      { name: 'name', label: 'product.skuName', type: 'translatable' },
      { name: 'code', label: 'product.skuCode', type: 'text' },
      { name: 'price', label: 'product.price', type: 'money' }
    ]
  }
]

describe('schemaChecks: the product editor checked with the product schema', () => {
  it('finds required, minimum, whole-number and pattern errors, list items included', () => {
    const values = {
      name: { en: '' },
      separateRatio: '2.5',
      skus: [{ id: 'a', name: { en: 'Small' }, code: 'has space', price: '-1' }, { id: 'b' }]
    }
    expect(schemaChecks(fields, values, productSchema)).toEqual({
      name: { key: 'format.required' },
      price: { key: 'format.required' },
      separateRatio: { key: 'format.integer' },
      'skus.0.code': { key: 'format.invalid' },
      'skus.0.price': { key: 'format.shouldGreaterOrEqual', values: { value: 0 } },
      'skus.1.name': { key: 'format.required' }
    })
  })

  it('passes what the server stores: amounts in cents, expressions evaluated', () => {
    const values = { name: { cht: '茶' }, price: '12.5*2', separateRatio: '3', skus: [] }
    expect(schemaChecks(fields, values, productSchema)).toEqual({})
    // An amount over the schema's maximum (cents) is shown in the currency's units.
    expect(schemaChecks(fields, { ...values, price: '2000000000' }, productSchema).price).toEqual({
      key: 'format.shouldLessOrEqual',
      values: { value: 1_000_000_000 }
    })
  })
})
