import type { Order, RefundData } from '@emporia/shared'

/*
 * A refund (spec §4.8), at the till or on the order page, as pure rules: what is left to give back of
 * each line, and the request from what was typed. Quantities are exact to the thousandth (weights): anything finer, negative
 * or beyond what is left is refused on its line, never rounded.
 */

export interface RefundChoice {
  quantity: string
  restock: boolean
}

export const leftOf = (lines: readonly { quantity: number; returned?: number }[]) =>
  lines.map((line) => Math.max(0, Math.round((line.quantity - (line.returned ?? 0)) * 1000) / 1000))

/** The units of a typed quantity, or a message key saying why it cannot be sent. */
export const unitsOf = (text: string, left: number): { units: number } | { problem: 'format.number' | 'posRefund.tooMany' } => {
  const trimmed = text.trim()
  if (trimmed === '') return { units: 0 }
  if (!/^\d+(\.\d{1,3})?$/.test(trimmed)) return { problem: 'format.number' }
  const units = Number(trimmed)
  return units > left ? { problem: 'posRefund.tooMany' } : { units }
}

/** The request, or the refused lines by index (then nothing is sent). */
export const refundRequest = (
  order: Pick<Order, '_id' | 'products'>,
  choices: readonly RefundChoice[],
  extra: { confirm: string; amount?: number | null; reason?: string; idempotencyKey: string }
): { data: RefundData } | { problems: Record<number, 'format.number' | 'posRefund.tooMany'> } => {
  const left = leftOf(order.products)
  const problems: Record<number, 'format.number' | 'posRefund.tooMany'> = {}
  const lines: NonNullable<RefundData['lines']> = []
  choices.forEach((choice, line) => {
    const result = unitsOf(choice.quantity, left[line] ?? 0)
    if ('problem' in result) problems[line] = result.problem
    else if (result.units > 0) lines.push({ line, quantity: result.units, restock: choice.restock })
  })
  if (Object.keys(problems).length) return { problems }
  const reason = extra.reason?.trim()
  return {
    data: {
      order: order._id,
      confirm: extra.confirm.trim(),
      lines,
      ...(typeof extra.amount === 'number' ? { amount: extra.amount } : {}),
      ...(reason ? { reason } : {}),
      idempotencyKey: extra.idempotencyKey
    }
  }
}
