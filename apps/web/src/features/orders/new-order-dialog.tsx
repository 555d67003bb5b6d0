import { useState } from 'react'
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material'
import { orderSchema, servicePaths } from '@emporia/shared'
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
import { translateKnown } from './server-refusal'

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
  { name: 'discount', label: 'order.discount', type: 'money' },
  { name: 'customerName', label: 'order.customerName', type: 'text' },
  { name: 'customerPhone', label: 'order.customerPhone', type: 'text' },
  { name: 'remarks', label: 'order.remarks', type: 'textarea', wide: true },
  { name: 'payNow', label: 'order.payNow', type: 'boolean' }
]

/** The server's names of the fields this form shows under other names. */
const FORM_PATHS: Record<string, string> = { 'customer.name': 'customerName', 'customer.phone': 'customerPhone' }

/**
 * "New order" of the orders list. The order is made unpaid; with "Take payment now" its page opens
 * with the payment dialog, which asks for the amount the server worked out (rounding included).
 */
export const NewOrderDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useListT()
  const navigate = useAppNavigate()
  const form = useEditorForm(fields, { products: [{ quantity: 1 }], payNow: false }, orderSchema)
  const [busy, setBusy] = useState(false)

  const submit = async () => {
    if (busy || !form.validate()) return
    setBusy(true)
    try {
      const order = await createOrder(orderDataOf(normalizeValues(fields, form.values)))
      notifySuccess(t('order.created', { orderId: order.orderId }))
      onClose()
      navigate(`/orders/${order._id}${form.values.payNow ? '?pay=1' : ''}`)
    } catch (error) {
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
          {fields.map((field) => (
            <Box key={field.name} sx={{ gridColumn: field.type === 'list' || field.wide ? '1 / -1' : undefined }}>
              <FormFieldInput form={form} field={field} testId={`new-order-${field.name}`} />
            </Box>
          ))}
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
