import { useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography
} from '@mui/material'
import { operationModesFor, type LocaleId, type ProductRecord } from '@emporia/shared'
import { useEditorForm } from '../../components/editor/use-editor-form'
import { FormFieldInput } from '../../components/editor/form-field-input'
import { normalizeValues } from '../../lib/form-values'
import { useListT } from '../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import { notifySuccess } from '../../lib/notify'
import { useShops } from '../../lib/shop'
import { convertedUnits, operationFields, operationRequest } from './inventory-operation'
import { operationError } from '../../lib/stock-operations'
import { runInventoryOperation } from './product-api'

interface OperationDialogProps {
  product: ProductRecord
  /** The SKU id, or '' for a product without SKUs. */
  sku: string
  onDone: () => void
  onClose: () => void
}

/** The SKU inventory operation (spec §3.7): restock, take away, separate, transfer, cross-shop transfer. */
export const InventoryOperationDialog = ({ product, sku, onDone, onClose }: OperationDialogProps) => {
  const { t, tAny, language } = useListT()
  const fields = operationFields(product)
  const form = useEditorForm(fields, { mode: operationModesFor(product)[0] })
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | undefined>()
  const [tried, setTried] = useState(false)
  const shops = useShops(true).data ?? []
  const lang = language as LocaleId
  const skuName = product.skus?.find((item) => item.id === sku)?.name
  const title = [
    resolveText(product.name as Translatable, lang, tAny),
    skuName && resolveText(skuName as Translatable, lang, tAny)
  ]
    .filter(Boolean)
    .join(' · ')
  const mode = form.values.mode
  const linkShops = (product.productLinks ?? []).map((link) => link.shop)
  const toShopError = mode === 'crossTransfer' && !form.values.toShop ? t('format.required') : undefined

  const submit = async () => {
    setTried(true)
    if (busy || !form.validate() || toShopError) return
    setBusy(true)
    setRefusal(undefined)
    try {
      const values = { ...normalizeValues(fields, form.values), toShop: form.values.toShop }
      await runInventoryOperation(operationRequest(values, product, sku))
      notifySuccess(t('stockOp.done'))
      onDone()
      onClose()
    } catch (error) {
      setRefusal(operationError(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="stock-operation-dialog">
      <DialogTitle>
        {t('stockOp.title')}
        <Typography variant="body2" color="text.secondary" data-testid="stock-operation-target">
          {title}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault()
            void submit()
          }}
        >
          {fields
            .filter((field) => !field.hidden?.(form.values))
            .map((field) => (
              <Box key={field.name}>
                <FormFieldInput form={form} field={field} testId={`stock-op-${field.name}`} />
                {field.name === 'delta' && mode === 'separate' && (
                  <Typography variant="caption" color="text.secondary" data-testid="stock-op-convert">
                    {t('stockOp.convert', { quantity: convertedUnits(form.values.delta, product.separateRatio) })}
                  </Typography>
                )}
              </Box>
            ))}
          {mode === 'crossTransfer' && (
            <TextField
              select
              fullWidth
              label={t('stockOp.toShop')}
              value={typeof form.values.toShop === 'string' ? form.values.toShop : ''}
              error={tried && Boolean(toShopError)}
              helperText={tried ? toShopError : undefined}
              onChange={(event) => form.setValue('toShop', event.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'stock-op-toShop' } }}
            >
              {linkShops.map((shop) => (
                <MenuItem key={shop} value={shop}>
                  {resolveText(shops.find((entry) => entry._id === shop)?.name as Translatable, lang, tAny) || shop}
                </MenuItem>
              ))}
            </TextField>
          )}
          <button type="submit" hidden />
        </Stack>
        {refusal && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="stock-operation-error">
            {refusal}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="stock-operation-cancel">
          {t('editor.cancel')}
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()} data-testid="stock-operation-submit">
          {t('stockOp.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
