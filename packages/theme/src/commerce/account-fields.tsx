import type { LocaleId } from '@emporia/shared'
import { commerceText, type CommerceMessageKey } from './commerce-messages'
import { FormField } from './form-field'

/** An address as the account shows it (spec §3.10). */
export interface AccountAddress {
  label?: string | null
  firstName?: string | null
  lastName?: string | null
  company?: string | null
  apt?: string | null
  city?: string | null
  country?: string | null
  phone?: string | null
  default?: boolean
}

const ADDRESS_FIELDS: { name: keyof AccountAddress; max: number; required?: boolean; autoComplete?: string }[] = [
  { name: 'label', max: 60 },
  { name: 'firstName', max: 100, required: true, autoComplete: 'given-name' },
  { name: 'lastName', max: 100, autoComplete: 'family-name' },
  { name: 'company', max: 200, autoComplete: 'organization' },
  { name: 'apt', max: 200, required: true, autoComplete: 'street-address' },
  { name: 'city', max: 100, autoComplete: 'address-level2' },
  { name: 'country', max: 100, autoComplete: 'country-name' },
  { name: 'phone', max: 50, required: true, autoComplete: 'tel' }
]

/** The add or edit form of one address; the island sends it as `{address}` to the account's calls. */
export const AddressForm = ({ locale, index, address }: { locale: LocaleId; index?: number; address?: AccountAddress }) => (
  <form className="ef-form" data-address-form={index === undefined ? 'new' : String(index)} noValidate>
    {ADDRESS_FIELDS.map((field) => (
      <FormField
        key={field.name}
        name={field.name}
        error={`address.${field.name}`}
        label={commerceText(`address.${field.name}` as CommerceMessageKey, locale)}
        value={(address?.[field.name] as string | null | undefined) ?? ''}
        type={field.name === 'phone' ? 'tel' : 'text'}
        required={field.required}
        autoComplete={field.autoComplete}
        maxLength={field.max}
      />
    ))}
    <label className="ef-choice">
      <input type="checkbox" name="default" defaultChecked={address?.default === true} />
      <span>{commerceText('address.default', locale)}</span>
    </label>
    <div className="ef-error" data-error-for="address" role="alert" />
    <button className="ef-btn ef-btn--contained" type="submit">
      {commerceText('account.save', locale)}
    </button>
  </form>
)
