import { useState, type ReactNode } from 'react'
import { Box, Button, Paper, Stack, Typography } from '@mui/material'
import { shopSchema, type Shop } from '@emporia/shared'
import { UnsavedDialog } from '../../components/editor/unsaved-dialog'
import { placeServerErrors } from '../../components/editor/server-errors'
import { useEditorForm } from '../../components/editor/use-editor-form'
import { useLeaveGuard } from '../../components/editor/use-leave-guard'
import { errorsBelow } from '../../components/fields/field-errors'
import { FieldInput } from '../../components/fields/field-input'
import type { FieldDef } from '../../components/fields/field-types'
import { useSession } from '../../lib/auth'
import { errorMessage } from '../../lib/errors'
import { i18n } from '../../lib/i18n/i18n'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import { notifyError, notifySuccess } from '../../lib/notify'
import { useCurrentShop } from '../../lib/shop'
import { savePaymentSettings } from './settings-payment-api'
import {
  cardFields,
  methodFields,
  onlineOrderFields,
  orderIdFields,
  orderIdPreview,
  paymentSettingsOf,
  paymentSettingsPatch,
  paymentSettingsProblem,
  receiptFields,
  roundingFields,
  storedValues
} from './settings-payment-fields'
import { SecretInput, TimeZoneInput } from './settings-payment-inputs'
import { gatewaySections } from './settings-payment-gateways'

const gateways = gatewaySections(SecretInput)
const sections: { key: string; title: AnyMessageKey; fields: FieldDef[] }[] = [
  { key: 'methods', title: 'paySettings.methods', fields: methodFields },
  { key: 'card', title: 'paySettings.card', fields: cardFields(SecretInput) },
  ...gateways,
  { key: 'onlineOrders', title: 'paySettings.onlineOrders', fields: onlineOrderFields },
  { key: 'checkout', title: 'paySettings.checkout', fields: roundingFields },
  { key: 'orderIds', title: 'paySettings.orderIds', fields: orderIdFields },
  { key: 'receipts', title: 'paySettings.receipts', fields: receiptFields(TimeZoneInput) }
]
const allFields = sections.flatMap((section) => section.fields)

/** settings/payment (spec §3.1, §5.4; decision 0079): payment methods and checkout settings of the current shop. */
export const SettingsPaymentPage = () => {
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  // The form starts from the shop once it is known; another shop is another form.
  return shop ? <PaymentSettingsForm key={shop._id} shop={shop} /> : null
}

const PaymentSettingsForm = ({ shop }: { shop: Shop }) => {
  const { t } = useListT()
  const form = useEditorForm(allFields, paymentSettingsOf(shop), shopSchema)
  const guard = useLeaveGuard(form.dirty, () => undefined)
  const [busy, setBusy] = useState(false)
  const stored = storedValues(allFields, form.values)
  // The shared rules (one schema, two sides) show on their field as the merchant types, not only on save.
  const problem = paymentSettingsProblem(stored)
  const errors: Record<string, string> = {
    ...(problem ? { [problem.field]: t(problem.key as AnyMessageKey) } : {}),
    ...form.errors
  }

  const save = async () => {
    if (busy) return
    if (!form.validate() || problem) return notifyError(t('editor.checkFields'))
    setBusy(true)
    try {
      const saved = await savePaymentSettings(paymentSettingsPatch(stored))
      // Saved: the form starts again from the shop as stored (secrets empty again, their flags new).
      form.reset(paymentSettingsOf(saved))
      notifySuccess(t('editor.saved'))
    } catch (error) {
      const translate = (key: string, values?: Record<string, unknown>) =>
        i18n.exists(key) ? i18n.t(key, values ?? {}) : undefined
      const placed = placeServerErrors(error, allFields, translate, errorMessage(error))
      form.setServerErrors(placed.fields)
      const placedAny = Object.keys(placed.fields).length > 0
      notifyError(placed.others.length ? placed.others.join('; ') : placedAny ? t('editor.checkFields') : errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  const input = (field: FieldDef) => (
    <Box key={field.name} sx={{ gridColumn: field.wide || field.type === 'list' ? '1 / -1' : undefined }}>
      <FieldInput
        field={form.required.has(field.name) && !field.required ? { ...field, required: true } : field}
        value={form.values[field.name]}
        onChange={(value) => form.setValue(field.name, value)}
        error={errors[field.name]}
        errors={errorsBelow(errors, field.name)}
        values={form.values}
        setValue={form.setValue}
        testId={`field-${field.name}`}
      />
    </Box>
  )

  const extra: Record<string, ReactNode> = {
    // A gateway the server does not talk to yet keeps its settings for later; its method is not offered.
    ...Object.fromEntries(
      gateways
        .filter((gateway) => !gateway.available)
        .map((gateway) => [
          gateway.key,
          <Typography key="soon" variant="caption" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
            {t('paySettings.gatewayNotYet')}
          </Typography>
        ])
    ),
    onlineOrders: (
      <Typography variant="caption" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
        {t('paySettings.onlineOrdersHelp')}
      </Typography>
    ),
    checkout: (
      <Typography variant="caption" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
        {t('paySettings.roundingHelp')}
      </Typography>
    ),
    orderIds: (
      <Typography sx={{ gridColumn: '1 / -1' }}>
        {t('paySettings.preview')}:{' '}
        <Box component="strong" data-testid="order-id-preview" sx={{ fontFamily: 'monospace' }}>
          {orderIdPreview(stored)}
        </Box>
      </Typography>
    )
  }

  return (
    <Box
      component="form"
      noValidate
      data-testid="payment-settings"
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
      sx={{ maxWidth: 960 }}
    >
      <Stack spacing={2}>
        {sections.map((section) => (
          <Paper key={section.key} variant="outlined" sx={{ p: 3 }} data-testid={`payment-settings-${section.key}`}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t(section.title)}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              {section.fields.filter((field) => !field.hidden?.(form.values)).map(input)}
              {extra[section.key]}
            </Box>
          </Paper>
        ))}
        <Box>
          <Button type="submit" variant="contained" disabled={busy} data-testid="payment-settings-save">
            {t('editor.save')}
          </Button>
        </Box>
      </Stack>
      <UnsavedDialog guard={guard} />
    </Box>
  )
}
