import { BadRequest } from '@feathersjs/errors'
import { normalizeSubdomain, siteSettingsMessages, siteSettingsProblem, type UiSettings } from '@emporia/shared'

type Row = Record<string, unknown>

const isObject = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The fields whose rule spans fields (the default language among those offered). */
const UI_RULE_FIELDS = new Set(['uiDefaultLocale', 'uiLocales'])

/**
 * Whether a shop write names a UI field of the cross-field rule, plainly or through an operator
 * (`$set: {'uiLocales.0': …}`, `$push`, `$pull`, `$unset`), so the rule is checked on the shop as written.
 */
export const touchesUiRule = (data: Row) =>
  Object.entries(data).some(([key, value]) =>
    key.startsWith('$') && isObject(value)
      ? Object.keys(value).some((path) => UI_RULE_FIELDS.has(path.split('.')[0]))
      : UI_RULE_FIELDS.has(key)
  )

/** The UI settings' rule on the shop as stored: a 400 on its field, which rolls the write back. */
export const checkSiteSettings = (shop: Row) => {
  const problem = siteSettingsProblem(shop as UiSettings)
  if (!problem) return
  const message = siteSettingsMessages[problem.key]
  throw new BadRequest(message, { errors: [{ field: problem.field, key: problem.key, message }] })
}

/**
 * A write's subdomain in one case, plainly or under `$set` (decision 0113): DNS is case-insensitive and
 * the storefront looks shops up by the lower-cased host. What is not text is the validator's to refuse.
 */
export const lowerSubdomain = (data: Row): Row => {
  const out: Row = { ...data }
  if (typeof out.subdomain === 'string') out.subdomain = normalizeSubdomain(out.subdomain)
  if (isObject(out.$set) && typeof out.$set.subdomain === 'string')
    out.$set = { ...out.$set, subdomain: normalizeSubdomain(out.$set.subdomain) }
  return out
}
