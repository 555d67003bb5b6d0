import { describe, expect, it } from 'vitest'
import { currencySymbolOf } from '@emporia/shared'
import { formatDate, formatDateTime, formatFileSize, formatMoney, setMoneySymbol } from './index'

describe('formatMoney', () => {
  it('shows two decimals, thousands separators and the symbol', () => {
    expect(formatMoney(0)).toBe('$0.00')
    expect(formatMoney(5)).toBe('$0.05')
    expect(formatMoney(123456789)).toBe('$1,234,567.89')
    expect(formatMoney(100000, 'HK$')).toBe('HK$1,000.00')
  })

  it('puts a leading minus before the symbol', () => {
    expect(formatMoney(-123450)).toBe('-$1,234.50')
    expect(formatMoney(-0)).toBe('$0.00')
  })

  it('uses the shop’s chosen symbol, "$" unless it chose "HK$" (decision 0187)', () => {
    setMoneySymbol(currencySymbolOf({ currencySymbol: 'HK$' }))
    expect(formatMoney(-123450)).toBe('-HK$1,234.50')
    setMoneySymbol(currencySymbolOf({ currencySymbol: '€' }))
    expect(formatMoney(100)).toBe('$1.00')
    setMoneySymbol(currencySymbolOf(null))
    expect(formatMoney(100)).toBe('$1.00')
  })

  it('shows "-" for a missing amount', () => {
    expect(formatMoney(undefined)).toBe('-')
    expect(formatMoney(null)).toBe('-')
  })
})

describe('formatDate / formatDateTime', () => {
  const date = new Date(2026, 0, 5, 14, 30)
  it("uses 'lll' and 'll' in the current language", () => {
    expect(formatDateTime(date, 'en')).toBe('Jan 5, 2026 2:30 PM')
    expect(formatDate(date, 'en')).toBe('Jan 5, 2026')
    expect(formatDate(date, 'cht')).toBe('2026年1月5日')
    expect(formatDate(date, 'chs')).toBe('2026年1月5日')
  })

  it('shows "-" when empty or unreadable', () => {
    expect(formatDate(undefined)).toBe('-')
    expect(formatDateTime(null)).toBe('-')
    expect(formatDateTime('')).toBe('-')
    expect(formatDateTime('not a date')).toBe('-')
  })
})

describe('formatFileSize', () => {
  it('steps up a unit once the value exceeds 512', () => {
    expect(formatFileSize(512)).toBe('512 B')
    expect(formatFileSize(513)).toBe('0.50 KB')
    expect(formatFileSize(5 * 1024)).toBe('5.0 KB')
    expect(formatFileSize(100 * 1024 + 900)).toBe('100 KB')
    expect(formatFileSize(600 * 1024 * 1024)).toBe('0.59 GB')
    expect(formatFileSize(3 * 1024 ** 4)).toBe('3.0 TB')
    expect(formatFileSize(2000 * 1024 ** 4)).toBe('2000 TB')
  })

  it('keeps 2 decimals under 1, 1 under 10, floors above', () => {
    expect(formatFileSize(0)).toBe('0.00 B')
    expect(formatFileSize(9.96)).toBe('10.0 B')
    expect(formatFileSize(10.9)).toBe('10 B')
    expect(formatFileSize(undefined)).toBe('-')
  })
})
