import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  customerName,
  customerProblem,
  ERASED_CUSTOMER_NAME,
  normalPhone,
  normalisedCustomer
} from '../../src/customers/shop-user-rules'

const maybeText = fc.option(fc.string({ maxLength: 12 }), { nil: null })

describe('customer rules (decision 0083)', () => {
  it('names a customer "first last", trimmed, with nothing doubled or dangling', () => {
    expect(customerName({ firstName: ' Mei ', lastName: 'Chan' })).toBe('Mei Chan')
    expect(customerName({ lastName: 'Chan' })).toBe('Chan')
    fc.assert(
      fc.property(maybeText, maybeText, (firstName, lastName) => {
        const name = customerName({ firstName, lastName })
        return name === name.trim() && (name === '') === !(firstName?.trim() || lastName?.trim())
      })
    )
  })

  it('stores e-mail lower-cased, phone without spaces or dashes, type normal; an erased customer is named so', () => {
    expect(normalisedCustomer({ email: ' Mei@Example.COM ', phone: '9123-4567 ' })).toMatchObject({
      email: 'mei@example.com',
      phone: '91234567',
      type: 'normal'
    })
    expect(normalisedCustomer({ firstName: 'Mei', erasedAt: '2026-11-25T00:00:00Z' }).name).toBe(ERASED_CUSTOMER_NAME)
    fc.assert(fc.property(fc.string({ maxLength: 30 }), (phone) => normalPhone(normalPhone(phone)) === normalPhone(phone)))
    // Normalising what is already normal changes nothing.
    fc.assert(
      fc.property(maybeText, maybeText, maybeText, (firstName, lastName, email) => {
        const once = { firstName, lastName, email, ...normalisedCustomer({ firstName, lastName, email }) }
        return JSON.stringify(normalisedCustomer(once)) === JSON.stringify(normalisedCustomer({ firstName, lastName, email }))
      })
    )
  })

  it('needs a name or a contact, one default address at most, and a company only for a company customer', () => {
    expect(customerProblem({ title: 'Ms' })).toEqual({ key: 'customer.nameOrContact', field: 'firstName' })
    expect(customerProblem({ phone: '91234567' })).toBeNull()
    expect(customerProblem({ erasedAt: '2026-11-25T00:00:00Z' })).toBeNull()
    expect(customerProblem({ firstName: 'A', addresses: [{ default: true }, { default: true }] })).toEqual({
      key: 'customer.oneDefaultAddress',
      field: 'addresses'
    })
    expect(customerProblem({ firstName: 'A', company: 'c'.repeat(24) })).toEqual({
      key: 'customer.companyType',
      field: 'company'
    })
    expect(customerProblem({ firstName: 'A', type: 'company', company: 'c'.repeat(24) })).toBeNull()
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 20 }), (defaults) => {
        const problem = customerProblem({ firstName: 'A', addresses: defaults.map((d) => ({ default: d })) })
        return (problem !== null) === defaults.filter(Boolean).length > 1
      })
    )
  })
})
