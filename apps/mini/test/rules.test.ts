import { describe, expect, it } from 'vitest'
import { addLine, cartBody, emptyCart, itemCount, MAX_QUANTITY, readCart, setQuantity } from '../src/lib/cart'
import { canOrder, checkoutBody, checkoutChoices, blankForm, newCheckoutKey, type CheckoutOptions } from '../src/lib/checkout'
import { localeOf, pickText } from '../src/lib/locale'
import { messages } from '../src/lib/messages'
import { centsOf, moneyText, priceText } from '../src/lib/money'
import { callUrl, pageUrl, productQuery, queryString } from '../src/lib/query'

const TEA = 'a'.repeat(24)

describe('money text', () => {
  it('shows cents with the shop symbol, grouped and exact', () => {
    expect(moneyText(12850, 'HK$')).toBe('HK$128.50')
    expect(moneyText(123456789, '$')).toBe('$1,234,567.89')
    expect(moneyText(-5, '¥')).toBe('-¥0.05')
    expect(moneyText(0)).toBe('$0.00')
  })
  it('reads decimal texts digit by digit, never through a float', () => {
    expect(centsOf('12.50')).toBe(1250)
    expect(centsOf('0.29')).toBe(29)
    expect(centsOf('12.5')).toBe(1250)
    expect(centsOf('7')).toBe(700)
    expect(centsOf('1.005')).toBeUndefined()
    expect(centsOf('abc')).toBeUndefined()
    expect(centsOf(1.5)).toBeUndefined()
    expect(priceText('1234.50', 'HK$')).toBe('HK$1,234.50')
  })
})

describe('cart maths', () => {
  it('adds to the same line, keeps the server limits and takes a line out at zero', () => {
    let cart = addLine(emptyCart(), { product: TEA, sku: 'large', quantity: 1 })
    cart = addLine(cart, { product: TEA, sku: 'large', quantity: 2 })
    cart = addLine(cart, { product: TEA, sku: '', quantity: 1 })
    expect(cart.lines.map((line) => [line.sku, line.quantity])).toEqual([
      ['large', 3],
      ['', 1]
    ])
    expect(itemCount(cart)).toBe(4)
    expect(setQuantity(cart, TEA, 'large', 20000).lines[0].quantity).toBe(MAX_QUANTITY)
    expect(setQuantity(cart, TEA, 'large', 0).lines.map((line) => line.sku)).toEqual([''])
  })
  it('sends product, SKU and quantity only (never a price or a name)', () => {
    const cart = addLine(emptyCart(), { product: TEA, sku: '', quantity: 2, name: 'Tea', image: 'x.jpg' })
    expect(cartBody(cart)).toEqual({ lines: [{ product: TEA, sku: '', quantity: 2 }], coupons: [] })
  })
  it('reads back only a cart it understands', () => {
    expect(readCart('garbage')).toEqual(emptyCart())
    expect(
      readCart({
        lines: [
          { product: TEA, sku: '', quantity: 1.5 },
          { product: TEA, sku: '', quantity: 1 }
        ],
        coupons: [3, 'X']
      })
    ).toEqual({
      lines: [{ product: TEA, sku: '', quantity: 1 }],
      coupons: ['X']
    })
  })
})

describe('query building', () => {
  it('leaves unset values out and encodes the rest', () => {
    expect(queryString({ q: 'green tea', category: undefined, page: '', lang: 'cht' })).toBe('?q=green%20tea&lang=cht')
    expect(queryString({})).toBe('')
    expect(callUrl('https://shop.test/s/tea/', '/_commerce/mini/home', { lang: 'en' })).toBe(
      'https://shop.test/s/tea/_commerce/mini/home?lang=en'
    )
    expect(callUrl('', '/_commerce/cart')).toBe('/_commerce/cart')
    expect(pageUrl('product', { id: TEA })).toBe(`/pages/product/index?id=${TEA}`)
    expect(productQuery({ category: 'c', q: '  ', page: 1, lang: 'en' })).toEqual({
      category: 'c',
      q: undefined,
      page: undefined,
      lang: 'en'
    })
    expect(productQuery({ q: ' oolong ', page: 3, lang: 'chs' })).toMatchObject({ q: 'oolong', page: 3 })
  })
})

