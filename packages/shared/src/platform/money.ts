/**
 * Money is held as integer cents (docs/decisions/0003-money.md). These helpers are the only
 * place where a decimal amount becomes cents, so rounding happens once and the same way
 * on the server, in the web app and in the offline POS.
 */
export type Cents = number

const AMOUNT_RE = /^(-)?(\d+)(?:\.(\d+))?$/

/** Parses "12.345" / 12.345 into cents, rounding half away from zero at the third decimal. */
export const toCents = (amount: string | number): Cents => {
  const text = typeof amount === 'number' ? numberToPlain(amount) : amount.trim()
  const match = AMOUNT_RE.exec(text)
  if (!match) throw new RangeError(`Not an amount: ${String(amount)}`)
  const [, minus, whole, fraction = ''] = match
  const digits = (fraction + '000').slice(0, 3)
  let cents = Number(whole) * 100 + Number(digits.slice(0, 2))
  if (Number(digits[2]) >= 5) cents += 1
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount too large: ${String(amount)}`)
  return minus && cents !== 0 ? -cents : cents
}

/** Cents to a plain decimal string with two places ("-12.30"); formatting with symbols is the UI's job. */
export const fromCents = (cents: Cents): string => {
  assertCents(cents)
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** Multiplies cents by a quantity or rate and rounds half away from zero to whole cents. */
export const multiplyCents = (cents: Cents, factor: number): Cents => {
  assertCents(cents)
  const raw = cents * factor
  const rounded = Math.sign(raw) * Math.round(Math.abs(raw) + Number.EPSILON * Math.abs(raw))
  return rounded === 0 ? 0 : rounded
}

/** Splits an amount into `parts` shares that differ by at most one cent and sum to the amount. */
export const allocateCents = (cents: Cents, parts: number): Cents[] => {
  assertCents(cents)
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError('parts must be a positive integer')
  const base = Math.trunc(cents / parts)
  let rest = cents - base * parts
  const step = Math.sign(rest)
  return Array.from({ length: parts }, () => {
    if (rest === 0) return base
    rest -= step
    return base + step
  })
}

export const assertCents = (cents: Cents): void => {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`)
}

// Numbers like 1e-7 would otherwise print in exponent form and fail the amount pattern.
const numberToPlain = (value: number): string => {
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount: ${value}`)
  return value.toFixed(6).replace(/\.?0+$/, '')
}

/**
 * The symbols a shop may show money with (spec §9.1: the store's symbol, default "$"; decision 0187):
 * "$" as Hong Kong shows dollars at home, "HK$" where foreign visitors must tell it from other dollars.
 */
export const currencySymbols = ['$', 'HK$'] as const
export type CurrencySymbol = (typeof currencySymbols)[number]
/** The shop's symbol, "$" unless it chose another of `currencySymbols`. */
export const currencySymbolOf = (shop: { currencySymbol?: unknown } | null | undefined): CurrencySymbol =>
  currencySymbols.find((symbol) => symbol === shop?.currencySymbol) ?? '$'
