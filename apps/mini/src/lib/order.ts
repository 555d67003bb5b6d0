import type { MessageKey } from './messages'

/** What `GET /_commerce/orders/{link}` answers that the mini shows (order-status.ts). */
export interface OrderView {
  orderId: string
  date: string
  status: string
  products: { name: unknown; price: number; quantity: number; total: number }[]
  subtotal: number
  discount: number
  shipping: { fee?: number } | null
  total: number
  paid: number
  waitsForPayment: boolean
  payments: { method: string; status: string; amount: number }[]
  bankAccounts: { bankName: string; name: string; no: string }[]
}

const known = ['unpaid', 'prepare', 'shipped', 'completed', 'cancelled']

/** An order status's screen text key; an unknown status is shown as it is. */
export const statusKey = (status: string): MessageKey | undefined =>
  known.includes(status) ? (`status.${status}` as MessageKey) : undefined
