import { Box, Typography } from '@mui/material'
import { useT } from '../../lib/i18n/i18n'
import { resolveText } from '../../lib/i18n/translatable'
import { useCurrentShop } from '../../lib/shop'

/** The customer-facing screen's idle state; the POS screen will fill it with the live order. */
export const PosScreenPage = () => {
  const { t, tAny, language } = useT()
  const shop = useCurrentShop(true)
  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', textAlign: 'center', p: 4 }} data-testid="pos-screen">
      <div>
        <Typography variant="h2" component="p" sx={{ fontWeight: 700 }}>
          {t('posScreen.welcome')}
        </Typography>
        {shop && <Typography variant="h4">{resolveText(shop.name, language, tAny)}</Typography>}
        <Typography sx={{ mt: 2, opacity: 0.7 }}>{t('posScreen.idle')}</Typography>
      </div>
    </Box>
  )
}
