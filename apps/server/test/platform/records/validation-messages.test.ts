import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Ajv from 'ajv'
import { checkRules, formRules, productSchema, sharedMessages } from '@emporia/shared'
import { describeErrors } from '../../../src/platform/records/validate-data'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { client } from '../../support/catalogue-support'

interface FieldError {
  field: string
  key: string
  values?: Record<string, unknown>
  message: string
}

// What Ajv writes; a merchant (or an API client) must never read it.
const AJV_WORDING = /(>=|<=|anyOf|oneOf|schema|must be (integer|number|string|null|object|array|equal)|must NOT|must match)/

describe.each(await dialects())('validation errors name the field with a translatable message (%s)', (dialect) => {
  let t: TestApp
  let api: ReturnType<typeof client>
  beforeAll(async () => {
    t = await startTestApp(dialect)
    api = client(t, await shopOwner(t.url, 'Messages'))
  })
  afterAll(() => t.close())

  /** The errors of a refused product create. */
  const refused = async (product: Record<string, unknown>) => {
    const answer = await api.create('products', { name: 'Tea', price: 100, ...product })
    expect(answer.status).toBe(400)
    const body = answer.body as { message: string; errors: FieldError[] }
    expect(body.message).not.toMatch(AJV_WORDING)
    for (const error of body.errors) {
      expect(error.message).not.toMatch(AJV_WORDING)
      // Every key exists in the shared catalogue, so each client shows it in its own language.
      expect(Object.keys(sharedMessages.cht)).toContain(error.key)
    }
    return body.errors.map(({ field, key, values }) => ({ field, key, ...(values ? { values } : {}) }))
  }

  it('says a number is too small or too large, with the limit', async () => {
    expect(await refused({ price: -1 })).toEqual([{ field: 'price', key: 'format.shouldGreaterOrEqual', values: { value: 0 } }])
    expect(await refused({ price: 100_000_000_001 })).toEqual([
      { field: 'price', key: 'format.shouldLessOrEqual', values: { value: 100_000_000_000 } }
    ])
    expect(await refused({ separateRatio: 0 })).toEqual([
      { field: 'separateRatio', key: 'format.shouldGreaterOrEqual', values: { value: 1 } }
    ])
    expect(await refused({ weightUnitQuantity: 0 })).toEqual([
      { field: 'weightUnitQuantity', key: 'format.shouldGreater', values: { value: 0 } }
    ])
  })

  it('says a whole number, a number or a text is needed when the type is wrong', async () => {
    expect(await refused({ price: 1.5 })).toEqual([{ field: 'price', key: 'format.integer' }])
    expect(await refused({ price: 'ten' })).toEqual([{ field: 'price', key: 'format.integer' }])
    expect(await refused({ separateRatio: 2.5 })).toEqual([{ field: 'separateRatio', key: 'format.integer' }])
    expect(await refused({ weightUnitQuantity: 'heavy' })).toEqual([{ field: 'weightUnitQuantity', key: 'format.number' }])
    expect(await refused({ name: 5 })).toEqual([{ field: 'name', key: 'format.text' }])
    expect(await refused({ popular: 'yes' })).toEqual([{ field: 'popular', key: 'format.boolean' }])
  })

  it('reduces "a value or null" and "a text or a text per language" to the branch the value was meant for', async () => {
    const sku = { id: 'a', name: 'Small' }
    expect(await refused({ skus: [sku, { ...sku, id: 'b', price: -5 }] })).toEqual([
      { field: 'skus.1.price', key: 'format.shouldGreaterOrEqual', values: { value: 0 } }
    ])
    expect(await refused({ skus: [{ ...sku, dprice: 0.5 }] })).toEqual([{ field: 'skus.0.dprice', key: 'format.integer' }])
    expect(await refused({ name: 'x'.repeat(1001) })).toEqual([
      { field: 'name', key: 'format.tooLong', values: { length: 1000 } }
    ])
    expect(await refused({ name: { en: 'Tea', cht: 'x'.repeat(1001) } })).toEqual([
      { field: 'name.cht', key: 'format.tooLong', values: { length: 1000 } }
    ])
    expect(await refused({ name: { fr: 'Thé' } })).toEqual([{ field: 'name.fr', key: 'format.unknownField' }])
    expect(await refused({ productLinks: [{ shop: 'a'.repeat(24), product: 'b'.repeat(24), quantity: 0 }] })).toEqual([
      { field: 'productLinks.0.quantity', key: 'format.shouldGreater', values: { value: 0 } }
    ])
  })

  it('names a choice outside the list, and list sizes and duplicates', async () => {
    expect(await refused({ avail: 'moon' })).toEqual([{ field: 'avail', key: 'format.choice' }])
    expect(await refused({ weightUnit: 'stone' })).toEqual([{ field: 'weightUnit', key: 'format.choice' }])
    const id = 'c'.repeat(24)
    expect(await refused({ categories: [id, id] })).toEqual([{ field: 'categories', key: 'format.unique' }])
    const images = Array.from({ length: 51 }, () => ({ type: 'src', src: 'https://example.test/a.png' }))
    expect(await refused({ images })).toEqual([{ field: 'images', key: 'format.maxItems', values: { count: 50 } }])
    expect(await refused({ skus: 'none' })).toEqual([{ field: 'skus', key: 'format.list' }])
  })

  it('keeps required and unknown fields as they were, and the message a plain English sentence', async () => {
    const answer = await api.create('products', { name: 'Tea', price: -1, colour: 'red' })
    const body = answer.body as { message: string; errors: FieldError[] }
    expect(body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'colour', key: 'format.unknownField', message: '"colour" is not a known field' }),
        expect.objectContaining({ field: 'price', message: '"price": Must be greater than or equal to 0' })
      ])
    )
    const missing = await api.create('products', { name: 'Tea' })
    expect((missing.body as { errors: FieldError[] }).errors).toEqual([
      { field: 'price', key: 'format.required', message: '"price" is required' }
    ])
  })
})

// One schema, two sides: the web's checks (formRules + checkRules) refuse what the server refuses, with its key.
describe('the client rules read from the schema agree with the server', () => {
  it('refuses the same values with the same message keys', () => {
    const ajv = new Ajv({ allErrors: true, strict: false })
    const properties = productSchema.properties as Record<string, object>
    const cases: [string, unknown][] = [
      ['price', -1],
      ['price', 1.5],
      ['price', 100_000_000_001],
      ['price', 0],
      ['separateRatio', 0],
      ['separateRatio', 100_000],
      ['separateRatio', 2.5],
      ['weightUnitQuantity', 0],
      ['weightUnitQuantity', 2_000_000],
      ['weightUnitQuantity', 0.5],
      ['points', -3],
      ['name', 'x'.repeat(1001)],
      ['name', { en: 'Tea', cht: 'x'.repeat(1001) }],
      ['name', 'Tea']
    ]
    for (const [field, value] of cases) {
      const validate = ajv.compile({ type: 'object', properties: { [field]: properties[field] } })
      const server = validate({ [field]: value }) ? undefined : describeErrors(validate.errors ?? [])[0]
      const client = checkRules(formRules(productSchema, field), value)
      expect(client?.key, `${field} = ${JSON.stringify(value)}`).toBe(server?.key)
      expect(client?.values, `${field} = ${JSON.stringify(value)}`).toEqual(server?.values)
    }
  })
})