describe('languages', () => {
  it('picks traditional, simplified or English from the platform or browser language', () => {
    expect(localeOf('zh_TW')).toBe('cht')
    expect(localeOf('zh-HK')).toBe('cht')
    expect(localeOf('zh-Hant-HK')).toBe('cht')
    expect(localeOf('zh_CN')).toBe('chs')
    expect(localeOf('zh')).toBe('chs')
    expect(localeOf('en-GB')).toBe('en')
    expect(localeOf('fr')).toBe('en')
    expect(localeOf(undefined)).toBe('en')
    expect(pickText({ en: 'Tea', cht: '茶' }, 'cht')).toBe('茶')
    expect(pickText({ en: 'Tea' }, 'chs')).toBe('Tea')
  })
  it('has every text in the three languages, with no English words in the Chinese ones', () => {
    const keys = Object.keys(messages.en).sort()
    expect(Object.keys(messages.cht).sort()).toEqual(keys)
    expect(Object.keys(messages.chs).sort()).toEqual(keys)
    for (const locale of ['cht', 'chs'] as const)
      for (const [key, text] of Object.entries(messages[locale]))
        if (!/^pay\.(stripe|mobileWallet|messagingWallet)$|^signIn\.platform$|^error\.mini/.test(key))
          expect([key, /[A-Za-z]{2,}/.test(text)]).toEqual([key, false])
  })
})

describe('checkout', () => {
  const options = (over: Partial<CheckoutOptions> = {}): CheckoutOptions => ({
    open: true,
    readiness: { payment: true, delivery: true, ready: true },
    payments: ['mobileWallet', 'messagingWallet', 'bank', 'cash'].map((id) => ({ id, label: id })),
    skipShipping: false,
    pickUp: true,
    shipping: [],
    ageGate: false,
    required: ['customer.firstName'],
    ...over
  })
  it('offers only what the shop accepts: cash only for pick-up, the messaging wallet only in its own app', () => {
    const quotes = [{ _id: TEA }]
    expect(checkoutChoices(options(), quotes, blankForm(), true)).toEqual({
      deliveries: ['pickUp', TEA],
      delivery: 'pickUp',
      shipped: false,
      choices: ['mobileWallet', 'messagingWallet', 'bank', 'cash'],
      payment: 'mobileWallet'
    })
    const shipped = checkoutChoices(options(), quotes, { ...blankForm(), delivery: TEA, payment: 'cash' }, false)
    expect(shipped).toMatchObject({ delivery: TEA, shipped: true, choices: ['mobileWallet', 'bank'], payment: 'mobileWallet' })
    // Only bank transfer on, no pick-up: the first quote is the delivery, bank the payment.
    const bankOnly = options({ payments: [{ id: 'bank', label: 'Bank transfer' }], pickUp: false })
    expect(checkoutChoices(bankOnly, quotes, blankForm(), true)).toMatchObject({
      deliveries: [TEA],
      delivery: TEA,
      choices: ['bank'],
      payment: 'bank'
    })
    // Goods not delivered: no delivery step, nothing shipped, so cash is fine.
    const skipped = options({ skipShipping: true, payments: [{ id: 'cash', label: 'Cash' }] })
    expect(checkoutChoices(skipped, quotes, blankForm(), true)).toMatchObject({ deliveries: [], delivery: '', choices: ['cash'] })
    // A way the mini does not know (a card) is never offered.
    expect(checkoutChoices(options({ payments: [{ id: 'stripe', label: 'Card' }] }), [], blankForm(), true).choices).toEqual([])
  })
  it('says the shop cannot take an order when it is closed or only its own app’s wallet is left', () => {
    expect(canOrder(options(), false)).toBe(true)
    expect(canOrder(options({ open: false }), true)).toBe(false)
    const wechatOnly = options({ payments: [{ id: 'messagingWallet', label: 'WeChat Pay HK' }] })
    expect(canOrder(wechatOnly, true)).toBe(true)
    expect(canOrder(wechatOnly, false)).toBe(false)
  })
  it('sends the cart, the contact, the delivery, the key and the mini channel', () => {
    const cart = addLine(emptyCart(), { product: TEA, sku: '', quantity: 1 })
    const form = {
      ...blankForm(),
      firstName: ' Mei ',
      email: 'mei@example.com',
      phone: '+852 5555 0000',
      payment: 'bank' as const
    }
    expect(checkoutBody(cart, form, 'k'.repeat(32))).toEqual({
      lines: [{ product: TEA, sku: '', quantity: 1 }],
      coupons: [],
      customer: { firstName: 'Mei', email: 'mei@example.com', phone: '+852 5555 0000' },
      payment: 'bank',
      idempotencyKey: 'k'.repeat(32),
      channel: 'mini'
    })
    expect(checkoutBody(cart, { ...form, delivery: TEA, address: '1 Tea St', ageConfirmed: true }, 'k'.repeat(32))).toMatchObject(
      {
        shippingMethod: TEA,
        address: '1 Tea St',
        ageConfirmed: true
      }
    )
    expect(newCheckoutKey()).toMatch(/^[a-z0-9]{32}$/)
  })
})
