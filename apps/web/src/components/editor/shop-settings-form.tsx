import { useState, type ReactNode } from 'react'
import { Box, Button, Paper, Stack, Typography } from '@mui/material'
import { servicePaths, shopSchema, type Shop, type ShopPatch } from '@emporia/shared'
import { errorsBelow } from '../fields/field-errors'
import { FieldInput } from '../fields/field-input'
import type { FieldDef } from '../fields/field-types'
import { loadClient } from '../../lib/client'
import { errorMessage } from '../../lib/errors'
import { normalizeValues, type Values } from '../../lib/form-values'
import { i18n } from '../../lib/i18n/i18n'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import { notifyError, notifySuccess } from '../../lib/notify'
import { useSession } from '../../lib/auth'
import { getCurrentShopId, useCurrentShop } from '../../lib/shop'
import { UnsavedDialog } from './unsaved-dialog'
import { placeServerErrors } from './server-errors'
import { useEditorForm } from './use-editor-form'
import { useLeaveGuard } from './use-leave-guard'

/** Saves settings on the current shop (spec §7.3 shops patch); answers the shop as saved. */
const saveShopSettings = async (patch: ShopPatch): Promise<Shop> => {
  const { client } = await loadClient()
  return client.service(servicePaths.shops).patch(getCurrentShopId()!, patch)
}

export interface ShopSettingsFormProps {
  shop: Shop
  fields: FieldDef[]
  title?: AnyMessageKey
  valuesOf: (shop: Shop) => Values
  /** The patch of exactly these settings, from the normalized values. */
  patchOf: (values: Values) => ShopPatch
  testId: string
  children?: ReactNode
  /** Shown beside the fields, drawn from the values as typed (the app's phone preview). */
  preview?: (values: Values) => ReactNode
}

/**
 * A settings screen's form over some of the shop's fields (decisions 0079, 0099): the shared schema's
 * rules as the merchant types, the server's refusals on their fields, a question before leaving unsaved.
 */
export const ShopSettingsForm = ({
  shop,
  fields,
  title,
  valuesOf,
  patchOf,
  testId,
  children,
  preview
}: ShopSettingsFormProps) => {
  const { t } = useListT()
  const form = useEditorForm(fields, valuesOf(shop), shopSchema)
  const guard = useLeaveGuard(form.dirty, () => undefined)
  const [busy, setBusy] = useState(false)

  const save = async () => {
    if (busy) return
    if (!form.validate()) return notifyError(t('editor.checkFields'))
    setBusy(true)
    try {
      form.reset(valuesOf(await saveShopSettings(patchOf(normalizeValues(fields, form.values)))))
      notifySuccess(t('editor.saved'))
    } catch (error) {
      const translate = (key: string, values?: Record<string, unknown>) =>
        i18n.exists(key) ? i18n.t(key, values ?? {}) : undefined
      const placed = placeServerErrors(error, fields, translate, errorMessage(error))
      form.setServerErrors(placed.fields)
      const placedAny = Object.keys(placed.fields).length > 0
      notifyError(placed.others.length ? placed.others.join('; ') : placedAny ? t('editor.checkFields') : errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  const fieldGrid = (
    <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {fields
        .filter((field) => !field.hidden?.(form.values))
        .map((field) => (
          <Box key={field.name} sx={{ gridColumn: field.wide || field.type === 'list' ? '1 / -1' : undefined }}>
            <FieldInput
              field={form.required.has(field.name) && !field.required ? { ...field, required: true } : field}
              value={form.values[field.name]}
              onChange={(value) => form.setValue(field.name, value)}
              error={form.errors[field.name]}
              errors={errorsBelow(form.errors, field.name)}
              values={form.values}
              setValue={form.setValue}
              testId={`field-${field.name}`}
            />
          </Box>
        ))}
      {children}
    </Box>
  )

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
      sx={{ p: 3, maxWidth: 960 }}
    >
      {title && (
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t(title)}
        </Typography>
      )}
      {preview ? (
        <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
          {fieldGrid}
          {preview(form.values)}
        </Stack>
      ) : (
        fieldGrid
      )}
      <Stack direction="row" sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={busy} data-testid={`${testId}-save`}>
          {t('editor.save')}
        </Button>
      </Stack>
      <UnsavedDialog guard={guard} />
    </Paper>
  )
}

/** A settings screen that is only the form, over the current shop (nothing until it is loaded). */
export const CurrentShopSettingsForm = (props: Omit<ShopSettingsFormProps, 'shop'>) => {
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  return shop ? <ShopSettingsForm key={shop._id} shop={shop} {...props} /> : null
}
