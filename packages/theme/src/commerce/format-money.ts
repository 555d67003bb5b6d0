/**
 * Money on the storefront (spec §9.1): two decimals, comma thousands, the shop's symbol ("$" for HKD by
 * default), a leading '-' when negative. Amounts are integer cents (decision 0003); the same rule as the
 * back office's formatMoney, kept here so the islands bundle needs nothing from the web app.
 */
export const formatCents = (cents: number, symbol = '$'): string => {
  const abs = Math.abs(Math.round(cents))
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const text = `${symbol}${whole}.${String(abs % 100).padStart(2, '0')}`
  return cents < 0 && abs !== 0 ? `-${text}` : text
}
