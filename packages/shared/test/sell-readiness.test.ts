import { describe, expect, it } from 'vitest'
import { sellReadiness } from '../src/index'

describe('sellReadiness: a shop takes online orders with a way to pay and a way to get the goods', () => {
  it('is not ready with nothing set up (a shop just out of the wizard)', () => {
    expect(sellReadiness({}, 0)).toEqual({ payment: false, delivery: false, ready: false })
  })

  it('needs both a payment and a delivery method', () => {
    const bank = { bankTransfer: { enabled: true, accounts: [{ enabled: true }] } }
    expect(sellReadiness(bank, 0)).toEqual({ payment: true, delivery: false, ready: false })
    expect(sellReadiness({}, 1)).toEqual({ payment: false, delivery: true, ready: false })
    expect(sellReadiness(bank, 1)).toEqual({ payment: true, delivery: true, ready: true })
  })

  it('counts bank transfer only with an account on, a card only with its key, and pick-up as both', () => {
    expect(sellReadiness({ bankTransfer: { enabled: true, accounts: [{ enabled: false }] } }, 1).payment).toBe(false)
    expect(sellReadiness({ bankTransfer: { enabled: false, accounts: [{ enabled: true }] } }, 1).payment).toBe(false)
    expect(sellReadiness({ cardPayment: { enabled: true } }, 1).payment).toBe(false)
    expect(sellReadiness({ cardPayment: { enabled: true, publicKey: 'pk_test' } }, 1).payment).toBe(true)
    expect(sellReadiness({ cardPayment: { enabled: true, publicKey: 'pk_test' } }, 1, false).payment).toBe(false)
    expect(sellReadiness({ pickUp: { enabled: true } }, 0)).toEqual({ payment: true, delivery: true, ready: true })
  })
})
