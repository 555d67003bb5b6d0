import { describe, expect, it } from 'vitest'
import { labelledPaymentMethods, orderStatuses, paymentMethods, paymentStatuses } from '@emporia/shared'
import { listsEn } from './i18n/lists/en'
import {
  allPaymentMethodLabels,
  labelText,
  orderSourceLabels,
  orderStatusColour,
  orderStatusLabels,
  paymentMethodLabels,
  paymentMethodText,
  paymentStatusColour,
  paymentStatusLabels
} from './order-labels'

const t = (key: keyof typeof listsEn) => listsEn[key]

describe('order and payment labels', () => {
  it('names every status, source and method with a list text', () => {
    for (const labels of [orderStatusLabels, orderSourceLabels, paymentMethodLabels, paymentStatusLabels])
      for (const key of Object.values(labels)) expect(listsEn, key).toHaveProperty(key)
    expect(Object.keys(orderStatusLabels)).toEqual([...orderStatuses])
    expect(Object.keys(paymentMethodLabels)).toEqual([...paymentMethods])
    expect(Object.keys(allPaymentMethodLabels).sort()).toEqual([...paymentMethods].sort())
    for (const method of labelledPaymentMethods) expect(paymentMethods).toContain(method)
    for (const key of Object.values(allPaymentMethodLabels)) expect(listsEn, key).toHaveProperty(key)
    expect(Object.keys(paymentStatusLabels)).toEqual([...paymentStatuses])
  })

  it('colours money waiting, goods moving and money given back apart, and an unknown status plain', () => {
    expect(orderStatusColour('unpaid')).toBe('warning')
    expect(orderStatusColour('refunded')).toBe('error')
    expect(orderStatusColour('void')).toBe('default')
    expect(orderStatusColour('lost-in-the-post')).toBe('default')
    expect(paymentStatusColour('pending')).toBe('warning')
    expect(paymentStatusColour('paid')).toBe('success')
    expect(paymentStatusColour(undefined)).toBe('default')
  })

  it('shows a POS method by its own name and an unknown value as it is', () => {
    expect(paymentMethodText({ method: 'cash' }, t)).toBe('Cash')
    // Spec §9.8: the wallets and the transit card have labels before they are taken.
    expect(paymentMethodText({ method: 'mobileWallet' }, t)).toBe('Mobile wallet')
    expect(paymentMethodText({ method: 'messagingWallet' }, t)).toBe('Messaging app wallet')
    expect(paymentMethodText({ method: 'transitCard' }, t)).toBe('Transit card (stored value)')
    expect(paymentMethodText({ method: 'pos', extraMethod: 'Octopus' }, t)).toBe('Other (POS) · Octopus')
    expect(paymentMethodText({ method: 'pos', extraMethod: '  ' }, t)).toBe('Other (POS)')
    expect(labelText(orderStatusLabels, 'shipped', t)).toBe('Shipped')
    expect(labelText(orderStatusLabels, 'teleported', t)).toBe('teleported')
    expect(labelText(orderStatusLabels, undefined, t)).toBe('')
  })
})
