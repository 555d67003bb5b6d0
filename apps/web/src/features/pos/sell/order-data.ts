import type { OrderData, OrderPaymentInput } from '@emporia/shared'
import type { CartState } from './cart-store'

/*
 * The order the till sends (decisions 0094, 0098): goods, quantities, SKUs and weights, never totals; a
 * price only from a price label. The client id is the idempotencyKey, so a replay from the offline queue
 * answers the first order.
 */

export interface Seller {
  /** The station's cashier (its _id). */
  cashier: string | null
  /** The cashier's lockWarehouse, else the shop's posWarehouse. */
  warehouse: string | null
}

export const orderDataOf = (
  state: CartState,
  seller: Seller,
  payments: OrderPaymentInput[]
): OrderData & { idempotencyKey: string } => ({
  source: 'pos',
  idempotencyKey: state.clientId,
  products: state.lines.map((line) => ({
    product: line.product,
    ...(line.sku ? { sku: line.sku } : {}),
    quantity: line.quantity,
    ...(line.fixedPrice ? { price: line.price } : {})
  })),
  ...(seller.cashier ? { cashier: seller.cashier } : {}),
  ...(seller.warehouse ? { warehouse: seller.warehouse } : {}),
  ...(state.member ? { user: state.member._id } : {}),
  ...(state.chosenDiscounts.length ? { chosenDiscounts: state.chosenDiscounts } : {}),
  // Asked when the first age-restricted product was added (decision 0196).
  ...(state.ageConfirmed ? { ageConfirmed: true } : {}),
  payments
})

/** Should the drawer open by itself after this sale (spec §6.2 cashDrawer, cashDrawerZeroOpen)? */
export const drawerOpensAfter = (
  cashier: { cashDrawer?: 'none' | 'cash' | 'any'; cashDrawerZeroOpen?: boolean } | null,
  payments: OrderPaymentInput[],
  total: number
): boolean => {
  const mode = cashier?.cashDrawer ?? 'none'
  if (mode === 'none') return false
  if (total === 0 && !cashier?.cashDrawerZeroOpen) return false
  return mode === 'any' || payments.some((payment) => payment.method === 'cash')
}
