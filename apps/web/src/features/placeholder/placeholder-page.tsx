import { Alert, AlertTitle } from '@mui/material'
import { useMatches } from '@tanstack/react-router'
import { useT } from '../../lib/i18n/i18n'

/** A route whose screen is not there yet: it tells the merchant it is coming soon, and nothing about how. */
export const PlaceholderPage = () => {
  const { t, tAny } = useT()
  const name = useMatches({ select: (matches) => matches.at(-1)?.staticData.spec?.name }) ?? ''
  return (
    <Alert severity="info" variant="outlined" data-testid="placeholder" data-placeholder-route={name} sx={{ maxWidth: 640 }}>
      <AlertTitle>{t('placeholder.title')}</AlertTitle>
      {t('placeholder.body', { page: tAny(`route.${name}`) })}
    </Alert>
  )
}
