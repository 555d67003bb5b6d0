import type { LocaleId } from '../../i18n/locales'
import type { ThemeColors } from '../theme.schema'

export const themeInstallModes = ['install', 'replace'] as const
export type ThemeInstallMode = (typeof themeInstallModes)[number]

/**
 * `themes/install` create (decision 0110): install a template into the caller's shop. `install` keeps
 * the shop's pages and refuses (409) a path one of them already has; `replace` removes them first.
 */
export interface ThemeInstallData {
  template: string
  colors?: ThemeColors
  mode?: ThemeInstallMode
  /** The language the merchant installs in: the components' names (default: the shop's language). */
  locale?: LocaleId
}

/** What an install answers: what it wrote, the published version and where the storefront is. */
export interface ThemeInstallResult {
  template: string
  theme: string
  pages: string[]
  components: string[]
  /** The site version the install published (the storefront shows it at once). */
  version: number
  /** `{subdomain}.{PUBLIC_HOST}` when the server knows its public host, else null. */
  host: string | null
  /** The path fallback for machines without wildcard DNS: `/s/{subdomain}/`. */
  path: string
}
