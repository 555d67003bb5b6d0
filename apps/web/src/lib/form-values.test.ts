import { describe, expect, it } from 'vitest'
import { checkValues, cloneValues, generateItemId, normalizeValues, pickFields } from './form-values'
import { storedHtml } from './rich-text'
import { parseVideoLink } from './video-link'
import { resolveText } from './i18n/translatable'

const rules = [
  { name: 'name', type: 'translatable', required: true },
  { name: 'order', type: 'number' },
  { name: 'email', type: 'email' },
  { name: 'password', type: 'password' },
  { name: 'items', type: 'list', fields: [{ name: 'qty', type: 'number', required: true }] }
]

describe('editor values (spec §5.1)', () => {
  it('requires a translatable text in at least one language', () => {
    expect(checkValues(rules, { name: { en: ' ', cht: '' } }).name).toEqual({ key: 'format.required' })
    expect(checkValues(rules, { name: { cht: '茶' } }).name).toBeUndefined()
  })

  it('checks expressions, e-mail, password length and confirmation, and list items', () => {
    const errors = checkValues(rules, { name: 'x', order: '2*', email: 'bad', password: 'abc', items: [{ id: '1' }] })
    expect(errors.order).toEqual({ key: 'format.badExp' })
    expect(errors.email).toEqual({ key: 'format.email' })
    expect(errors.password).toEqual({ key: 'format.length', values: { length: 6 } })
    expect(errors['items.0.qty']).toEqual({ key: 'format.required' })
    expect(checkValues(rules, { name: 'x', password: 'abcdef', password$confirm: 'abcdeg' }).password).toEqual({
      key: 'format.different'
    })
  })

  it('stores numbers from expressions, drops empty languages and sends only declared fields', () => {
    expect(normalizeValues(rules, { name: { en: 'Tea', cht: '' }, order: '(1+2)*3', extra: 1 })).toEqual({
      name: { en: 'Tea' },
      order: 9
    })
    expect(pickFields({ _id: 'x', shop: 'y', name: 'n', createdAt: 'z' }, rules)).toEqual({ name: 'n' })
    expect(cloneValues({ _id: 'x', name: 'n', order: 1 }, rules)).toEqual({ name: 'n', order: 1 })
  })

  it("reads a field named by a path inside the record (a discount rule's member.minQty)", () => {
    const nested = [
      { name: 'member.minQty', type: 'number' },
      { name: 'member.maxQty', type: 'number' },
      { name: 'point.fixed', type: 'number' }
    ]
    expect(pickFields({ member: { minQty: 2, maxQty: null }, point: null }, nested)).toEqual({
      'member.minQty': 2,
      'member.maxQty': null
    })
  })

  it('generates distinct 24-character item ids', () => {
    const a = generateItemId()
    expect(a).toHaveLength(24)
    expect(generateItemId()).not.toBe(a)
  })
})

describe('rich text, video links and translatable display', () => {
  it('stores an empty paragraph as ""', () => {
    expect(storedHtml('<p></p>')).toBe('')
    expect(storedHtml('<p><br></p>')).toBe('')
    expect(storedHtml('<p>Hi</p>')).toBe('<p>Hi</p>')
  })

  it('recognises video links (spec §5.6)', () => {
    expect(parseVideoLink('https://www.youtube.com/watch?v=abc123')).toEqual({ type: 'youtube', id: 'abc123' })
    expect(parseVideoLink('https://youtu.be/xyz')).toEqual({ type: 'youtube', id: 'xyz' })
    expect(parseVideoLink('https://vimeo.com/12345')).toEqual({ type: 'vimeo', id: '12345' })
    expect(parseVideoLink('https://player.vimeo.com/video/678')).toEqual({ type: 'vimeo', id: '678' })
    expect(parseVideoLink('https://example.com/a.mp4')).toEqual({ type: 'link', url: 'https://example.com/a.mp4' })
    expect(parseVideoLink('javascript:alert(1)')).toBeUndefined()
  })

  it('shows the current language, then English, then the first value', () => {
    const t = (key: string) => key
    expect(resolveText({ en: 'Tea', cht: '茶' }, 'cht', t)).toBe('茶')
    expect(resolveText({ en: 'Tea' }, 'chs', t)).toBe('Tea')
    expect(resolveText({ cht: '茶' }, 'chs', t)).toBe('茶')
  })
})

describe('money fields (decision 0003)', () => {
  const money = [{ name: 'price', type: 'money', required: true }]
  it('stores a typed decimal or expression as cents and refuses what is not an amount', () => {
    expect(normalizeValues(money, { price: '12.5' })).toEqual({ price: 1250 })
    expect(normalizeValues(money, { price: '2*1.05' })).toEqual({ price: 210 })
    expect(normalizeValues(money, { price: 990 })).toEqual({ price: 990 })
    expect(normalizeValues(money, { price: '' })).toEqual({ price: null })
    expect(checkValues(money, { price: '12.' }).price).toBeUndefined()
    expect(checkValues(money, { price: 'abc' }).price).toEqual({ key: 'format.badExp' })
  })

  it('never picks or sends a display-only field', () => {
    const rules = [
      { name: 'stock', type: 'custom', display: true },
      { name: 'name', type: 'text' }
    ]
    expect(pickFields({ stock: 3, name: 'x' }, rules)).toEqual({ name: 'x' })
    expect(normalizeValues(rules, { stock: 3, name: 'x' })).toEqual({ name: 'x' })
  })
})
