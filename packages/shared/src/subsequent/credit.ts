/**
 * The credit limit of a company customer (decision 0085), as one pure rule both sides apply: the
 * server under the company's row lock, the editor to show what is still available.
 *
 * `others` is what the company owes on its other orders, `now` what this order adds today (0 for a
 * new one), `next` what it would add after the change. Only a change that raises what the company
 * owes is checked: payments are always welcome, and a limit lowered below what is owed only blocks
 * new credit. A limit of 0 (or none) means no credit at all.
 */
export interface CreditQuestion {
  limit: number | null | undefined
  others: number
  now: number
  next: number
}

export type CreditAnswer =
  | { ok: true; over: 0 }
  /** Past the limit: `available` is what this order may still owe, `over` how far past the limit it goes. */
  | { ok: false; available: number; over: number }

export const creditCheck = ({ limit, others, now, next }: CreditQuestion): CreditAnswer => {
  const cap = limit ?? 0
  if (next <= now || others + next <= cap) return { ok: true, over: 0 }
  return { ok: false, available: Math.max(0, cap - others), over: others + next - cap }
}
