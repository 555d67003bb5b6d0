import { describe, expect, it } from 'vitest'
import type { ResourceDefinition } from './resource'
import { exportAllColumns } from './export-all'
import { exportColumns } from '../../lib/export-api'

const t = (key: string) => `[${key}]`

const definition = {
  path: 'products',
  name: 'product.one',
  exportRows: 'skus',
  columns: [
    { value: 'images.0', text: 'product.image', kind: 'image' },
    { value: 'name', text: 'res.name', kind: 'translatable' },
    { value: 'category', text: 'res.category', lookup: { path: 'categories' } },
    { value: 'cachedInventory', text: 'product.stock', kind: 'number' }
  ],
  fields: [
    { name: 'name', label: 'res.name', type: 'translatable' },
    { name: 'images', label: 'product.images', type: 'images' },
    { name: 'status', label: 'product.status', type: 'select', source: { enumList: { draft: 'product.status.draft' } } },
    { name: 'cprice', label: 'product.cprice', type: 'money' },
    { name: 'category', label: 'res.category', type: 'select', source: { path: 'categories' } },
    { name: 'tags', label: 'product.tags', type: 'select', multiple: true, source: { path: 'tags' } },
    {
      name: 'skus',
      label: 'product.skus',
      type: 'list',
      fields: [
        { name: 'name', label: 'product.skuName', type: 'translatable' },
        { name: 'cprice', label: 'product.cprice', type: 'money' }
      ]
    },
    { name: 'attributes', label: 'product.attributes', type: 'list', noItemId: true, fields: [] },
    { name: 'content', label: 'product.content', type: 'richtext' }
  ]
} as ResourceDefinition

describe('export columns', () => {
  it('sends a lookup column as a reference, so the file has names, not ids', () => {
    expect(exportColumns(definition.columns, t as never)).toEqual([
      { field: 'name', header: '[res.name]', kind: 'translatable' },
      { field: 'category', header: '[res.category]', kind: 'text', ref: { path: 'categories' } },
      { field: 'cachedInventory', header: '[product.stock]', kind: 'number' }
    ])
  })

  it('offers every field: each language of a text, costs, references by name, one row per SKU', () => {
    const columns = exportAllColumns(definition, t as never)
    expect(columns.map((column) => column.header)).toEqual([
      '[export.id]',
      '[res.name] ([lang.en])',
      '[res.name] ([lang.cht])',
      '[res.name] ([lang.chs])',
      '[product.status]',
      '[product.cprice]',
      '[res.category]',
      '[product.tags]',
      '[product.skus] – [export.id]',
      '[product.skus] – [product.skuName] ([lang.en])',
      '[product.skus] – [product.skuName] ([lang.cht])',
      '[product.skus] – [product.skuName] ([lang.chs])',
      '[product.skus] – [product.cprice]',
      '[product.stock]'
    ])
    expect(columns.find((column) => column.header === '[res.name] ([lang.cht])')).toMatchObject({ field: 'name', lang: 'cht' })
    expect(columns.find((column) => column.header === '[product.tags]')).toMatchObject({ field: 'tags', ref: { path: 'tags' } })
    expect(columns.find((column) => column.header === '[product.skus] – [product.cprice]')).toMatchObject({
      field: 'skus.cprice',
      kind: 'money'
    })
    expect(columns.find((column) => column.header === '[product.status]')).toMatchObject({
      enum: { draft: '[product.status.draft]' }
    })
  })
})
