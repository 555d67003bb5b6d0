import { socialSettingNames, type Shop, type ShopPatch, type SocialSettingName } from '@emporia/shared'
import type { FieldDef } from '../../components/fields/field-types'
import type { Values } from '../../lib/form-values'
import type { AnyMessageKey } from '../../lib/i18n/lists'

/*
 * settings/social (decision 0113): the shop's social links of the shared contract (`socialSettingsFields`);
 * the schema's patterns (http(s) addresses, a phone, a WeChat id) are checked as the merchant types.
 */

export const socialSettingsFormFields: FieldDef[] = socialSettingNames.map((name) => ({
  name,
  label: `social.${name}` as AnyMessageKey,
  type: name === 'socialEmail' ? 'email' : 'text'
}))

export const socialSettingsOf = (shop: Shop | undefined): Values =>
  Object.fromEntries(socialSettingNames.map((name) => [name, shop?.[name] ?? '']))

/** Each link trimmed; an emptied one is cleared (null), so the footer shows no empty icon. */
export const socialSettingsPatch = (values: Values): ShopPatch =>
  Object.fromEntries(
    socialSettingNames.map((name: SocialSettingName) => {
      const text = typeof values[name] === 'string' ? (values[name] as string).trim() : ''
      return [name, text || null]
    })
  ) as ShopPatch
