import type { OrderStatus } from './order.schema'

/**
 * The moves a merchant may make by changing an order's status (decision 0078). `paid` is reached only
 * by payments covering the total and `refunded` only by a full refund; an unpaid order can only be
 * voided. Fulfilment goes forward, never back: a mistake after payment is put right by a refund or a
 * replacement order, which the history then shows.
 */
export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  unpaid: ['void'],
  paid: ['prepare', 'collect', 'shipped', 'done'],
  prepare: ['collect', 'shipped', 'done'],
  collect: ['received', 'done'],
  shipped: ['received', 'done'],
  received: ['done'],
  done: [],
  refunded: [],
  void: []
}

/** Statuses in which the goods have left or are being made ready: linked items must be fulfilled first. */
export const fulfilledStatuses: readonly OrderStatus[] = ['collect', 'shipped', 'received', 'done']

/** Statuses in which money has been taken, so a refund may be made. */
export const refundableStatuses: readonly OrderStatus[] = ['paid', 'prepare', 'collect', 'shipped', 'received', 'done']

export const canMove = (from: OrderStatus, to: OrderStatus) => orderTransitions[from].includes(to)

/**
 * Whether a replacement order may name this one (spec §4.8): an order that was paid for (a refunded one
 * too: the goods were given back and are sent again) and that no other order replaces yet.
 */
export const canBeReplaced = (order: { status?: OrderStatus | null; replacedBy?: string | null }) =>
  order.status !== undefined && order.status !== null && order.status !== 'unpaid' && order.status !== 'void' && !order.replacedBy

/**
 * Why an order's linked items stop it leaving (spec §5.5), or undefined: every linked line must be
 * fully fulfilled (`notFulfilledAll`), and no line may be fulfilled beyond its quantity (`quantity`).
 */
export const linkItemsProblem = (
  lines: readonly { linkItem?: { quantity: number; fulfilled: number } | null }[]
): { key: 'order.notFulfilledAll' | 'order.quantityMismatch'; field: string } | undefined => {
  for (const [i, line] of lines.entries()) {
    const link = line.linkItem
    if (link && link.fulfilled > link.quantity)
      return { key: 'order.quantityMismatch', field: `products.${i}.linkItem.fulfilled` }
  }
  for (const [i, line] of lines.entries()) {
    const link = line.linkItem
    if (link && link.fulfilled < link.quantity) return { key: 'order.notFulfilledAll', field: `products.${i}.linkItem.fulfilled` }
  }
  return undefined
}
