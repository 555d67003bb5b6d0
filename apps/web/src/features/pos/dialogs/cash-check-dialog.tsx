import { useState } from 'react'
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography
} from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { cashCheckTypes, servicePaths, type CashCheck, type CashCheckData, type CashCheckType } from '@emporia/shared'
import { amountRule, prepareCashCheck, typeLabels } from '../../../components/cash-check/cash-check-labels'
import { CashCheckResult } from '../../../components/cash-check/cash-check-result'
import { DenominationsInput } from '../../../components/cash-check/denominations-input'
import { MoneyInput } from '../../../components/fields/money-field'
import { normalizeValues, type Values } from '../../../lib/form-values'
import { useListT } from '../../../lib/i18n/lists'
import { notifySuccess } from '../../../lib/notify'
import { queryKeys } from '../../../lib/query-keys'
import { shopApi } from '../../../lib/resource-client'
import { refusalOf, unplaced, type Refusal } from '../station/refusal'
import { useStation } from '../station/station-context'
import type { DialogProps } from './dialog-props'

const AMOUNT = { name: 'amount', label: 'cashCheck.amount', type: 'money', required: true } as const
const DETAILS = { name: 'details', label: 'cashCheck.details', type: 'custom', component: DenominationsInput } as const
const fresh = (): Values => ({ type: 'beginCheck', hasDetails: false, amount: null, comment: '' })

/**
 * The till's cash check (spec §5.3, decision 0081): a count or a movement of this station's drawer, by
 * amount or by notes and coins, checked on the field with the shared rule before it is sent; once
 * saved, what the server worked out (expected, difference) shows below, and it can be cancelled there.
 */
export const CashCheckDialog = ({ open, onClose, onDone }: DialogProps & { onDone?: () => void }) => {
  const { t } = useListT()
  const { cashier } = useStation()
  const queryClient = useQueryClient()
  const [values, setValues] = useState<Values>(fresh)
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | undefined>()
  const [saved, setSaved] = useState<CashCheck | null>(null)
  const setValue = (name: string, value: unknown) => setValues((current) => ({ ...current, [name]: value }))
  const problem = amountRule(values.amount, values)
  const missing = values.amount === null || values.amount === ''
  const amountError = refusal?.fields.amount ?? (problem ? t(problem) : tried && missing ? t('format.required') : undefined)
  const reset = () => {
    setValues(fresh())
    setTried(false)
    setRefusal(undefined)
    setSaved(null)
  }
  const close = () => {
    reset()
    onClose()
  }
  const submit = async () => {
    setTried(true)
    if (busy || problem || missing) return
    const amount = normalizeValues([AMOUNT], values).amount
    const data = prepareCashCheck({
      type: values.type,
      amount,
      hasDetails: values.hasDetails,
      details: values.details,
      comment: values.comment,
      ...(cashier ? { cashier: cashier._id } : {})
    }) as CashCheckData
    setBusy(true)
    setRefusal(undefined)
    try {
      setSaved(await shopApi(servicePaths.cashboxLogs).create(data))
      notifySuccess(t('posCash.saved'))
      void queryClient.invalidateQueries({ queryKey: queryKeys.finds(servicePaths.cashboxLogs) })
      onDone?.()
    } catch (error) {
      setRefusal(refusalOf(error))
    } finally {
      setBusy(false)
    }
  }
  const field = { values, setValue, testId: '' }
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" data-testid="pos-cash-check-dialog">
      <DialogTitle>{t('posCash.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="pos-cash-check-drawer">
          {cashier ? t('posCash.drawer', { name: cashier.name }) : t('posCash.shopDrawer')}
        </Typography>
        {saved ? (
          <CashCheckResult
            {...field}
            field={DETAILS}
            value={null}
            onChange={() => undefined}
            record={saved as never}
            testId="pos-cash-check-result"
          />
        ) : (
          <Stack
            component="form"
            spacing={2}
            onSubmit={(event) => {
              event.preventDefault()
              void submit()
            }}
          >
            <ToggleButtonGroup
              exclusive
              size="small"
              value={values.type}
              onChange={(_, type: CashCheckType | null) => type && setValue('type', type)}
              aria-label={t('cashCheck.type')}
              sx={{ flexWrap: 'wrap' }}
            >
              {cashCheckTypes.map((type) => (
                <ToggleButton key={type} value={type} data-testid={`pos-cash-check-type-${type}`}>
                  {t(typeLabels[type])}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <FormControlLabel
              control={
                <Switch
                  checked={Boolean(values.hasDetails)}
                  onChange={(event) => setValue('hasDetails', event.target.checked)}
                  slotProps={{ input: { ...{ 'data-testid': 'pos-cash-check-details-on' } } }}
                />
              }
              label={t('cashCheck.hasDetails')}
            />
            {Boolean(values.hasDetails) && (
              <DenominationsInput
                {...field}
                field={DETAILS}
                value={values.details}
                onChange={(value) => setValue('details', value)}
                testId="pos-cash-check-details"
              />
            )}
            <MoneyInput
              {...field}
              field={AMOUNT}
              value={values.amount}
              onChange={(value) => setValue('amount', value)}
              error={amountError}
              testId="pos-cash-check-amount"
            />
            <TextField
              label={t('cashCheck.comment')}
              value={values.comment}
              onChange={(event) => setValue('comment', event.target.value)}
              error={Boolean(refusal?.fields.comment)}
              helperText={refusal?.fields.comment}
              slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'pos-cash-check-comment' } }}
            />
            {unplaced(refusal, ['amount', 'comment']) && (
              <Alert severity="error">{unplaced(refusal, ['amount', 'comment'])}</Alert>
            )}
            {/* Enter in any input saves. */}
            <button type="submit" hidden />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {saved ? (
          <Button onClick={reset} data-testid="pos-cash-check-another">
            {t('posCash.another')}
          </Button>
        ) : (
          <Button variant="contained" disabled={busy} onClick={() => void submit()} data-testid="pos-cash-check-save">
            {t('editor.save')}
          </Button>
        )}
        <Button onClick={close} data-testid="pos-cash-check-close">
          {t('editor.close')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
