import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Box, Button, Checkbox, FormControlLabel, Paper, Stack, Typography } from '@mui/material'
import { multiplyCents, servicePaths, type ListServicePath, type SubsequentOrder } from '@emporia/shared'
import { errorMessage } from '../../lib/errors'
import { formatDate, formatMoney } from '../../lib/format'
import { useListT } from '../../lib/i18n/lists'
import { notifyError, notifySuccess } from '../../lib/notify'
import { queryKeys } from '../../lib/query-keys'
import { shopApi } from '../../lib/resource-client'
import { ConfirmDialog } from '../editor/confirm-dialog'
import type { FieldDef, FieldProps } from '../fields/field-types'
import { SelectInput } from '../fields/select-field'
import type { LocaleId } from '@emporia/shared'
import { useOrderTotals } from './order-totals'
import { centsOf, quantityOf, type OrderKind } from './order-values'
import { useRecord, type OrderPath, type OrderStatusPath } from './subsequent-api'
import { translatablePaths } from '../../lib/table/search-query'

/** The company select: choosing one fills an empty address with the company's (spec §3.11 address). */
export const companyInput = (kind: OrderKind) => {
  const select: FieldDef = {
    name: 'user',
    label: kind === 'sell' ? 'subsequent.customer' : 'subsequent.supplier',
    type: 'select',
    required: true,
    source: { path: servicePaths.companyUsers, searchFields: ['name', 'phone', 'email'] }
  }
  const CompanyInput = (props: FieldProps) => {
    const { values, setValue } = props
    const company = useRecord(servicePaths.companyUsers, values.user)
    const filledFor = useRef(values.user)
    useEffect(() => {
      if (!company.data || filledFor.current === values.user) return
      filledFor.current = values.user
      const address = company.data.address
      if (typeof address === 'string' && address && !values.address) setValue('address', address)
    }, [company.data, values.user, values.address, setValue])
    return <SelectInput {...props} field={{ ...select, required: props.field.required }} />
  }
  return CompanyInput
}

/** A line's product: choosing one fills an empty price with the product's (its cost when buying). */
export const productInput = (kind: OrderKind) => {
  const select: FieldDef = {
    name: 'product',
    label: 'subsequent.product',
    type: 'select',
    required: true,
    source: { path: servicePaths.products, searchFields: translatablePaths('name') }
  }
  const ProductInput = (props: FieldProps) => {
    const { values, setValue } = props
    const product = useRecord(servicePaths.products, values.product)
    const filledFor = useRef(values.product)
    useEffect(() => {
      if (!product.data || filledFor.current === values.product) return
      filledFor.current = values.product
      const { price, cprice } = product.data as { price?: number; cprice?: number | null }
      const unit = kind === 'buy' ? (cprice ?? price) : price
      if (typeof unit === 'number' && (values.price === undefined || values.price === null || values.price === ''))
        setValue('price', unit)
    }, [product.data, values.product, values.price, setValue])
    return <SelectInput {...props} field={{ ...select, required: props.field.required }} />
  }
  return ProductInput
}

