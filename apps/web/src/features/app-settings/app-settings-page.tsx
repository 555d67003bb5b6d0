import { useEffect, useState } from 'react'
import { Alert, Stack, Typography } from '@mui/material'
import { appConfigured, servicePaths, type Page } from '@emporia/shared'
import { ShopSettingsForm } from '../../components/editor/shop-settings-form'
import { AppLink } from '../../components/ui/app-link'
import { useSession } from '../../lib/auth'
import { loadClient } from '../../lib/client'
import { useListT } from '../../lib/i18n/lists'
import { getCurrentShopId, useCurrentShop } from '../../lib/shop'
import { AppPreview } from './app-preview'
import { appSettingsFormFields, appSettingsOf, appSettingsPatch } from './app-settings-fields'

/** The banners list filtered to the app's banners (its table keeps its filter under `banners`). */
export const APP_BANNERS_HREF = `/banners?banners=${encodeURIComponent(JSON.stringify({ currentFilter: { type: 'app' } }))}`

/** How many banners the app shows (banners of type app, spec §3.13): the banners list keeps them. */
const useAppBannerCount = () => {
  const [count, setCount] = useState<number>()
  useEffect(() => {
    let live = true
    void (async () => {
      const { client } = await loadClient()
      const answer = (await client
        .service(servicePaths.banners)
        .find({ query: { shop: getCurrentShopId(), type: 'app', $limit: 0 } })) as Page<unknown>
      if (live) setCount(answer.total)
    })().catch(() => undefined)
    return () => {
      live = false
    }
  }, [])
  return count
}

/** `/app` (decision 0202): the shop's installable app — name, icon, colours, start page, shortcuts — and its preview. */
export const AppSettingsPage = () => {
  const { t } = useListT()
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  const banners = useAppBannerCount()
  if (!shop) return null
  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <Typography variant="body2" color="text.secondary">
        {t('appSettings.intro')}
      </Typography>
      <Alert severity={appConfigured(shop) ? 'success' : 'info'} data-testid="app-offered">
        {t(appConfigured(shop) ? 'appSettings.offered' : 'appSettings.notOffered')}
      </Alert>
      <ShopSettingsForm
        key={shop._id}
        shop={shop}
        fields={appSettingsFormFields}
        title="appSettings.title"
        valuesOf={appSettingsOf}
        patchOf={appSettingsPatch}
        testId="app-settings"
        preview={(values) => <AppPreview values={values} />}
      />
      <Typography variant="body2">
        {banners !== undefined && `${t('appSettings.banners', { count: banners })} · `}
        <AppLink href={APP_BANNERS_HREF} data-testid="app-banners">
          {t('appSettings.bannersLink')}
        </AppLink>
      </Typography>
    </Stack>
  )
}
