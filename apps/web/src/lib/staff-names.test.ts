// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { peopleNamesOf, type PeopleSources } from './staff-names'

const labels = { formerStaff: 'Former staff', formerCashier: 'Former cashier', cashier: 'POS cashier' }
const ANN = 'a'.repeat(23) + '1'
const BEN = 'b'.repeat(23) + '2'
const GONE = 'c'.repeat(23) + '3'
const TILL = 'd'.repeat(23) + '4'

const sources = (over: Partial<PeopleSources> = {}): PeopleSources => ({
  members: [
    { user: ANN, name: 'Ann' },
    { user: BEN, name: 'ben' }
  ],
  staff: [{ user: BEN, name: 'Ben Chan', email: 'ben@example.com' }],
  cashiers: [{ _id: TILL, name: 'Front till' }],
  cashiersKnown: true,
  ...over
})

describe('the one lookup of people (decision 0138)', () => {
  it('names staff from the members, the staff list over them where the caller may read it', () => {
    const names = peopleNamesOf(sources(), labels)
    expect(names.staff(ANN)).toBe('Ann')
    expect(names.staff(BEN)).toBe('Ben Chan')
    // A staff entry without a name is known by its e-mail.
    expect(peopleNamesOf(sources({ staff: [{ user: BEN, email: 'ben@example.com' }] }), labels).staff(BEN)).toBe(
      'ben@example.com'
    )
  })

  it('names cashiers by their name, and never shows an id for someone it does not know', () => {
    const names = peopleNamesOf(sources(), labels)
    expect(names.cashier(TILL)).toBe('Front till')
    expect(names.staff(GONE)).toBe('Former staff')
    expect(names.cashier(GONE)).toBe('Former cashier')
    for (const name of [names.staff(GONE), names.cashier(GONE), names.person(GONE)]) expect(name).not.toMatch(/[0-9a-f]{6}/)
    // Without the cashiers list (not readable by the caller) a cashier is not called removed.
    expect(peopleNamesOf(sources({ cashiers: undefined, cashiersKnown: false }), labels).cashier(TILL)).toBe('POS cashier')
    // While the list is still being read, nothing yet: a printed invoice never says "POS cashier" for a known till.
    expect(
      peopleNamesOf(sources({ cashiers: undefined, cashiersKnown: false, cashiersPending: true }), labels).cashier(TILL)
    ).toBe('')
  })

  it('names any person id, staff or cashier, and nothing for no id', () => {
    const names = peopleNamesOf(sources(), labels)
    expect(names.person(ANN)).toBe('Ann')
    expect(names.person(TILL)).toBe('Front till')
    expect(names.person(null)).toBe('')
    expect(names.staff(undefined)).toBe('')
    expect(names.cashier('')).toBe('')
  })
})
