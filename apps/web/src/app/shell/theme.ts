import { createTheme } from '@mui/material/styles'
import { enUS, zhCN, zhHK } from '@mui/material/locale'
import type { LocaleId } from '@emporia/shared'

/**
 * What MUI's own controls say (an autocomplete's Open, Close, Clear and "No options", an alert's Close,
 * a breadcrumb's "Show path") in the interface's language: MUI's translations for Hong Kong and China.
 */
export const muiTexts = (language: LocaleId | string | undefined) => {
  const locale = language === 'cht' ? zhHK : language === 'chs' ? zhCN : enUS
  const all = (locale.components ?? {}) as Record<string, unknown>
  // English is MUI's own default: its locale names nothing, and an absent component stays out.
  const components = Object.fromEntries(
    ['MuiAutocomplete', 'MuiAlert', 'MuiBreadcrumbs'].flatMap((name) => (all[name] ? [[name, all[name]]] : []))
  )
  return { components }
}

/** One theme, in light or dark (a page may ask for dark, spec §2.3) and normal or large text, in the interface's language. */
export const createAppTheme = (dark: boolean, large: boolean, language?: LocaleId | string) =>
  createTheme(
    {
      palette: {
        mode: dark ? 'dark' : 'light',
        primary: { main: '#3949ab' },
        secondary: { main: '#00897b' },
        background: dark ? {} : { default: '#f5f7fa' }
      },
      typography: { fontSize: large ? 16 : 14 },
      shape: { borderRadius: 8 }
    },
    muiTexts(language)
  )
