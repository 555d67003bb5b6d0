import { useState } from 'react'
import { servicePaths, type Cashier, type Order, type OrderPaymentInput, type Shop } from '@emporia/shared'
import { i18n } from '../../../lib/i18n/i18n'
import { notifyError, notifySuccess } from '../../../lib/notify'
import { formatMoney } from '../../../lib/format/money'
import { shopApi } from '../../../lib/resource-client'
import { useReceiptPrint } from '../../../lib/pos-hardware/receipt-print'
import { usePosPrinter } from '../../../lib/pos-hardware/use-hardware'
import type { CartState } from './cart-store'
import { drawerOpensAfter, orderDataOf } from './order-data'
import { settle, type Tender } from './tender'
import { useOrderQueue } from '../offline/order-queue'
import { deviceFailure } from '../offline/cashier-errors'
import { askManager } from '../dialogs/manager-approval'
import { askAge } from '../dialogs/age-check'
import { useServing } from './serving'
import { isGatewayTender, useGatewayPay } from './gateway-pay'

/*
 * Paying (spec §2.13, §6.2; decision 0098): the order goes through the queue with its client id, then the
 * receipt prints when the cashier prints on finish, the drawer opens by the cashier's rule, and a new
 * order starts when the cashier starts them by itself. A refusal keeps the order on the till to correct.
 */

export interface LastSale {
  order: Order | null
  orderId: string
  payments: OrderPaymentInput[]
  total: number
  change: number
  state: CartState
}

export const useCheckout = (options: {
  shop: Shop | undefined
  cashier: Cashier | null
  text: (value: unknown) => string
  onRefusedCashCheck: () => void
}) => {
  // Every sale goes through the offline queue (decision 0099): stored first, replayed with its idempotencyKey.
  const queue = useOrderQueue()
  const printer = usePosPrinter()
  const receipt = useReceiptPrint()
  const [busy, setBusy] = useState(false)
  const [last, setLast] = useState<LastSale | null>(null)
  const { shop, cashier } = options
  // A colleague serving at this till (decision 0135): their `serve` id goes with each order as its clerk.
  const { serving, set: setServing } = useServing()
  // A wallet or the connected terminal is taken once the order is made, and waited for (decision 0199).
  const gateway = useGatewayPay()

  const print = async (sale: LastSale | null, openDrawer = false) => {
    if (!sale?.order) return notifyError(i18n.t('pos.sell.noLastOrder'))
    const t = (key: string) => i18n.t(key)
    try {
      // The staff and the station by name, the time in the shop's zone (decision 0141).
      await receipt.print(sale.order, sale.payments, {
        openDrawer,
        cashier: cashier?.name,
        staff: sale.state.staff?.name,
        customer: sale.state.member?.name,
        methodName: (p) => (p.method === 'pos' ? (p.extraMethod ?? 'pos') : t(`pos.sell.method.${p.method}`))
      })
    } catch (error) {
      notifyError(i18n.t('pos.sell.printFailed', { reason: deviceFailure(error) }))
    }
  }

  /**
   * Answers true when the sale is done (sent or queued), false when refused. `discount`: the manual discount
   * of prices typed on the numpad (decision 0143), sent as the order's, which the server counts against the
   * cashier's limits and budget (decision 0092) or a manager's PIN approval (below).
   */
  const pay = async (state: CartState, total: number, tenders: Tender[], discount = 0): Promise<boolean> => {
    const settlement = settle(total, tenders)
    const viaGateway = settlement.payments.find((payment) => isGatewayTender(payment.method))
    const taken = settlement.payments.filter((payment) => payment !== viaGateway)
    setBusy(true)
    try {
      let data = {
        ...orderDataOf(
          state,
          { cashier: cashier?._id ?? null, warehouse: cashier?.lockWarehouse ?? shop?.posWarehouse ?? null },
          taken
        ),
        ...(serving ? { clerk: serving.id } : {}),
        ...(discount > 0 ? { discount } : {})
      }
      let queued = await queue.submit(data)
      // Age-restricted goods while the shop checks ages (decision 0178): the cashier confirms, the same sale goes again.
      if (queued.state === 'failed' && queued.error?.key === 'order.ageRequired' && (await askAge())) {
        data = { ...data, ageConfirmed: true }
        queued = await queue.submit(data)
      }
      // A discount beyond the cashier's limits: a manager approves it here with their PIN, and the same sale
      // (same key) goes again with the approval (decision 0135). Given up: refused as before.
      if (queued.state === 'failed' && queued.error?.key === 'errors.needPermission') {
        const approval = await askManager({ action: 'discount', amount: data.discount ?? 0 })
        if (approval) queued = await queue.submit({ ...data, approval: approval._id })
      }
      if (queued.state === 'failed') {
        if (queued.error?.key === 'pos.requiresCashCheck') options.onRefusedCashCheck()
        // The switch is too old (a shift) or its colleague left: back to the signed-in account, to switch again.
        if (queued.error?.key === 'pos.error.clerkInvalid') setServing(null)
        notifyError(queued.error?.message ?? i18n.t('error.generic'))
        return false
      }
      if (viaGateway && isGatewayTender(viaGateway.method)) {
        // The gateway needs the server now: a sale kept offline is sent later without it, still unpaid.
        if (queued.state !== 'sent' || !queued.order) {
          notifyError(i18n.t('pos.sell.gatewayOffline'))
          return false
        }
        const key = `${queued.clientId}:gateway:${Date.now()}`
        const paid = await gateway
          .take(queued.order._id, viaGateway.method, viaGateway.amount, key)
          .catch((error: unknown) => (notifyError(error instanceof Error ? error.message : i18n.t('error.generic')), null))
        if (paid === false) notifyError(i18n.t('pos.sell.gatewayNotPaid'))
        if (!paid) return false
      }
      let order: Order | null = null
      if (queued.order)
        order = (await shopApi(servicePaths.orders)
          .get(queued.order._id)
          .catch(() => null)) as Order | null
      const sale: LastSale = {
        order,
        orderId: queued.order?.orderId ?? queued.clientId,
        payments: settlement.payments,
        total,
        change: settlement.change,
        state
      }
      setLast(sale)
      if (queued.state === 'sent')
        notifySuccess(i18n.t('pos.sell.paid', { orderId: sale.orderId, change: formatMoney(settlement.change) }))
      else notifySuccess(i18n.t('pos.sell.queued'))
      const drawer = drawerOpensAfter(cashier, settlement.payments, total)
      if (cashier?.printOnFinish && order) await print(sale, drawer)
      else if (drawer)
        await printer
          .kickDrawer()
          .catch((error: unknown) => notifyError(i18n.t('pos.sell.drawerFailed', { reason: deviceFailure(error) })))
      return true
    } finally {
      setBusy(false)
    }
  }

  return { pay, busy, last, print: () => print(last), gateway }
}
