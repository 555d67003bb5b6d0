import { useState } from 'react'
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField
} from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { servicePaths, type Order } from '@emporia/shared'
import { RefundForm } from '../../../components/refund/refund-form'
import { useListT } from '../../../lib/i18n/lists'
import { queryKeys } from '../../../lib/query-keys'
import { shopApi, shopRows } from '../../../lib/resource-client'
import { refusalOf } from '../station/refusal'
import type { DialogProps } from './dialog-props'
import { askManager } from './manager-approval'

const findOrder = async (orderId: string): Promise<Order | null> => {
  return (await shopRows(servicePaths.orders, { orderId, $limit: 1 }))[0] ?? null
}

/**
 * The till's refund (spec §4.8, `orders/refunds` as the order page's refund): an order found by its
 * order ID (or given, e.g. the last sale), the lines and amount to give back, confirmed by typing the ID.
 */
export const PosRefundDialog = ({ open, onClose, order }: DialogProps & { order?: string | null }) => {
  const { t } = useListT()
  const [typed, setTyped] = useState('')
  const [sought, setSought] = useState<string | null>(null)
  const given = useQuery({
    queryKey: queryKeys.get(servicePaths.orders, order ?? ''),
    queryFn: () => shopApi(servicePaths.orders).get(order!),
    enabled: open && Boolean(order)
  })
  const found = useQuery({
    queryKey: [servicePaths.orders, 'find', { orderId: sought, pos: 'refund' }],
    queryFn: () => findOrder(sought!),
    enabled: open && Boolean(sought)
  })
  const current = order ? given.data : found.data
  const loading = (order ? given.isFetching : found.isFetching) && !current
  const error = order ? given.error : found.error
  const close = () => {
    setTyped('')
    setSought(null)
    onClose()
  }
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" data-testid="pos-refund-dialog">
      <DialogTitle>{current ? t('refund.title') : t('posRefund.title')}</DialogTitle>
      {current ? (
        <RefundForm
          key={current._id}
          order={current}
          onClose={close}
          testId="pos-refund"
          askApproval={async (request) => (await askManager({ action: 'refund', ...request }))?._id ?? null}
        />
      ) : (
        <>
          <DialogContent>
            <Stack
              direction="row"
              spacing={1}
              component="form"
              sx={{ pt: 1, alignItems: 'flex-start' }}
              onSubmit={(event) => {
                event.preventDefault()
                if (typed.trim()) setSought(typed.trim())
              }}
            >
              {!order && (
                <TextField
                  autoFocus
                  size="small"
                  label={t('posRefund.orderId')}
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                  slotProps={{ htmlInput: { autoComplete: 'off', 'data-testid': 'pos-refund-order-id' } }}
                />
              )}
              {!order && (
                <Button type="submit" variant="contained" disabled={!typed.trim()} data-testid="pos-refund-find">
                  {t('posRefund.find')}
                </Button>
              )}
              {loading && <CircularProgress size={24} />}
            </Stack>
            {found.isSuccess && !found.data && sought && (
              <Alert severity="warning" sx={{ mt: 2 }} data-testid="pos-refund-not-found">
                {t('posRefund.notFound', { orderId: sought })}
              </Alert>
            )}
            {error && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {refusalOf(error).message}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('editor.cancel')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  )
}
