import {
  canBeReplaced,
  manualPaymentMethods,
  orderTransitions,
  refundableStatuses,
  type Order,
  type OrderStatus,
  type PaymentMethod
} from '@emporia/shared'

/*
 * What the order screens work out from a record, kept pure so it is tested without a browser. The
 * server decides (decision 0078); these only say which buttons to offer and what the figures are.
 */

type Amounts = Pick<Order, 'subtotal' | 'discount' | 'rounding' | 'total' | 'amount' | 'refund' | 'status' | 'replacedBy'> & {
  products?: readonly { quantity: number }[]
}

/** The figures under the products: paid is net of refunds, so what is still due counts both. */
export const orderAmounts = (order: Partial<Amounts>) => {
  const total = order.total ?? 0
  const paid = order.amount ?? 0
  const refunded = order.refund ?? 0
  const closed = order.status === 'void' || order.status === 'refunded'
  return {
    subtotal: order.subtotal ?? 0,
    discount: order.discount ?? 0,
    rounding: order.rounding ?? 0,
    total,
    paid,
    refunded,
    due: closed ? 0 : Math.max(0, total - paid - refunded)
  }
}

/** The buttons an order's status allows: its moves (void apart, it asks first), pay, refund, split, replace. */
export const orderActions = (order: Partial<Amounts>) => {
  const status = (order.status ?? 'unpaid') as OrderStatus
  const moves = orderTransitions[status] ?? []
  const { due, paid } = orderAmounts(order)
  return {
    moves: moves.filter((to) => to !== 'void'),
    canVoid: moves.includes('void'),
    canPay: due > 0 && status !== 'void' && status !== 'refunded',
    canRefund: refundableStatuses.includes(status) && paid > 0,
    // Splitting moves units of an unpaid order to a new one (the service's rule); one must stay.
    canSplit: status === 'unpaid' && (order.products ?? []).reduce((sum, line) => sum + line.quantity, 0) > 1,
    // A paid order that nothing replaces yet (the server's rule, spec §4.8).
    canReplace: canBeReplaced({ status, replacedBy: order.replacedBy })
  }
}

/** The shop's own POS payment methods (`posExtraPaymentMethods`, decision 0079): names, read defensively. */
export const extraMethodNames = (shop: unknown): string[] => {
  const list = (shop as { posExtraPaymentMethods?: unknown } | undefined)?.posExtraPaymentMethods
  if (!Array.isArray(list)) return []
  const names = list.map((entry: unknown) =>
    typeof entry === 'string'
      ? entry
      : typeof entry === 'object' && entry !== null
        ? (entry as { name?: unknown }).name
        : undefined
  )
  return [...new Set(names.filter((name): name is string => typeof name === 'string' && name.trim() !== ''))]
}

/**
 * The methods a merchant may record by hand: the POS one only when the shop named its own methods,
 * bank transfer only when the shop takes transfers (the payments service refuses it otherwise).
 */
export const recordableMethods = (shop: unknown): PaymentMethod[] =>
  manualPaymentMethods.filter((method) =>
    method === 'pos'
      ? extraMethodNames(shop).length > 0
      : method === 'bank'
        ? (shop as { bankTransfer?: { enabled?: unknown } | null } | undefined)?.bankTransfer?.enabled === true
        : true
  )

/** Cash handed back: what was tendered beyond the amount, never negative; unknown until both are there. */
export const changeFor = (received: unknown, amount: unknown): number | undefined =>
  typeof received === 'number' && typeof amount === 'number' && Number.isSafeInteger(received) && Number.isSafeInteger(amount)
    ? Math.max(0, received - amount)
    : undefined
