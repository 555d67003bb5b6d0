/** Money as the shop shows it: exact integer cents, the shop's symbol, thousands grouped ("$1,234.50"). */
export const moneyText = (cents: number, symbol = '$'): string => {
  const whole = Math.abs(Math.round(cents))
  const units = Math.floor(whole / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${cents < 0 ? '-' : ''}${symbol}${units}.${String(whole % 100).padStart(2, '0')}`
}

/**
 * Cents of a decimal text as the mini's calls send prices ("12.50", "12.5", "12"), read digit by
 * digit (never through a float); undefined for anything else.
 */
export const centsOf = (price: unknown): number | undefined => {
  if (typeof price === 'number') return Number.isInteger(price) ? price : undefined
  if (typeof price !== 'string') return undefined
  const match = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(price.trim())
  if (!match) return undefined
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'))
  return match[1] ? -cents : cents
}

/** A decimal text price ("12.50") with the symbol; the text itself when it is not one. */
export const priceText = (price: unknown, symbol = '$'): string => {
  const cents = centsOf(price)
  return cents === undefined ? String(price ?? '') : moneyText(cents, symbol)
}

/** An amount as the calls send it: integer cents (topics, the cart) or a decimal text (the mini's cards). */
export const amountText = (amount: unknown, symbol = '$'): string | undefined =>
  typeof amount === 'number'
    ? moneyText(amount, symbol)
    : typeof amount === 'string' && amount
      ? priceText(amount, symbol)
      : undefined
