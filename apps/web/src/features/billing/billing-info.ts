import { billingInfoSchema, checkRules, formRules, type BillingInfo, type RuleError } from '@emporia/shared'
import { DEFAULT_COUNTRY, DEFAULT_PHONE_COUNTRY, isCountryCode } from './countries'

/*
 * The billing info form's values and checks (spec §3.14): the shared schema's rules, the same the
 * server validates with, with the screen's own words where a pattern alone would say "Invalid value".
 */

export const billingInfoFields = [
  'company',
  'firstName',
  'lastName',
  'address1',
  'address2',
  'city',
  'state',
  'country',
  'zipcode',
  'phoneCountry',
  'phone'
] as const satisfies readonly (keyof BillingInfo)[]
export type BillingInfoField = (typeof billingInfoFields)[number]

/** A new form: Hong Kong and its dialling code, the rest empty. */
export const emptyBillingInfo = (): BillingInfo => ({
  company: '',
  firstName: '',
  lastName: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  country: DEFAULT_COUNTRY,
  zipcode: '',
  phone: '',
  phoneCountry: DEFAULT_PHONE_COUNTRY
})

/** What the server stores: trimmed, the country in capitals, the dialling code without "+". */
export const normalizeBillingInfo = (info: BillingInfo): BillingInfo => {
  const trimmed = Object.fromEntries(billingInfoFields.map((field) => [field, (info[field] ?? '').trim()])) as BillingInfo
  return { ...trimmed, country: trimmed.country.toUpperCase(), phoneCountry: trimmed.phoneCountry.replace(/^\+/, '') }
}

// A pattern's failure in words that say what to type.
const patternMessages: Partial<Record<BillingInfoField, string>> = {
  phone: 'billingPage.info.phoneInvalid',
  phoneCountry: 'billingPage.info.phoneCountryInvalid',
  country: 'billingPage.info.countryInvalid'
}

/** The first problem of each field, as a message key and its values; empty when the info may be saved. */
export const billingInfoErrors = (info: BillingInfo): Partial<Record<BillingInfoField, RuleError>> => {
  const values = normalizeBillingInfo(info)
  const errors: Partial<Record<BillingInfoField, RuleError>> = {}
  for (const field of billingInfoFields) {
    const rules = formRules(billingInfoSchema, field)
    // Every field is present in the schema; only those with a least length must be filled.
    rules.required = (rules.minLength ?? 0) > 0
    let error = checkRules(rules, values[field])
    if (!error && field === 'country' && !isCountryCode(values.country)) error = { key: 'billingPage.info.countryInvalid' }
    if (error && error.key === 'format.invalid' && patternMessages[field]) error = { key: patternMessages[field] }
    if (error) errors[field] = error
  }
  return errors
}
