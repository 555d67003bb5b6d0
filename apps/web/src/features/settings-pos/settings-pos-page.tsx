import { Alert, Stack } from '@mui/material'
import { DataTable } from '../../components/data-table/data-table'
import { ShopSettingsForm } from '../../components/editor/shop-settings-form'
import { useSession } from '../../lib/auth'
import { useListT } from '../../lib/i18n/lists'
import { useCurrentShop } from '../../lib/shop'
import { PrinterSection } from './printer-section'
import { cashiersResource } from './settings-pos-cashiers'
import { posSettingsFormFields, posSettingsOf, posSettingsPatch } from './settings-pos-fields'

/** settings/pos (decision 0099): the shop's till settings, then its cashier stations. */
export const SettingsPosPage = () => {
  const { t } = useListT()
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  if (!shop) return null
  return (
    <Stack spacing={3}>
      <ShopSettingsForm
        key={shop._id}
        shop={shop}
        fields={posSettingsFormFields}
        title="posSettings.title"
        valuesOf={posSettingsOf}
        patchOf={posSettingsPatch}
        testId="pos-settings"
      />
      <PrinterSection />
      {/* Stations are read through the POS feature's gate: without it the list would only be refused. */}
      {shop.attributes.pos ? (
        <DataTable definition={cashiersResource} title={t('posCashier.title')} />
      ) : (
        <Alert severity="info" data-testid="pos-cashiers-need-pos">
          {t('posCashier.needsPos')}
        </Alert>
      )}
    </Stack>
  )
}
