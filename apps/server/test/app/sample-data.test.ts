import { Type } from '@sinclair/typebox'
import { describe, expect, it } from 'vitest'
import { ID_PATTERN, brandSchema, productBundleSchema } from '@emporia/shared'
import { patchFromSchema, refsOf, sampleFromSchema } from '../support/sample-data'

const id = (ref?: string) => Type.String({ pattern: ID_PATTERN, ...(ref ? { ref } : {}) })

describe('samples made from shared schemas (the tenancy matrix data)', () => {
  it('fills required writable fields only, ids from the service their ref names', () => {
    const schema = Type.Object({
      _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
      name: Type.String({ maxLength: 12 }),
      note: Type.Optional(Type.String()),
      kind: Type.Union([Type.Literal('app'), Type.Literal('website')]),
      order: Type.Integer({ minimum: 5 }),
      weight: Type.Number({ exclusiveMinimum: 0 }),
      warehouse: Type.Union([id(), Type.Null()], { ref: 'warehouses' }),
      at: Type.String({ format: 'date-time' })
    })
    const sample = sampleFromSchema(schema, (path) => `id-of-${path}`)
    expect(Object.keys(sample).sort()).toEqual(['at', 'kind', 'name', 'order', 'warehouse', 'weight'])
    expect(sample).toMatchObject({ kind: 'app', order: 5, weight: 1, warehouse: 'id-of-warehouses' })
    expect(String(sample.name).length).toBeLessThanOrEqual(12)
    expect(Number.isNaN(Date.parse(String(sample.at)))).toBe(false)
  })

  it('fills nested required lists to their minimum, and names what it cannot fill', () => {
    expect(sampleFromSchema(productBundleSchema, (path) => `id-of-${path}`).products).toEqual([
      { product: 'id-of-products', quantity: 1 }
    ])
    expect(() => sampleFromSchema(Type.Object({ owner: id() }), () => 'x')).toThrow(/"owner" is an id without a ref/)
    expect(() => sampleFromSchema(Type.Object({ code: Type.String({ pattern: '^[A-Z]{3}$' }) }), () => 'x')).toThrow(
      /cannot fill/
    )
  })

  it('renames the first writable text field, and lists the refs a sample needs first', () => {
    expect(Object.keys(patchFromSchema(brandSchema))).toEqual(['name'])
    expect(patchFromSchema(Type.Object({ _id: Type.String(), count: Type.Integer() }))).toEqual({})
    expect(refsOf(productBundleSchema)).toEqual(['products'])
  })
})
