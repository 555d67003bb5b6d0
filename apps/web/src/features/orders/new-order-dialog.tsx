import { useMemo, useState } from 'react'
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material'
import { orderSchema, servicePaths, unitOf } from '@emporia/shared'
import { FormFieldInput } from '../../components/editor/form-field-input'
import { placeServerErrors } from '../../components/editor/server-errors'
import { useEditorForm } from '../../components/editor/use-editor-form'
import type { FieldDef } from '../../components/fields/field-types'
import { useAppNavigate } from '../../components/ui/app-link'
import { errorMessage } from '../../lib/errors'
import { normalizeValues } from '../../lib/form-values'
import { useListT } from '../../lib/i18n/lists'
import { notifyError, notifySuccess } from '../../lib/notify'
import { translatablePaths } from '../../lib/table/search-query'
import { createOrder } from './orders-api'
import { orderDataOf } from './order-requests'
import { PricingPreviewCard, useOrderProducts } from './pricing-preview-card'
import { useCurrentShopId } from '../../lib/shop'
import type { Values } from '../../lib/form-values'
import { translateKnown } from '../../components/editor/server-refusal'

/** A back-office order: products with quantities (price from the product unless typed), a discount, who it is for. */
const fields: FieldDef[] = [
  {
    name: 'products',
    label: 'order.products',
    type: 'list',
    noItemId: true,
    required: true,
    fields: [
      {
        name: 'product',
        label: 'order.product',
        type: 'select',
        required: true,
        source: { path: servicePaths.products, searchFields: translatablePaths('name') }
      },
      {
        name: 'sku',
        label: 'product.sku',
        type: 'recordItem',
        source: { path: servicePaths.products, from: 'product', list: 'skus' }
      },
      { name: 'quantity', label: 'order.quantity', type: 'number', required: true },
      { name: 'price', label: 'order.priceHint', type: 'money' }
    ]
  },
  {
    name: 'user',
    label: 'orderPricing.customer',
    type: 'select',
    source: { path: servicePaths.shopUsers, textField: 'name', searchFields: ['name', 'phone', 'email'] }
  },
  { name: 'coupons', label: 'orderPricing.coupons', type: 'textList' },
  {
    name: 'chosenDiscounts',
    label: 'orderPricing.chosenDiscounts',
    type: 'select',
    multiple: true,
    source: { path: servicePaths.discounts, searchFields: translatablePaths('name'), query: { status: 'valid' } }
  },
  { name: 'pointType', label: 'orderPricing.pointType', type: 'select', source: { path: servicePaths.pointTypes } },
  { name: 'points', label: 'orderPricing.points', type: 'number', integer: true },
  { name: 'discount', label: 'order.discount', type: 'money' },
  { name: 'customerName', label: 'order.customerName', type: 'text' },
  { name: 'customerPhone', label: 'order.customerPhone', type: 'text' },
  { name: 'remarks', label: 'order.remarks', type: 'textarea', wide: true },
  { name: 'payNow', label: 'order.payNow', type: 'boolean' }
]

/** The fields with each line's quantity followed by its product's unit when weighed ("0.35 斤"; decision 0162). */
const withUnits = (unitOfLine: (line: Values) => string | undefined): FieldDef[] =>
  fields.map((field) =>
    field.type === 'list' && field.name === 'products'
      ? {
          ...field,
          fields: field.fields.map((inner) => (inner.name === 'quantity' ? { ...inner, unit: unitOfLine } : inner))
        }
      : field
  )

/** The server's names of the fields this form shows under other names. */
const FORM_PATHS: Record<string, string> = { 'customer.name': 'customerName', 'customer.phone': 'customerPhone' }

/** The server's "Need Permission": the manual discount is beyond the staff's limits (decision 0092). */
const needsApproval = (error: unknown) => (error as { data?: { key?: string } })?.data?.key === 'errors.needPermission'

/**
 * "New order" of the orders list, with its discounts worked out live by the pricing engine on the
 * shop's rules (decision 0092). The order is made unpaid; with "Take payment now" its page opens
 * with the payment dialog, which asks for the amount the server worked out (rounding included). A
 * manual discount beyond the staff's limits asks for a manager's e-mail and password and is sent again.
 */
