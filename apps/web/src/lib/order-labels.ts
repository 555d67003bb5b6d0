import {
  labelledPaymentMethods,
  orderSources,
  orderStatuses,
  paymentMethods,
  paymentStatuses,
  type OrderSource,
  type LabelledPaymentMethod,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus
} from '@emporia/shared'
import type { ListMessageKey } from './i18n/lists/en'

/*
 * How orders and payments name and colour their statuses, sources and methods: the orders, payments
 * and invoice screens all show them (features do not import each other), so they live here.
 */

/** The colours of MUI's Chip. */
export type ChipColour = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning'

const labels = <T extends string>(values: readonly T[], prefix: string) =>
  Object.fromEntries(values.map((value) => [value, `${prefix}.${value}`])) as Record<T, ListMessageKey>

export const orderStatusLabels = labels<OrderStatus>(orderStatuses, 'orderStatus')
export const orderSourceLabels = labels<OrderSource>(orderSources, 'orderSource')
export const paymentMethodLabels = labels<PaymentMethod>(paymentMethods, 'paymentMethod')
/**
 * Every method's label, the wallets' and the transit card's with them (spec §9.8): what a record shows.
 * Since their gateways take them (decision 0199) they are methods like the others.
 */
export const allPaymentMethodLabels = {
  ...labels<LabelledPaymentMethod>(labelledPaymentMethods, 'paymentMethod'),
  ...paymentMethodLabels
}
export const paymentStatusLabels = labels<PaymentStatus>(paymentStatuses, 'paymentStatus')

/** Money waiting is amber, money taken blue, goods on their way purple to green, money given back red. */
const orderColours: Record<OrderStatus, ChipColour> = {
  unpaid: 'warning',
  paid: 'info',
  prepare: 'secondary',
  collect: 'secondary',
  shipped: 'primary',
  received: 'success',
  done: 'success',
  refunded: 'error',
  void: 'default'
}

const paymentColours: Record<PaymentStatus, ChipColour> = {
  pending: 'warning',
  paid: 'success',
  cancelled: 'default',
  refunded: 'error'
}

/** An unknown status (a newer server's) shows plain rather than failing. */
export const orderStatusColour = (status: unknown): ChipColour => orderColours[status as OrderStatus] ?? 'default'
export const paymentStatusColour = (status: unknown): ChipColour => paymentColours[status as PaymentStatus] ?? 'default'

/** A payment's method as shown: the POS method's own name when it has one ("Octopus"), else the method's label. */
export const paymentMethodText = (
  payment: { method?: unknown; extraMethod?: unknown },
  t: (key: ListMessageKey) => string
): string => {
  const label = labelText(allPaymentMethodLabels, payment.method, t)
  const extra = typeof payment.extraMethod === 'string' ? payment.extraMethod.trim() : ''
  return extra ? `${label} · ${extra}` : label
}

/** A value's label from one of the maps above; a value it does not know shows as it is. */
export const labelText = (labels: Record<string, ListMessageKey>, value: unknown, t: (key: ListMessageKey) => string) =>
  typeof value === 'string' && value in labels ? t(labels[value]) : typeof value === 'string' ? value : ''
