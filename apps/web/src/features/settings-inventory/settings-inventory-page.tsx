import { useState } from 'react'
import { Box, Button, Paper, Stack, Typography } from '@mui/material'
import RestartAlt from '@mui/icons-material/RestartAlt'
import { ConfirmDialog } from '../../components/editor/confirm-dialog'
import { useEditorForm } from '../../components/editor/use-editor-form'
import { FormFieldInput } from '../../components/editor/form-field-input'
import { useSubmit } from '../../components/ui/form'
import { useSession } from '../../lib/auth'
import { normalizeValues } from '../../lib/form-values'
import { useListT } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import { useCurrentShop } from '../../lib/shop'
import { rebuildInventory, saveInventorySettings } from './settings-inventory-api'
import { inventorySettingsFields, inventorySettingsOf, inventorySettingsPatch } from './settings-inventory-fields'

/** settings/inventory (spec §3.1): stock settings of the current shop, and "Reset Product Status" now. */
export const SettingsInventoryPage = () => {
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  // The form starts from the shop once it is known; another shop is another form.
  return shop ? <SettingsForm key={shop._id} shop={shop} /> : null
}

const SettingsForm = ({ shop }: { shop: NonNullable<ReturnType<typeof useCurrentShop>> }) => {
  const { t } = useListT()
  const fields = inventorySettingsFields
  const form = useEditorForm(fields, inventorySettingsOf(shop))
  const [confirming, setConfirming] = useState(false)
  const save = useSubmit(async () => {
    if (!form.validate()) return
    await saveInventorySettings(inventorySettingsPatch(normalizeValues(fields, form.values)))
    notifySuccess(t('editor.saved'))
  })
  const rebuild = useSubmit(async () => {
    await rebuildInventory()
    notifySuccess(t('invSettings.resetDone'))
  })
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 900 }} data-testid="inventory-settings">
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void save.submit(event)}
        data-testid="inventory-settings-form"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
      >
        {fields
          .filter((field) => !field.hidden?.(form.values))
          .map((field) => (
            <Box key={field.name} sx={{ gridColumn: field.wide ? '1 / -1' : undefined }}>
              <FormFieldInput form={form} field={field} testId={`field-${field.name}`} />
              {field.name === 'resetInventoryStatus' && (
                <Typography variant="caption" color="text.secondary" component="p">
                  {t('invSettings.resetInventoryStatusHelp')}
                </Typography>
              )}
            </Box>
          ))}
        <Stack direction="row" spacing={1} sx={{ gridColumn: '1 / -1' }}>
          <Button type="submit" variant="contained" disabled={save.busy} data-testid="inventory-settings-save">
            {t('editor.save')}
          </Button>
          <Button
            color="warning"
            startIcon={<RestartAlt />}
            disabled={rebuild.busy}
            onClick={() => setConfirming(true)}
            data-testid="inventory-reset-status"
          >
            {t('invSettings.resetNow')}
          </Button>
        </Stack>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t('invSettings.resetNow')}
        text={t('invSettings.resetConfirm')}
        busy={rebuild.busy}
        testId="inventory-reset-dialog"
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          void rebuild.submit()
        }}
      />
    </Paper>
  )
}
