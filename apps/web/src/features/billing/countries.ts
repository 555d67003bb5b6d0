import type { LocaleId } from '@emporia/shared'

/*
 * Countries for the billing address (ISO 3166-1 alpha-2, as the billing info stores them), named in the
 * interface's language by the browser's own Intl data: no name list to keep in three languages.
 */

// prettier-ignore
const CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ')

export const DEFAULT_COUNTRY = 'HK'
/** Hong Kong's dialling code, the default of the billing phone. */
export const DEFAULT_PHONE_COUNTRY = '852'

const intlLocale: Record<LocaleId, string> = { en: 'en', cht: 'zh-Hant-HK', chs: 'zh-Hans-CN' }

// The names a Hong Kong merchant uses, where the Intl data gives the long official form.
const ownNames: Partial<Record<LocaleId, Record<string, string>>> = {
  en: { HK: 'Hong Kong', MO: 'Macau' },
  cht: { HK: '香港', MO: '澳門' },
  chs: { HK: '香港', MO: '澳门' }
}

export interface Country {
  code: string
  name: string
}

const cache = new Map<LocaleId, Country[]>()

/** Every country, named and sorted in `locale`; the code stands in where the browser has no name. */
export const countries = (locale: LocaleId): Country[] => {
  const known = cache.get(locale)
  if (known) return known
  let names: Intl.DisplayNames | undefined
  try {
    names = new Intl.DisplayNames([intlLocale[locale] ?? 'en'], { type: 'region' })
  } catch {
    names = undefined
  }
  const list = CODES.map((code) => ({ code, name: ownNames[locale]?.[code] ?? names?.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, intlLocale[locale])
  )
  cache.set(locale, list)
  return list
}

export const isCountryCode = (code: string) => CODES.includes(code)
