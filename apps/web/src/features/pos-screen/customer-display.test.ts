import { describe, expect, it } from 'vitest'
import type { PosDisplay } from '@emporia/shared'
import { enabledBanners, initialScreen, isDisplayMessage, onCashier, onChannelMessage, screenMode } from './customer-display'

const display = (at: string, names: string[] = ['Tea']): PosDisplay => ({
  state: 'order',
  lines: names.map((name) => ({ name, quantity: 1, price: '$1.00', total: '$1.00' })),
  total: `$${names.length}.00`,
  at
})

describe('customer screen state (decision 0099)', () => {
  it('follows the first cashier the till announces when none was asked for, then only that one', () => {
    let state = initialScreen(null)
    state = onChannelMessage(state, { type: 'display', cashier: 'c1', display: display('2026-11-26T10:00:00Z') })
    expect(state.cashier).toBe('c1')
    const other = onChannelMessage(state, { type: 'display', cashier: 'c2', display: display('2026-11-26T10:00:05Z', ['Other']) })
    expect(other).toBe(state)
  })

  it('keeps the newest display whichever source brings it', () => {
    let state = initialScreen('c1')
    state = onChannelMessage(state, { type: 'display', cashier: 'c1', display: display('2026-11-26T10:00:02Z', ['Tea', 'Cake']) })
    // The socket's patched event of the earlier state arrives late.
    state = onCashier(state, { _id: 'c1', display: display('2026-11-26T10:00:01Z'), remoteFontScale: 4 })
    expect(state.display?.lines).toHaveLength(2)
    expect(state.remoteFontScale).toBe(4)
    state = onCashier(state, { _id: 'c1', display: display('2026-11-26T10:00:03Z', ['Milk']) })
    expect(state.display?.lines.map((line) => line.name)).toEqual(['Milk'])
    expect(onCashier(state, { _id: 'c9', display: null })).toBe(state)
  })

  it('takes the font scale from the channel', () => {
    expect(onChannelMessage(initialScreen('c1'), { type: 'fontScale', cashier: 'c1', remoteFontScale: -8 }).remoteFontScale).toBe(
      -8
    )
  })

  it('is idle with no order or an empty one, and shows the payment once paid', () => {
    expect(screenMode(null)).toBe('idle')
    expect(screenMode({ ...display('2026-11-26T10:00:00Z'), lines: [] })).toBe('idle')
    expect(screenMode(display('2026-11-26T10:00:00Z'))).toBe('order')
    expect(screenMode({ ...display('2026-11-26T10:00:00Z'), state: 'paid', change: '$1.00' })).toBe('paid')
  })

  it('shows only enabled banners, in order, and ignores foreign channel messages', () => {
    const image = 'a'.repeat(24)
    expect(
      enabledBanners({
        posBanners: [
          { image, enabled: false },
          { image: 'b'.repeat(24), enabled: true }
        ]
      }).map((b) => b.image)
    ).toEqual(['b'.repeat(24)])
    expect(isDisplayMessage({ type: 'display', cashier: null, display: display('2026-11-26T10:00:00Z') })).toBe(true)
    expect(isDisplayMessage({ type: 'display', display: { lines: 'x' } })).toBe(false)
    expect(isDisplayMessage('hello')).toBe(false)
  })
})