/** A line's total as typed (price × quantity, the shared rounding). */
export const LineTotal = ({ values, testId }: FieldProps) => {
  const { t } = useListT()
  const total = multiplyCents(centsOf(values.price), quantityOf(values.quantity))
  return (
    <Box sx={{ py: 1 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {t('subsequent.lineTotal')}
      </Typography>
      <Typography data-testid={testId}>{formatMoney(total)}</Typography>
    </Box>
  )
}

const Figure = ({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant={strong ? 'h6' : 'body1'} data-testid={testId}>
      {value}
    </Typography>
  </Box>
)

/**
 * The live summary (spec §3.11): totalAmount, totalPayment, shortage, due dates and, selling,
 * the customer's available credit; the goods' receipt or delivery; a lock notice.
 */
export const orderSummary = (kind: OrderKind, orderPath: OrderPath, statusPath: OrderStatusPath) => {
  const OrderSummary = ({ values, record, testId }: FieldProps) => {
    const { t, language } = useListT()
    const lang = language as LocaleId
    const { totals, company } = useOrderTotals(orderPath, values, record)
    const status = useRecord(statusPath, record?.status)
    return (
      <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('subsequent.summary')}
        </Typography>
        {status.data?.editable === false && (
          <Alert severity="info" sx={{ mb: 1.5 }} data-testid="order-locked">
            {t('subsequent.locked')}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(6, 1fr)' } }}>
          <Figure
            label={t('subsequent.totalAmount')}
            value={formatMoney(totals.totalAmount)}
            testId="summary-totalAmount"
            strong
          />
          <Figure
            label={t('subsequent.totalPayment')}
            value={formatMoney(totals.totalPayment)}
            testId="summary-totalPayment"
            strong
          />
          <Figure label={t('subsequent.shortage')} value={formatMoney(totals.shortage)} testId="summary-shortage" strong />
          <Figure label={t('subsequent.dueDate')} value={formatDate(totals.dueDate, lang)} testId="summary-dueDate" />
          <Figure
            label={t('subsequent.earliestDueDate')}
            value={formatDate(totals.earliestDueDate, lang)}
            testId="summary-earliestDueDate"
          />
          {kind === 'sell' && (
            <Figure
              label={t('subsequent.availableAmount')}
              value={company ? formatMoney(totals.availableAmount) : '-'}
              testId="summary-availableAmount"
              strong
            />
          )}
        </Box>
        {kind === 'sell' && !company && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('subsequent.chooseCompany')}
          </Typography>
        )}
        {totals.overpaid > 0 && (
          <Alert severity="error" sx={{ mt: 1.5 }} data-testid="summary-overpaid">
            {t('subsequent.overpaidBy', { amount: formatMoney(totals.overpaid) })}
          </Alert>
        )}
        <Fulfilment kind={kind} orderPath={orderPath} record={record as SubsequentOrder | undefined} />
      </Paper>
    )
  }
  return OrderSummary
}

/** Selling past the customer's credit: the warning, and the admin's override (recorded by the server). */
export const overrideLimitInput = (orderPath: ListServicePath) => {
  const OverrideLimitInput = ({ value, onChange, values, record, testId, error }: FieldProps) => {
    const { t, language } = useListT()
    const { totals } = useOrderTotals(orderPath, values, record)
    const override = (record as SubsequentOrder | undefined)?.limitOverride
    // A refusal from the server (another order used the credit meanwhile) shows here too.
    if (totals.overLimitBy === 0 && !value && !override && !error) return null
    return (
      <Stack spacing={1}>
        {totals.overLimitBy > 0 && (
          <Alert severity="warning" data-testid="summary-overLimit">
            {t('subsequent.overLimitBy', { amount: formatMoney(totals.overLimitBy) })} {t('subsequent.overLimitAdmin')}
          </Alert>
        )}
        {override && (
          <Typography variant="body2" color="text.secondary" data-testid="summary-limitOverride">
            {t('subsequent.limitOverridden', {
              amount: formatMoney(override.over),
              date: formatDate(override.date, language as LocaleId)
            })}
          </Typography>
        )}
        <FormControlLabel
          control={
            <Checkbox
              checked={Boolean(value)}
              onChange={(event) => onChange(event.target.checked)}
              slotProps={{ input: { ...{ 'data-testid': testId } } }}
            />
          }
          label={t('subsequent.overrideLimit')}
        />
        {error && (
          <Typography color="error" variant="caption">
            {error}
          </Typography>
        )}
      </Stack>
    )
  }
  return OverrideLimitInput
}

/** "Mark received" / "Mark delivered" (spec §3.11 fulfilled): once, after a confirmation; never undone. */
const Fulfilment = ({ kind, orderPath, record }: { kind: OrderKind; orderPath: OrderPath; record?: SubsequentOrder }) => {
  const { t, language } = useListT()
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const at = done ?? (record?.fulfilled ? (record.fulfilledAt ?? record.updatedAt) : null)
  if (at)
    return (
      <Alert severity="success" sx={{ mt: 1.5 }} data-testid="order-fulfilled">
        {t(kind === 'buy' ? 'subsequent.receivedAt' : 'subsequent.deliveredAt', { date: formatDate(at, language as LocaleId) })}
      </Alert>
    )
  const mark = async () => {
    setAsking(false)
    if (!record) return
    setBusy(true)
    try {
      const saved = await shopApi(orderPath).patch(record._id, { fulfilled: true })
      setDone(saved.fulfilledAt ?? new Date().toISOString())
      notifySuccess(t('editor.saved'))
      void queryClient.invalidateQueries({ queryKey: queryKeys.finds(orderPath) })
    } catch (error) {
      notifyError(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 1.5, alignItems: 'center' }}>
      <Button variant="outlined" disabled={!record || busy} onClick={() => setAsking(true)} data-testid="order-fulfil">
        {t(kind === 'buy' ? 'subsequent.markReceived' : 'subsequent.markDelivered')}
      </Button>
      {!record && (
        <Typography variant="body2" color="text.secondary">
          {t('subsequent.saveFirst')}
        </Typography>
      )}
      <ConfirmDialog
        open={asking}
        text={t(kind === 'buy' ? 'subsequent.confirmReceived' : 'subsequent.confirmDelivered')}
        onClose={() => setAsking(false)}
        onConfirm={() => void mark()}
        testId="fulfil-dialog"
      />
    </Stack>
  )
}
