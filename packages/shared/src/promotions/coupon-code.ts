/*
 * How a typed code is compared (decisions 0088, 0139): an issued coupon's code and a discount rule's own
 * `couponCode` alike — spaces and dashes dropped, any case — on the server (cart preview, order create),
 * in the back office's preview and at the till. No imports, so the POS bundle and the engine can use it.
 */

/** A code as codes compare: `summer-10`, `Summer 10` and `SUMMER10` are one code. */
export const normalCouponCode = (code: string) => code.replace(/[\s-]+/g, '').toUpperCase()

/** Whether two typed codes are the same code. */
export const sameCouponCode = (a: string, b: string) => normalCouponCode(a) === normalCouponCode(b)

/** The same normal form as SQL (PostgreSQL and PGlite), for an index or a lookup on a code column. */
export const normalCouponCodeSql = (column: string) => `regexp_replace(upper(${column}), '[[:space:]-]+', '', 'g')`

/**
 * Splits typed codes into the rules' own codes and the rest (issued coupons), by the normal form: each
 * rule code as typed, with its rule's id. `rules` are the rules that can be unlocked by a code.
 */
export const splitCouponCodes = <R extends { _id: string; couponCode?: string | null }>(
  typed: readonly string[],
  rules: readonly R[]
): { ruleCodes: { code: string; rule: string }[]; others: string[] } => {
  const byCode = new Map<string, string>()
  for (const rule of rules) if (rule.couponCode) byCode.set(normalCouponCode(rule.couponCode), rule._id)
  const ruleCodes: { code: string; rule: string }[] = []
  const others: string[] = []
  for (const code of typed) {
    const rule = byCode.get(normalCouponCode(code))
    if (rule) ruleCodes.push({ code, rule })
    else others.push(code)
  }
  return { ruleCodes, others }
}
