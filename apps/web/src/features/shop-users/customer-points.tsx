import { useState } from 'react'
import {
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography
} from '@mui/material'
import { PRODUCT_POINTS_REMARK, servicePaths, type LocaleId, type PointReason, type ShopUser } from '@emporia/shared'
import { useQueryClient } from '@tanstack/react-query'
import { AppLink } from '../../components/ui/app-link'
import { formatDateTime } from '../../lib/format/date'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import { resolveText } from '../../lib/i18n/translatable'
import { notifySuccess } from '../../lib/notify'
import { queryKeys } from '../../lib/query-keys'
import { customerPointsMessages } from './customer-points.messages'
import { AdjustDialog, TransferDialog } from './points-dialogs'
import { useCustomerBalances, useCustomerPointLogs, useMayWrite, usePointTypes } from './points-api'

void customerPointsMessages

const reasonLabels: Record<PointReason, AnyMessageKey> = {
  earn: 'customerPoints.reason.earn',
  spend: 'customerPoints.reason.spend',
  transferIn: 'customerPoints.reason.transferIn',
  transferOut: 'customerPoints.reason.transferOut',
  expire: 'customerPoints.reason.expire',
  refund: 'customerPoints.reason.refund',
  adjust: 'customerPoints.reason.adjust'
}

const HEADERS: AnyMessageKey[] = [
  'shopUser.when',
  'customerPoints.type',
  'customerPoints.reason',
  'customerPoints.delta',
  'customerPoints.after',
  'customerPoints.detail'
]

/**
 * The customer page's points (decision 0091): the balance of each point type, the newest log rows,
 * and the transfer (where a type allows it) and adjustment (admins) dialogs.
 */
export const CustomerPoints = ({ customer }: { customer: ShopUser }) => {
  const { t, tAny, language } = useListT()
  const locale = language as LocaleId
  const queryClient = useQueryClient()
  const types = usePointTypes()
  const balances = useCustomerBalances(customer._id)
  const logs = useCustomerPointLogs(customer._id)
  const mayTransfer = useMayWrite(servicePaths.pointTransfers)
  const mayAdjust = useMayWrite(servicePaths.pointAdjustments)
  const [dialog, setDialog] = useState<'transfer' | 'adjust'>()
  const held = balances.data ?? {}
  const all = types.data ?? []
  const transferable = all.filter((type) => type.allowTransfer && (held[type._id] ?? 0) > 0)
  const typeName = (id: string) => {
    const type = all.find((row) => row._id === id)
    return type ? resolveText(type.name, locale, (key) => tAny(key)) : '…'
  }
  const close = (done: boolean) => {
    if (done) {
      notifySuccess(t(dialog === 'transfer' ? 'customerPoints.transferred' : 'customerPoints.adjusted'))
      for (const path of [servicePaths.shopUserPoints, servicePaths.pointLogs, servicePaths.shopUsers])
        void queryClient.invalidateQueries({ queryKey: queryKeys.finds(path) })
      void queryClient.invalidateQueries({ queryKey: queryKeys.get(servicePaths.shopUsers, customer._id) })
    }
    setDialog(undefined)
  }
  const erased = Boolean(customer.erasedAt)
  const loading = types.isLoading || balances.isLoading || logs.isLoading

  return (
    <Card variant="outlined" data-testid="customer-points-section">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="h6" sx={{ flexGrow: 1 }}>
            {t('customerPoints.title')}
          </Typography>
          {!erased && mayTransfer && transferable.length > 0 && (
            <Button variant="outlined" onClick={() => setDialog('transfer')} data-testid="points-transfer">
              {t('customerPoints.transfer')}
            </Button>
          )}
          {!erased && mayAdjust && all.length > 0 && (
            <Button variant="outlined" onClick={() => setDialog('adjust')} data-testid="points-adjust">
              {t('customerPoints.adjust')}
            </Button>
          )}
        </Stack>
        {loading ? (
          <CircularProgress size={24} data-testid="customer-points-loading" />
        ) : !all.length ? (
          <Typography color="text.secondary" data-testid="customer-points-no-types">
            {t('customerPoints.noTypes')}
          </Typography>
        ) : (
          <Stack spacing={2}>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {all.map((type) => (
                <Chip
                  key={type._id}
                  data-testid="customer-balance"
                  label={`${typeName(type._id)}: ${held[type._id] ?? 0}`}
                  color={(held[type._id] ?? 0) > 0 ? 'primary' : 'default'}
                  variant="outlined"
                />
              ))}
            </Stack>
            <Typography variant="subtitle2">{t('customerPoints.history')}</Typography>
            {!logs.data?.length ? (
              <Typography color="text.secondary" data-testid="customer-point-logs-empty">
                {t('customerPoints.noLogs')}
              </Typography>
            ) : (
              <Table size="small" data-testid="customer-point-logs">
                <TableHead>
                  <TableRow>
                    {HEADERS.map((header) => (
                      <TableCell key={header}>{t(header)}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {logs.data.map((log) => (
                    <TableRow key={log._id} data-testid="customer-point-logs-row">
                      <TableCell>{formatDateTime(log.date, locale)}</TableCell>
                      <TableCell>{typeName(log.pointType)}</TableCell>
                      <TableCell>
                        {t(
                          log.reason === 'earn' && log.remarks === PRODUCT_POINTS_REMARK
                            ? 'customerPoints.reason.products'
                            : reasonLabels[log.reason as PointReason]
                        )}
                      </TableCell>
                      <TableCell>{log.delta > 0 ? `+${log.delta}` : String(log.delta)}</TableCell>
                      <TableCell>{log.to}</TableCell>
                      <TableCell>
                        {log.order ? (
                          <AppLink href={`/orders/${log.order}`}>{t('shopUser.orderId')}</AppLink>
                        ) : log.counterpart ? (
                          <AppLink href={`/shopUsers/view/${log.counterpart}`}>{t('shopUser.one')}</AppLink>
                        ) : (
                          (log.remarks ?? '')
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Stack>
        )}
      </CardContent>
      {dialog === 'transfer' && <TransferDialog customer={customer} types={transferable} balances={held} onClose={close} />}
      {dialog === 'adjust' && <AdjustDialog customer={customer} types={all} balances={held} onClose={close} />}
    </Card>
  )
}
