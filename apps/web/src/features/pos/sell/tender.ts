import type { OrderPaymentInput } from '@emporia/shared'

/*
 * Split tender at the till (decision 0098): cash, the shop's own methods (`pos` + extraMethod) and a card
 * on the shop's own terminal (`credit`). Only cash may be more than what is due: the rest is change.
 * Pure, so the amounts the server will check (payment.overDue, payment.receivedTooLittle) are checked here first.
 */

/** The wallet and the connected terminal go through their gateway (decision 0199) once the order is made. */
export type TenderMethod = 'cash' | 'credit' | 'terminal' | 'mobileWallet' | 'messagingWallet' | 'transitCard' | `pos:${string}`

export interface Tender {
  method: TenderMethod
  /** Cents handed over (cash) or charged (other methods). */
  amount: number
}

export interface Settlement {
  /** What the payments take, in the order's total's terms. */
  paid: number
  /** Still to pay (0 once covered). */
  due: number
  /** Cash to give back. */
  change: number
  /** Cash handed over in all. */
  received: number
  payments: OrderPaymentInput[]
  /** A non-cash tender beyond what was due: refused (a message key). */
  problem: string | null
}

/** The tenders against a total: the non-cash ones first (they must fit), cash covering the rest with change. */
export const settle = (total: number, tenders: readonly Tender[]): Settlement => {
  let due = total
  let problem: string | null = null
  const payments: OrderPaymentInput[] = []
  for (const tender of tenders) {
    if (tender.method === 'cash' || tender.amount <= 0) continue
    if (tender.amount > due) problem = 'pos.sell.overDue'
    const amount = Math.min(tender.amount, due)
    if (amount <= 0) continue
    due -= amount
    payments.push(
      tender.method.startsWith('pos:')
        ? { method: 'pos', extraMethod: tender.method.slice(4), amount }
        : { method: tender.method as 'credit' | 'terminal' | 'mobileWallet' | 'messagingWallet' | 'transitCard', amount }
    )
  }
  const received = tenders.filter((t) => t.method === 'cash').reduce((sum, t) => sum + Math.max(0, t.amount), 0)
  const cash = Math.min(received, due)
  // A zero-amount order paid in cash is still a cash sale (the drawer may open on zero, spec §6.2).
  if (received > 0 || (total === 0 && tenders.some((t) => t.method === 'cash')))
    payments.push({ method: 'cash', amount: cash, received })
  due -= cash
  return { paid: total - due, due, change: received - cash, received, payments, problem }
}

/** Money as typed ("12", "12.5", "12.50") in cents, exactly, or null when it is not an amount. */
export const parseCents = (text: string): number | null => {
  const match = /^\s*(\d{1,9})(?:[.,](\d{0,2}))?\s*$/.exec(text)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}
