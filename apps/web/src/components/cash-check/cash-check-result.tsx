import { useState } from 'react'
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { isCashCount, servicePaths, type CashCheck, type CashCheckStatus, type LocaleId } from '@emporia/shared'
import { ConfirmDialog } from '../editor/confirm-dialog'
import type { FieldProps } from '../fields/field-types'
import { errorMessage } from '../../lib/errors'
import { formatDateTime, formatMoney } from '../../lib/format'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import { notifyError, notifySuccess } from '../../lib/notify'
import { queryKeys } from '../../lib/query-keys'
import { shopApi } from '../../lib/resource-client'
import { diffColour, statusLabels, typeLabels } from './cash-check-labels'
import { CashierName } from '../../lib/staff-names'

const Line = ({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) => (
  <Box sx={{ display: 'contents' }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2" data-testid={testId} component="div">
      {children}
    </Typography>
  </Box>
)

const signed = (cents: number | null | undefined) =>
  typeof cents === 'number' && cents > 0 ? `+${formatMoney(cents)}` : formatMoney(cents)

/**
 * What the server worked out for a saved check (decision 0081): what the drawer should hold, the
 * difference, the last count and the cash of the period; and the one change a check allows, its
 * cancellation (after a second yes). Nothing shows before the check is saved.
 */
export const CashCheckResult = ({ record, testId }: FieldProps) => {
  const { t, language } = useListT()
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [cancelled, setCancelled] = useState(false)
  if (!record?._id) return null
  const check = record as CashCheck
  const status: CashCheckStatus = cancelled ? 'cancelled' : (check.status ?? 'valid')
  const count = isCashCount(check.type)
  const date = (value: string | null | undefined) => formatDateTime(value, language as LocaleId)
  const summary = check.summary
  const cancel = async () => {
    setAsking(false)
    setBusy(true)
    try {
      await shopApi(servicePaths.cashboxLogs).patch(check._id, { status: 'cancelled' })
      setCancelled(true)
      notifySuccess(t('cashCheck.cancelled'))
      void queryClient.invalidateQueries({ queryKey: queryKeys.finds(servicePaths.cashboxLogs) })
    } catch (error) {
      notifyError(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId} data-status={status}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography variant="subtitle1" sx={{ flex: 1 }}>
          {t('cashCheck.result')}
        </Typography>
        <Chip
          size="small"
          color={status === 'valid' ? 'success' : 'default'}
          label={t(statusLabels[status])}
          data-testid="cash-check-status"
        />
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 0.75 }}>
        {/* Whose drawer: the till's by its name, or the shop's (never an id, decision 0138). */}
        <Line label={t('cashCheck.cashier')} testId="cash-check-drawer">
          {typeof check.cashier === 'string' && check.cashier ? <CashierName id={check.cashier} /> : t('cashCheck.shopDrawer')}
        </Line>
        <Line label={t('cashCheck.expectedAmount')} testId="cash-check-expected">
          {formatMoney(check.expectedAmount)}
        </Line>
        {count && (
          <Line label={t('cashCheck.diff')} testId="cash-check-diff">
            <Box component="span" sx={{ color: diffColour(check.diff), fontWeight: 600 }}>
              {typeof check.diff === 'number' ? signed(check.diff) : '-'}
            </Box>
          </Line>
        )}
        <Line label={t('cashCheck.expectedDelta')} testId="cash-check-expected-delta">
          {signed(check.expectedDelta)}
        </Line>
        {count && (
          <Line label={t('cashCheck.delta')} testId="cash-check-delta">
            {signed(check.delta)}
          </Line>
        )}
        <Line label={t('cashCheck.lastCount')} testId="cash-check-last">
          {check.lastType
            ? `${t(typeLabels[check.lastType] as AnyMessageKey)} ${formatMoney(check.lastAmount)} (${date(check.lastDate)})`
            : t('cashCheck.noLastCount')}
        </Line>
        <Line label={t('cashCheck.period')} testId="cash-check-period">
          {`${date(check.startPeriod)} – ${date(check.endPeriod)}`}
        </Line>
        {summary && (
          <Line label={t('cashCheck.summary')} testId="cash-check-summary">
            {t('cashCheck.summaryText', {
              orders: summary.orders,
              paid: formatMoney(summary.paid),
              refunded: formatMoney(summary.refunded)
            })}
          </Line>
        )}
      </Box>
      {status === 'valid' && (
        <Button color="error" sx={{ mt: 2 }} disabled={busy} onClick={() => setAsking(true)} data-testid="cash-check-cancel">
          {t('cashCheck.cancel')}
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        text={t('cashCheck.cancelConfirm')}
        busy={busy}
        onClose={() => setAsking(false)}
        onConfirm={() => void cancel()}
        testId="cash-check-cancel-dialog"
      />
    </Paper>
  )
}
