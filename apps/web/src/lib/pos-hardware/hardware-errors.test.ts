// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { posHardwareMessages } from '../i18n/pos-hardware.messages'
import { HardwareError } from './device-store'
import { HARDWARE_ERROR_CODES, hardwareErrorCode, hardwareErrorKey } from './hardware-errors'

// Every file of the hardware layer, as text: the codes it throws are read from its own source.
const sources = import.meta.glob<string>(['./*.ts', '!./*.test.ts'], { query: '?raw', import: 'default', eager: true })

const CJK = /[\u4e00-\u9fff]/

describe('hardware errors a cashier reads (decision 0140)', () => {
  it('gives every code the hardware layer throws a message in en, cht and chs', () => {
    const thrown = new Set<string>()
    for (const text of Object.values(sources))
      for (const match of text.matchAll(/new HardwareError\(\s*'([^']+)'/g)) thrown.add(match[1]!)
    // The layer throws at least these two codes (a broken read of its source finds none).
    expect([...thrown].sort()).toEqual(expect.arrayContaining(['notConnected', 'unsupported']))
    for (const code of thrown) expect(HARDWARE_ERROR_CODES).toContain(code)
    for (const code of HARDWARE_ERROR_CODES) {
      const key = `posHardware.error.${code}` as const
      const en = posHardwareMessages.en[key]
      expect(en, key).toMatch(/\w/)
      for (const lang of ['cht', 'chs'] as const) {
        const text = posHardwareMessages[lang][key]
        expect(text, `${lang} ${key}`).toMatch(CJK)
        // No English left in: only the browsers' own names.
        expect(text.replace(/Chrome|Edge/g, '')).not.toMatch(/[A-Za-z]/)
        expect(text).not.toBe(en)
      }
    }
    // No message for a code nobody raises.
    expect(Object.keys(posHardwareMessages.en).sort()).toEqual(HARDWARE_ERROR_CODES.map((c) => `posHardware.error.${c}`).sort())
  })

  it("names the code of every failure, the browser's included, and never passes on its text", () => {
    expect(hardwareErrorCode(new HardwareError('notConnected'))).toBe('notConnected')
    expect(hardwareErrorCode(new HardwareError('unsupported'))).toBe('unsupported')
    expect(hardwareErrorCode(new DOMException('No device selected.', 'NotFoundError'))).toBe('cancelled')
    expect(hardwareErrorCode(new DOMException('The device was disconnected.', 'NetworkError'))).toBe('disconnected')
    expect(hardwareErrorCode(new DOMException('Access denied.', 'SecurityError'))).toBe('denied')
    expect(hardwareErrorCode(new DOMException('The port is already open.', 'InvalidStateError'))).toBe('busy')
    expect(hardwareErrorCode(new Error('transferOut failed'))).toBe('failed')
    expect(hardwareErrorCode('a string')).toBe('failed')
    expect(hardwareErrorKey(new HardwareError('notConnected'))).toBe('posHardware.error.notConnected')
  })
})
