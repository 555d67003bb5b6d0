import { useState } from 'react'
import { Alert, Paper, Stack, Typography } from '@mui/material'
import { isSubdomain, servicePaths } from '@emporia/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useAppNavigate } from '../../components/ui/app-link'
import { Field, Form, SubmitButton, useSubmit } from '../../components/ui/form'
import { required, valid } from '../../components/ui/validation'
import { useSession } from '../../lib/auth'
import { loadClient } from '../../lib/client'
import { i18n, useT } from '../../lib/i18n/i18n'
import { notifySuccess } from '../../lib/notify'
import { fetchShops, useShops } from '../../lib/shop'

/**
 * /eshop. The setup wizard of spec §2.9 is not built yet; until then a merchant without a shop can
 * at least create one here (name and subdomain), which is where every shop-scoped page sends them.
 */
export const EshopPage = () => {
  const { t } = useT()
  const navigate = useAppNavigate()
  const queryClient = useQueryClient()
  const signedIn = useSession().status === 'signed-in'
  const shops = useShops(signedIn).data
  const [values, setValues] = useState({ name: '', subdomain: '' })
  const [tried, setTried] = useState(false)
  const errors = {
    name: required(values.name),
    subdomain: required(values.subdomain) ?? (isSubdomain(values.subdomain.trim()) ? undefined : i18n.t('format.subdomain'))
  }
  const { busy, submit } = useSubmit(async () => {
    setTried(true)
    if (!valid(errors)) return
    const { client } = await loadClient()
    const shop = await client.service(servicePaths.shops).create({ name: values.name.trim(), subdomain: values.subdomain.trim() })
    // The new shop must be in the list before its prefixed route is checked.
    await fetchShops(queryClient, true)
    notifySuccess(t('basic.saveSuccess'))
    navigate(`/${shop._id}/dashboard`)
  })

  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Alert severity="info" variant="outlined" data-testid="placeholder">
        {t('placeholder.body', { page: t('route.eshop') })}
      </Alert>
      {shops && shops.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" sx={{ mb: 2 }}>
            {t('eshop.createTitle')}
          </Typography>
          <Form onSubmit={(event) => void submit(event)} testId="create-shop-form">
            <Field
              label={t('eshop.name')}
              value={values.name}
              onChange={(event) => setValues({ ...values, name: event.target.value })}
              error={errors.name}
              shown={tried}
              testId="shop-name"
            />
            <Field
              label={t('eshop.subdomain')}
              value={values.subdomain}
              onChange={(event) => setValues({ ...values, subdomain: event.target.value })}
              error={errors.subdomain}
              shown={tried}
              testId="shop-subdomain"
            />
            <SubmitButton busy={busy} testId="create-shop-submit">
              {t('eshop.create')}
            </SubmitButton>
          </Form>
        </Paper>
      )}
    </Stack>
  )
}
