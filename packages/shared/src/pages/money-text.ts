import { fromCents } from '../platform/money'

/**
 * A value bound to a money text (a product's `price`, in cents) as the shop shows money (§9.1): the
 * symbol, comma thousands, two decimals. Anything but a whole number of cents keeps `fallback`.
 */
export const moneyText = (cents: unknown, fallback: unknown, symbol = '$'): unknown => {
  if (typeof cents !== 'number' || !Number.isSafeInteger(cents)) return fallback
  const [whole, fraction] = fromCents(Math.abs(cents)).split('.')
  return `${cents < 0 ? '-' : ''}${symbol}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`
}
