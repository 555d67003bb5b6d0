import { Button, Stack } from '@mui/material'
import { locales } from '@emporia/shared'
import { changeLanguage, useT } from '../../lib/i18n/i18n'

/** Language choice where there is no drawer (login screens). */
export const LanguageButtons = () => {
  const { language, t } = useT()
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'center' }} aria-label={t('language.label')} role="group">
      {locales.map((locale) => (
        <Button
          key={locale.id}
          size="small"
          variant={language === locale.id ? 'outlined' : 'text'}
          onClick={() => void changeLanguage(locale.id)}
          data-testid={`language-${locale.id}`}
        >
          {locale.name}
        </Button>
      ))}
    </Stack>
  )
}
