import { useMemo, useState } from 'react'
import { Alert, Box, CircularProgress, Stack } from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation, useParams } from '@tanstack/react-router'
import { servicePaths, type OrderStatus, type Payment } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import { notifyError, notifySuccess } from '../../lib/notify'
import { labelText, orderStatusLabels } from '../../lib/order-labels'
import { useDelayedLoading } from '../../lib/loading-delay'
import { usePageOptions } from '../../lib/page-options'
import { queryKeys } from '../../lib/query-keys'
import { useStaffNames } from '../../lib/staff-names'
import { HistoryCard } from './history-card'
import { MailLog } from '../../components/mail/mail-log'
import { LinkItemsCard } from './link-items-card'
import { OrderHeader, type OrderDialog } from './order-header'
import { OrderLines } from './order-lines'
import { OrderLinks } from './order-links'
import { OrderPayments } from './order-payments'
import { orderActions } from './order-rules'
import { patchOrder, setPaymentStatus, useOrder, useOrderHistory, useOrderPayments } from './orders-api'
import { PayDialog } from './pay-dialog'
import { RefundDialog } from './refund-dialog'
import { ReplaceDialog } from './replace-dialog'
import type { Refusal } from '../../components/editor/refusal'
import { serverRefusal } from '../../components/editor/server-refusal'
import { ShippingCard } from './shipping-card'
import { SplitDialog } from './split-dialog'
import { VoidDialog } from './void-dialog'

/**
 * An order's own page (spec §2.2 orders/{id}): header and the moves its status allows, products and
 * figures, payments, linked items, shipping and the history. `?pay=1` (a new order's "Take payment
 * now") opens the payment dialog.
 */
export const OrderPage = () => {
  const { t } = useListT()
  const { id } = useParams({ strict: false }) as { id?: string }
  const wantsPay = useLocation({ select: (location) => new URLSearchParams(location.searchStr).get('pay') === '1' })
  const queryClient = useQueryClient()
  const order = useOrder(id)
  const payments = useOrderPayments(id)
  const history = useOrderHistory(id, order.data?.updatedAt)
  const staffName = useStaffNames()
  const [dialog, setDialog] = useState<OrderDialog | undefined>(wantsPay ? 'pay' : undefined)
  const [busy, setBusy] = useState(false)
  const [moveRefusal, setMoveRefusal] = useState<Refusal | undefined>()
  const record = order.data
  const spinner = useDelayedLoading(order.isPending)
  const orderId = record?.orderId
  const routeTitle = t('route.orders/detail')
  usePageOptions(useMemo(() => (orderId ? { title: `${routeTitle}: ${orderId}` } : {}), [orderId, routeTitle]))

  // Our own changes are read back at once; the realtime events keep other people's current.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.get(servicePaths.orders, id ?? '') })
    void queryClient.invalidateQueries({ queryKey: queryKeys.finds(servicePaths.payments) })
    void queryClient.invalidateQueries({ queryKey: [servicePaths.orderHistory] })
  }
  const closeDialog = () => {
    setDialog(undefined)
    refresh()
  }

  const move = async (to: OrderStatus) => {
    if (!record || busy) return
    setBusy(true)
    setMoveRefusal(undefined)
    try {
      await patchOrder(record._id, { status: to })
      notifySuccess(t('order.moved', { status: labelText(orderStatusLabels, to, t) }))
      refresh()
    } catch (error) {
      setMoveRefusal(serverRefusal(error))
    } finally {
      setBusy(false)
    }
  }

  const settle = async (payment: Payment, status: 'paid' | 'cancelled') => {
    setBusy(true)
    try {
      await setPaymentStatus(payment._id, status)
      notifySuccess(t(status === 'paid' ? 'payment.confirmed' : 'payment.cancelDone'))
      refresh()
    } catch (error) {
      notifyError(serverRefusal(error).message)
    } finally {
      setBusy(false)
    }
  }

  if (order.isPending) return <Stack sx={{ py: 6, alignItems: 'center', minHeight: 40 }}>{spinner && <CircularProgress />}</Stack>
  if (!record)
    return (
      <Alert severity="warning" data-testid="order-not-found">
        {t('order.notFound')}
      </Alert>
    )
  const actions = orderActions(record)
  // A refused move names `status` (order.badTransition), or a linked line the card shows (§5.5).
  const lineMessage = Object.keys(moveRefusal?.fields ?? {}).some((path) => path.startsWith('products.'))
  const statusError = moveRefusal && !lineMessage ? (moveRefusal.fields.status ?? moveRefusal.message) : undefined
  return (
    <Stack spacing={2} data-testid="order-page" data-status={record.status}>
      <OrderHeader
        order={record}
        staffName={staffName}
        payments={payments.data ?? []}
        busy={busy}
        statusError={statusError}
        onMove={(to) => void move(to)}
        onDialog={setDialog}
      />
      <OrderLinks order={record} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start'
        }}
      >
        <Stack spacing={2}>
          <OrderLines order={record} />
          <LinkItemsCard
            order={record}
            moveErrors={moveRefusal?.fields}
            onSaved={() => {
              // The lines changed: the refused move's reasons are stale.
              setMoveRefusal(undefined)
              refresh()
            }}
          />
          <OrderPayments
            payments={payments.data ?? []}
            staffName={staffName}
            busy={busy}
            onSettle={(p, s) => void settle(p, s)}
          />
        </Stack>
        <Stack spacing={2}>
          <ShippingCard key={JSON.stringify([record.ship, record.remarks])} order={record} onSaved={refresh} />
          <HistoryCard order={record} entries={history.data ?? []} staffName={staffName} />
          {/* The mails this order made and their states (decision 0148). */}
          <MailLog order={record._id} refreshKey={`${record.status}:${record.updatedAt}`} />
        </Stack>
      </Box>
      {dialog === 'pay' && actions.canPay && <PayDialog order={record} onClose={closeDialog} />}
      {dialog === 'refund' && <RefundDialog order={record} onClose={closeDialog} />}
      {dialog === 'split' && <SplitDialog order={record} onClose={closeDialog} />}
      {dialog === 'void' && <VoidDialog order={record} onClose={closeDialog} />}
      {dialog === 'replace' && actions.canReplace && <ReplaceDialog order={record} onClose={closeDialog} />}
    </Stack>
  )
}
