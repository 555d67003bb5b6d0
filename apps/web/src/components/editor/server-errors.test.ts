import { describe, expect, it } from 'vitest'
import { formatMessage, sharedMessages } from '@emporia/shared'
import type { FieldDef } from '../fields/field-types'
import { placeServerErrors, shownPath, type Translate } from './server-errors'

const cht: Translate = (key, values) => {
  const text = (sharedMessages.cht as Record<string, string>)[key]
  return text && formatMessage(text, values as Record<string, string>)
}

const fields: FieldDef[] = [
  { name: 'name', label: 'res.name', type: 'translatable' },
  { name: 'price', label: 'product.price', type: 'money' },
  {
    name: 'skus',
    label: 'product.skus',
    type: 'list',
    fields: [
      { name: 'code', label: 'product.skuCode', type: 'text' },
      { name: 'price', label: 'product.price', type: 'money' }
    ]
  }
]

describe('server errors placed on the editor form', () => {
  it('finds the shown field of a path: list items, and the nearest field above a language', () => {
    expect(shownPath(fields, 'price')).toBe('price')
    expect(shownPath(fields, 'skus.2.price')).toBe('skus.2.price')
    expect(shownPath(fields, 'name.cht')).toBe('name')
    expect(shownPath(fields, 'skus')).toBe('skus')
    expect(shownPath(fields, 'colour')).toBeUndefined()
  })

  it('finds fields named by a path (a settings form over nested settings), the longest first', () => {
    const nested: FieldDef[] = [
      { name: 'orderIdList', label: 'res.name', type: 'text' },
      { name: 'orderIdList.prefix', label: 'res.name', type: 'text' },
      {
        name: 'bankTransfer.accounts',
        label: 'res.name',
        type: 'list',
        fields: [{ name: 'no', label: 'res.name', type: 'text' }]
      }
    ]
    expect(shownPath(nested, 'orderIdList.prefix')).toBe('orderIdList.prefix')
    expect(shownPath(nested, 'orderIdList.padding')).toBe('orderIdList')
    expect(shownPath(nested, 'bankTransfer.accounts.1.no')).toBe('bankTransfer.accounts.1.no')
    expect(shownPath(nested, 'bankTransfer.enabled')).toBeUndefined()
    expect(shownPath(nested, 'orderIdListing')).toBeUndefined()
  })

  it('translates every entry of errors[] under its field and keeps the rest for the snackbar', () => {
    const error = {
      code: 400,
      message: 'Invalid data: …',
      errors: [
        { field: 'price', key: 'format.shouldLessOrEqual', values: { value: 100 }, message: '"price": …' },
        { field: 'skus.1.price', key: 'format.shouldGreaterOrEqual', values: { value: 0 }, message: '…' },
        { field: 'colour', key: 'format.unknownField', message: '"colour" is not a known field' }
      ]
    }
    expect(placeServerErrors(error, fields, cht, 'failed')).toEqual({
      fields: { price: '必須小於或等於 100', 'skus.1.price': '必須大於或等於 0' },
      others: ['colour: 不明欄位']
    })
    // A rule's refusal naming a field the form does not show is its sentence alone, without the field's code name.
    const drawer = { code: 400, data: { key: 'pos.requiresCashCheck', field: 'cashier' }, message: 'Requires Cash Check First' }
    expect(placeServerErrors(drawer, fields, cht, 'failed')).toEqual({ fields: {}, others: ['請先進行開始點算'] })
    // A rule's own refusal names one field in `data`.
    const duplicate = { code: 409, data: { key: 'errors.duplicateCode', field: 'skus.0.code' } }
    expect(placeServerErrors(duplicate, fields, cht, 'failed').fields).toEqual({ 'skus.0.code': '此編碼已被其他產品使用' })
    // A key this client does not know yet: the server's English sentence, never nothing.
    const unknown = { errors: [{ field: 'price', key: 'format.new', message: '"price": Must be new' }] }
    expect(placeServerErrors(unknown, fields, cht, 'failed').fields).toEqual({ price: '"price": Must be new' })
  })
})
