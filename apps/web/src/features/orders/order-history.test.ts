import { describe, expect, it } from 'vitest'
import { listsEn } from '../../lib/i18n/lists/en'
import { historyActionKey, historyDetailText, historyMoveText } from './order-history'
import { orderPageMessages } from './order-page.messages'

const t = (key: string) =>
  (listsEn as Record<string, string>)[key] ?? (orderPageMessages.en as Record<string, string>)[key] ?? key
const names = ['Green tea', 'Cup']

describe('an order history entry', () => {
  it('translates the moves and names the actions the client knows', () => {
    expect(historyMoveText('paid', 'prepare', t)).toBe('Paid → Allocating')
    expect(historyMoveText(null, 'unpaid', t)).toBe('Unpaid')
    expect(historyMoveText(undefined, undefined, t)).toBe('')
    for (const action of ['created', 'status', 'payment', 'refund', 'ship', 'void', 'fulfil'])
      expect(orderPageMessages.en, action).toHaveProperty(historyActionKey(action)!)
    expect(historyActionKey('teleported')).toBeUndefined()
  })

  it('says what changed with money, methods and lines as the page shows them, ids left out', () => {
    expect(historyDetailText({ payment: 'a'.repeat(24), method: 'cash', amount: 12345 }, t)).toBe(
      'Method: Cash · Amount: $123.45'
    )
    expect(
      historyDetailText(
        {
          amount: 1000,
          lines: [
            { line: 0, quantity: 1, restock: true },
            { line: 1, quantity: 2, restock: false }
          ],
          reason: 'Broken',
          payments: ['b'.repeat(24)]
        },
        t,
        (i) => names[i]
      )
    ).toBe('Amount: $10.00 · Lines: Green tea × 1, Cup × 2 (not restocked) · Reason: Broken')
    expect(historyDetailText({ lines: [{ line: 1, fulfilled: 2 }] }, t, (i) => names[i])).toBe('Lines: Cup: 2')
    expect(historyDetailText({ company: 'SF', tracking: '', address: null }, t)).toBe('Carrier: SF')
    expect(historyDetailText(null, t)).toBe('')
    expect(historyDetailText(['x'], t)).toBe('')
  })

  it('names every field in the interface language, never by its code name', () => {
    const cht = (key: string) => (orderPageMessages.cht as Record<string, string>)[key] ?? key
    expect(historyDetailText({ total: 5000, amount: 1000, method: 'x', lines: [], reason: 'Broken' }, cht)).toBe(
      '總額: $50.00 · 金額: $10.00 · 付款方式: x · 原因: Broken'
    )
  })

  it("translates the reason of the sweep's void (decision 0120), and leaves a merchant's own words as typed", () => {
    const system = { system: true }
    expect(historyDetailText({ reason: 'expired' }, t, undefined, system)).toBe('Reason: Not paid in time: voided automatically')
    for (const language of ['cht', 'chs'] as const) expect(orderPageMessages[language]['history.reason.expired']).toMatch(/\S/)
    // Typed by a merchant in the void dialog: their words, even when they are the same word.
    expect(historyDetailText({ reason: 'expired' }, t)).toBe('Reason: expired')
    expect(historyDetailText({ reason: 'Broken' }, t, undefined, system)).toBe('Reason: Broken')
  })
})
