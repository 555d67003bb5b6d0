import { BadRequest } from '@feathersjs/errors'
import {
  findShopTemplate,
  isColor,
  themeColorKeys,
  themeInstallModes,
  type ShopTemplate,
  type ThemeColors,
  type ThemeInstallMode,
  isLocaleId,
  type LocaleId
} from '@emporia/shared'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const refuse = (message: string, field: string, key: string): never => {
  throw new BadRequest(message, { key, field })
}

/** What an install was asked, checked: a known template, a mode, colours of §3.1 that are colours (§5.6). */
export interface InstallRequest {
  template: ShopTemplate
  mode: ThemeInstallMode
  colors: ThemeColors
  /** The components' names' language; unset: the shop's. */
  locale?: LocaleId
}

export const installRequest = (data: unknown): InstallRequest => {
  if (!isRecord(data)) return refuse('Install one template at a time', 'data', 'format.invalid')
  const template = typeof data.template === 'string' ? findShopTemplate(data.template) : undefined
  if (!template) return refuse('Choose one of the templates', 'template', 'templates.unknown')
  const mode = data.mode ?? 'install'
  if (!themeInstallModes.includes(mode as ThemeInstallMode))
    return refuse('"mode" is install or replace', 'mode', 'format.choice')
  const colors: ThemeColors = {}
  if (data.colors !== undefined && data.colors !== null) {
    if (!isRecord(data.colors)) return refuse('"colors" must be the theme colours', 'colors', 'format.invalid')
    for (const [key, value] of Object.entries(data.colors)) {
      if (!(themeColorKeys as readonly string[]).includes(key))
        refuse(`Unknown colour ${key}`, `colors.${key}`, 'format.unknownField')
      if (value === '' || value === null || value === undefined) continue
      if (!isColor(value)) refuse('Not a valid colour', `colors.${key}`, 'pages.badColor')
      colors[key as keyof ThemeColors] = (value as string).trim()
    }
  }
  if (data.locale !== undefined && data.locale !== null && !isLocaleId(data.locale))
    refuse('"locale" is en, cht or chs', 'locale', 'format.choice')
  return { template, mode: mode as ThemeInstallMode, colors, ...(isLocaleId(data.locale) ? { locale: data.locale } : {}) }
}
