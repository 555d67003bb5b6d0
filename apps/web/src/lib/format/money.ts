import type { Cents, CurrencySymbol } from '@emporia/shared'

// The current shop's symbol (decision 0187), set as its record is read: every amount on screen uses it.
let shopSymbol: CurrencySymbol = '$'
export const setMoneySymbol = (symbol: CurrencySymbol) => {
  shopSymbol = symbol
}

/**
 * Money on screen (spec §9.1): two decimals, comma thousands separators, the store's symbol
 * (default "$", the HKD sign; "HK$" when the shop chose it) and a leading '-' when negative. Amounts are
 * integer cents (decision 0003).
 */
export const formatMoney = (cents: Cents | null | undefined, symbol: string = shopSymbol): string => {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '-'
  const abs = Math.abs(Math.round(cents))
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const text = `${symbol}${whole}.${String(abs % 100).padStart(2, '0')}`
  return cents < 0 && abs !== 0 ? `-${text}` : text
}
