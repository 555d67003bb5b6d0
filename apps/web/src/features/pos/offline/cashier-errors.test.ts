// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest'
import { addMessages, changeLanguage } from '../../../lib/i18n/i18n'
import { posHardwareMessages } from '../../../lib/i18n/pos-hardware.messages'
import { HardwareError } from '../../../lib/pos-hardware/device-store'
import { cashierErrorMessage, deviceFailure } from './cashier-errors'

describe('errors a cashier reads (decision 0140)', () => {
  beforeAll(async () => {
    addMessages(posHardwareMessages)
    addMessages({ cht: { 'errors.outOfStock': '存貨不足' } })
    await changeLanguage('cht')
  })

  it("says a device failure in the cashier's language, never the layer's text", () => {
    const text = deviceFailure(new HardwareError('notConnected'))
    expect(text).toBe(posHardwareMessages.cht['posHardware.error.notConnected'])
    expect(cashierErrorMessage(new HardwareError('notConnected'))).toBe(text)
    expect(deviceFailure(new Error('transferOut: LIBUSB_ERROR_IO'))).toBe(posHardwareMessages.cht['posHardware.error.failed'])
  })

  it('translates a refusal by its key, a lost connection as such, and anything else as the generic message', () => {
    expect(cashierErrorMessage({ code: 400, message: 'Out of stock', data: { key: 'errors.outOfStock' } })).toBe('存貨不足')
    const lost = cashierErrorMessage(Object.assign(new Error('Connection lost'), { name: 'Disconnected' }))
    const fetchFailed = cashierErrorMessage(new TypeError('Failed to fetch'))
    const internal = cashierErrorMessage({ code: 400, message: 'data/lines/0 must be object' })
    for (const text of [lost, fetchFailed, internal]) expect(text).not.toMatch(/[A-Za-z]/)
    expect(lost).toBe(fetchFailed)
    expect(internal).not.toBe(lost)
  })
})
