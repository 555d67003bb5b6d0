import { useMemo, useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography
} from '@mui/material'
import { paymentSchema, type Order, type PaymentMethod } from '@emporia/shared'
import { FormFieldInput } from '../../components/editor/form-field-input'
import { placeServerErrors } from '../../components/editor/server-errors'
import { useEditorForm } from '../../components/editor/use-editor-form'
import type { FieldDef, FieldProps } from '../../components/fields/field-types'
import { errorMessage } from '../../lib/errors'
import { formatMoney } from '../../lib/format'
import { normalizeValues, type Values } from '../../lib/form-values'
import { useListT } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import { paymentMethodLabels } from '../../lib/order-labels'
import { useCurrentShop } from '../../lib/shop'
import { createPayment } from './orders-api'
import { paymentDataOf } from './order-requests'
import { changeFor, extraMethodNames, orderAmounts, recordableMethods } from './order-rules'
import { translateKnown } from '../../components/editor/server-refusal'
import { SlipInput } from './slip-input'
import { CountDrawerLink } from '../../components/cash-check/count-drawer-link'

/** The shop's own POS method names (posExtraPaymentMethods) as a choice. */
const extraMethodInput = (names: string[]) =>
  function ExtraMethodInput({ field, value, onChange, error, testId }: FieldProps) {
    const { t } = useListT()
    return (
      <TextField
        select
        fullWidth
        required
        label={t(field.label)}
        value={typeof value === 'string' ? value : ''}
        error={Boolean(error)}
        helperText={error}
        onChange={(event) => onChange(event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': testId } }}
      >
        {names.map((name) => (
          <MenuItem key={name} value={name} data-testid={`${testId}-option`}>
            {name}
          </MenuItem>
        ))}
      </TextField>
    )
  }

const payFields = (methods: PaymentMethod[], names: string[]): FieldDef[] => {
  const is = (method: string) => (values: Values) => values.method !== method
  return [
    {
      name: 'method',
      label: 'payment.method',
      type: 'select',
      required: true,
      source: { enumList: Object.fromEntries(methods.map((method) => [method, paymentMethodLabels[method]])) }
    },
    { name: 'extraMethod', label: 'pay.extraMethod', type: 'custom', component: extraMethodInput(names), hidden: is('pos') },
    { name: 'amount', label: 'pay.amount', type: 'money', required: true },
    { name: 'received', label: 'pay.received', type: 'money', hidden: is('cash') },
    { name: 'reference', label: 'pay.slip', type: 'custom', component: SlipInput, hidden: is('bank') },
    { name: 'customerRemarks', label: 'pay.remarks', type: 'textarea', hidden: is('bank') }
  ]
}

/**
 * "Pay" (spec §3.11, §9.8): the methods a merchant records by hand, the amount due to start with;
 * cash shows the change as the amount received is typed, a bank transfer takes the customer's slip
 * and stays pending until confirmed.
 */
export const PayDialog = ({ order, onClose }: { order: Order; onClose: () => void }) => {
  const { t } = useListT()
  const shop = useCurrentShop(true)
  const methods = recordableMethods(shop)
  const names = extraMethodNames(shop)
  // One input component per list of names: a new one each render would remount the input.
  const methodsKey = methods.join('\n')
  const namesKey = names.join('\n')
  const fields = useMemo(
    () => payFields(methodsKey.split('\n') as PaymentMethod[], namesKey ? namesKey.split('\n') : []),
    [methodsKey, namesKey]
  )
  const form = useEditorForm(fields, { method: 'cash', amount: orderAmounts(order).due }, paymentSchema)
  const [busy, setBusy] = useState(false)
  const [refused, setRefused] = useState<string | undefined>()
  const [failure, setFailure] = useState<unknown>()
  const shown = fields.filter((field) => !field.hidden?.(form.values))
  const normalized = normalizeValues(shown, form.values)
  const change = form.values.method === 'cash' ? changeFor(normalized.received, normalized.amount) : undefined

  const submit = async () => {
    if (busy || !form.validate()) return
    setBusy(true)
    setRefused(undefined)
    setFailure(undefined)
    try {
      const payment = await createPayment(paymentDataOf(order._id, normalized))
      notifySuccess(
        payment.status === 'pending'
          ? t('pay.pending')
          : typeof payment.change === 'number' && payment.change > 0
            ? t('pay.changeDone', { amount: formatMoney(payment.change) })
            : t('pay.done')
      )
      onClose()
    } catch (error) {
      setFailure(error)
      const placed = placeServerErrors(error, shown, translateKnown, errorMessage(error))
      form.setServerErrors(placed.fields)
      if (!Object.keys(placed.fields).length || placed.others.length) setRefused(placed.others.join('; ') || errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="pay-dialog">
      <DialogTitle>
        {t('pay.title')}
        <Typography variant="body2" color="text.secondary">
          {order.orderId} · {t('order.due')}: {formatMoney(orderAmounts(order).due)}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Box
          component="form"
          noValidate
          sx={{ display: 'grid', gap: 2, pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault()
            void submit()
          }}
        >
          {shown.map((field) => (
            <FormFieldInput key={field.name} form={form} field={field} testId={`pay-${field.name}`} />
          ))}
          {change !== undefined && (
            <Typography variant="h6" data-testid="pay-change">
              {t('pay.change', { amount: formatMoney(change) })}
            </Typography>
          )}
          <button type="submit" hidden />
        </Box>
        {refused && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="pay-error" action={<CountDrawerLink error={failure} />}>
            {refused}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="pay-cancel">
          {t('editor.cancel')}
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()} data-testid="pay-submit">
          {t('pay.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
