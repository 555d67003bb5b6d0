import { describe, expect, it } from 'vitest'
import type { Shop } from '@emporia/shared'
import { settingsShopMessages } from './settings-shop.messages'
import { canConfirmDeletion, deletionDate } from './settings-shop-deletion-rules'

const shop = { name: { en: 'Tea House', cht: '茶館', chs: '茶馆' }, deleteAfter: null } as unknown as Shop

describe('settings/shop danger zone', () => {
  it('confirms only when the shop’s name is typed, in any of its languages, case and outer spaces aside', () => {
    expect(canConfirmDeletion(shop, '')).toBe(false)
    expect(canConfirmDeletion(shop, '   ')).toBe(false)
    expect(canConfirmDeletion(shop, 'Tea')).toBe(false)
    expect(canConfirmDeletion(shop, 'Tea House!')).toBe(false)
    expect(canConfirmDeletion(shop, 'delete')).toBe(false)
    expect(canConfirmDeletion(shop, ' tea house ')).toBe(true)
    expect(canConfirmDeletion(shop, '茶館')).toBe(true)
    expect(canConfirmDeletion(shop, '茶馆')).toBe(true)
    expect(canConfirmDeletion({ name: 'Corner' } as unknown as Shop, 'corner')).toBe(true)
  })

  it('shows the scheduled date only while a deletion is asked for', () => {
    expect(deletionDate(shop)).toBeUndefined()
    expect(deletionDate({ ...shop, deleteAfter: '2027-01-01T00:00:00.000Z' })).toBe('2027-01-01T00:00:00.000Z')
  })

  it('says it in every language, with the grace period and the name to type', () => {
    for (const lang of ['en', 'cht', 'chs'] as const) {
      const messages = settingsShopMessages[lang] as Record<string, string>
      expect(messages['shopSettings.deleteConfirmText']).toContain('{name}')
      expect(messages['shopSettings.deleteConfirmText']).toContain('{days}')
      expect(messages['shopSettings.deletionScheduled']).toContain('{date}')
      expect(messages['shopSettings.deleteShop']).toBeTruthy()
    }
  })
})
