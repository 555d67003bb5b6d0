import { importTemplateSchema } from '@emporia/shared'
import { checkImportTemplate } from '../../../src/services/import-templates/import-templates.class'
import { recordServiceContract } from '../../support/record-contract'
import { post, shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

// What every shop-scoped record service does; tests of importTemplates' own rules go below.
await recordServiceContract('importTemplates', importTemplateSchema)

describe('import template rules (decision 0164)', () => {
  const base = {
    name: 'Products',
    targetRoute: 'products',
    headerRow: 1,
    dataStartRow: 2,
    mappings: [
      { field: '_id', header: 'ID', sourceType: 'single', key: true },
      { field: 'price', header: 'Price', sourceType: 'single' }
    ]
  }
  const fieldOf = (template: object) => {
    try {
      checkImportTemplate(template as Record<string, unknown>)
      return undefined
    } catch (error) {
      return (error as { data?: { field?: string } }).data?.field
    }
  }

  it('accepts a usable template and refuses each unusable one naming the field', () => {
    expect(fieldOf(base)).toBeUndefined()
    expect(fieldOf({ ...base, dataStartRow: 1 })).toBe('dataStartRow')
    expect(fieldOf({ ...base, mappings: [...base.mappings, { field: 'price', header: 'P', sourceType: 'single' }] })).toBe(
      'mappings.2.field'
    )
    expect(fieldOf({ ...base, mappings: [...base.mappings, { field: 'brand', sourceType: 'lookup' }] })).toBe('mappings.2.header')
    expect(fieldOf({ ...base, mappings: [...base.mappings, { field: 'status', sourceType: 'constant' }] })).toBe(
      'mappings.2.value'
    )
    expect(fieldOf({ ...base, mappings: [{ field: 'price', header: 'Price', sourceType: 'single' }] })).toBe('mappings')
  })
})

describe.each(await dialects())('a script import template (decision 0171, %s)', (dialect) => {
  let t: TestApp
  let owner: Awaited<ReturnType<typeof shopOwner>>
  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Scripts')
  })
  afterAll(() => t?.close())
  const template = { name: 'By script', targetRoute: 'products', headerRow: 1, dataStartRow: 2, mappings: [] }

  it('saves a script without mappings, and refuses one that does not compile naming `script` and the line', async () => {
    const saved = await post(
      t.url,
      'importTemplates',
      { ...template, script: "return { 'name.en': row.Name }" },
      owner.token,
      `?shop=${owner.shopId}`
    )
    expect(saved.status).toBe(201)
    const bad = await post(
      t.url,
      'importTemplates',
      { ...template, script: 'const a = 1\nreturn { price: }' },
      owner.token,
      `?shop=${owner.shopId}`
    )
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ data: { field: 'script' }, message: expect.stringMatching(/^Line 2: /) })
  })
})
