import { useState } from 'react'
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { siteSeoSchema, type Theme } from '@emporia/shared'
import { errorsBelow } from '../../components/fields/field-errors'
import { FieldInput } from '../../components/fields/field-input'
import { placeServerErrors } from '../../components/editor/server-errors'
import { useEditorForm } from '../../components/editor/use-editor-form'
import { errorMessage } from '../../lib/errors'
import { normalizeValues } from '../../lib/form-values'
import { i18n } from '../../lib/i18n/i18n'
import { useListT } from '../../lib/i18n/lists'
import { notifyError, notifySuccess } from '../../lib/notify'
import { fetchShopTheme, saveThemeSeo } from './settings-shop-api'
import { seoFields, seoOf, seoPatch } from './settings-shop-fields'

type Refusal = { field?: string }

/** The theme's refusal with its `seo.title` paths as this form names them (`title`). */
const inSeo = (error: unknown) => {
  if (typeof error !== 'object' || error === null) return error
  const shape = error as { errors?: unknown; data?: Refusal }
  const strip = (entry: Refusal) =>
    entry?.field?.startsWith('seo.') ? { ...entry, field: entry.field.slice('seo.'.length) } : entry
  return {
    errors: Array.isArray(shape.errors) ? (shape.errors as Refusal[]).map(strip) : shape.errors,
    data: shape.data ? strip(shape.data) : shape.data
  }
}

/** The website's SEO defaults, kept on the theme (decision 0113); shown once the website is set up. */
export const SettingsShopSeo = ({ shop }: { shop: string }) => {
  const { t } = useListT()
  const theme = useQuery({ queryKey: ['settings-shop-theme', shop], queryFn: fetchShopTheme })
  if (theme.isPending) return null
  if (!theme.data)
    return (
      <Alert severity="info" data-testid="seo-needs-website" sx={{ maxWidth: 960 }}>
        {t('shopSettings.seoNeedsWebsite')}
      </Alert>
    )
  return <SeoForm key={theme.data._id} shop={shop} theme={theme.data} />
}

const SeoForm = ({ shop, theme }: { shop: string; theme: Theme }) => {
  const { t } = useListT()
  const queryClient = useQueryClient()
  const form = useEditorForm(seoFields, seoOf(theme), siteSeoSchema)
  const [busy, setBusy] = useState(false)

  const save = async () => {
    if (busy || !form.validate()) return
    setBusy(true)
    try {
      const saved = await saveThemeSeo(theme._id, seoPatch(normalizeValues(seoFields, form.values)))
      queryClient.setQueryData(['settings-shop-theme', shop], saved)
      form.reset(seoOf(saved))
      notifySuccess(t('editor.saved'))
    } catch (error) {
      const translate = (key: string, values?: Record<string, unknown>) =>
        i18n.exists(key) ? i18n.t(key, values ?? {}) : undefined
      const placed = placeServerErrors(inSeo(error), seoFields, translate, errorMessage(error))
      form.setServerErrors(placed.fields)
      notifyError(placed.others.length ? placed.others.join('; ') : errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      data-testid="seo-settings"
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
      sx={{ p: 3, maxWidth: 960 }}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('shopSettings.seoTitleSection')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('shopSettings.seoHelp')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {seoFields.map((field) => (
          <FieldInput
            key={field.name}
            field={field}
            value={form.values[field.name]}
            onChange={(value) => form.setValue(field.name, value)}
            error={form.errors[field.name]}
            errors={errorsBelow(form.errors, field.name)}
            values={form.values}
            setValue={form.setValue}
            testId={`field-seo-${field.name}`}
          />
        ))}
      </Box>
      <Stack direction="row" sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={busy} data-testid="seo-settings-save">
          {t('editor.save')}
        </Button>
      </Stack>
    </Paper>
  )
}