export const NewOrderDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useListT()
  const navigate = useAppNavigate()
  const form = useEditorForm(fields, { products: [{ quantity: 1 }], payNow: false }, orderSchema)
  const [busy, setBusy] = useState(false)
  const [approval, setApproval] = useState<{ email: string; password: string } | null>(null)
  const shop = useCurrentShopId()
  const lines = (form.values.products as Values[] | undefined) ?? []
  const ids = [...new Set(lines.map((line) => String(line.product ?? '')).filter(Boolean))].sort()
  const products = useOrderProducts(shop, ids)
  const shown = useMemo(() => {
    const units = new Map((products.data ?? []).map((product) => [product._id, unitOf(product)]))
    return withUnits((line) => {
      const unit = units.get(String(line.product ?? ''))
      return unit ? t(`product.weightUnit.${unit}`) : undefined
    })
  }, [products.data, t])

  const submit = async () => {
    if (busy || !form.validate()) return
    setBusy(true)
    try {
      const data = orderDataOf(normalizeValues(fields, form.values))
      const approved = approval?.email && approval.password ? { ...data, approval } : data
      const order = await createOrder(approved)
      notifySuccess(t('order.created', { orderId: order.orderId }))
      onClose()
      navigate(`/orders/${order._id}${form.values.payNow ? '?pay=1' : ''}`)
    } catch (error) {
      if (needsApproval(error) && !approval) setApproval({ email: '', password: '' })
      const renamed = renameFields(error)
      const placed = placeServerErrors(renamed, fields, translateKnown, errorMessage(error))
      form.setServerErrors(placed.fields)
      notifyError(placed.others.length ? placed.others.join('; ') : errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="new-order-dialog">
      <DialogTitle>{t('order.new')}</DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void submit()
          }}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, pt: 1 }}
        >
          {shown.map((field) => (
            <Box key={field.name} sx={{ gridColumn: field.type === 'list' || field.wide ? '1 / -1' : undefined }}>
              <FormFieldInput form={form} field={field} testId={`new-order-${field.name}`} />
            </Box>
          ))}
          <Box sx={{ gridColumn: '1 / -1' }}>
            <PricingPreviewCard values={normalizeValues(fields, form.values)} />
          </Box>
          {approval && (
            <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <Alert severity="warning" sx={{ gridColumn: '1 / -1' }} data-testid="new-order-approval">
                <strong>{t('orderPricing.approval')}</strong> — {t('orderPricing.approvalHint')}
              </Alert>
              <TextField
                label={t('orderPricing.approverEmail')}
                type="email"
                autoComplete="off"
                value={approval.email}
                onChange={(event) => setApproval({ ...approval, email: event.target.value })}
                slotProps={{ htmlInput: { 'data-testid': 'new-order-approval-email' } }}
              />
              <TextField
                label={t('orderPricing.approverPassword')}
                type="password"
                autoComplete="new-password"
                value={approval.password}
                onChange={(event) => setApproval({ ...approval, password: event.target.value })}
                slotProps={{ htmlInput: { 'data-testid': 'new-order-approval-password' } }}
              />
            </Box>
          )}
          <button type="submit" hidden />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="new-order-cancel">
          {t('editor.cancel')}
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()} data-testid="new-order-submit">
          {t('order.create')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

/** The refusal with the server's field names put as this form names them. */
const renameFields = (error: unknown): unknown => {
  if (typeof error !== 'object' || error === null) return error
  const shape = error as { data?: { field?: string }; errors?: unknown }
  const rename = (field?: string) => (field && FORM_PATHS[field]) || field
  return {
    ...shape,
    data: shape.data ? { ...shape.data, field: rename(shape.data.field) } : shape.data,
    errors: Array.isArray(shape.errors)
      ? shape.errors.map((entry: { field?: string }) => ({ ...entry, field: rename(entry.field) }))
      : shape.errors
  }
}
