import { BadRequest } from '@feathersjs/errors'
import {
  checkRules,
  customerAddressSchema,
  formatMessage,
  formRules,
  sharedMessages,
  type CustomerAddress,
  type FormRules
} from '@emporia/shared'
import { readText, refuse } from '../commerce/cart-input'

type Row = Record<string, unknown>
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PHONE = /^\+?[0-9][0-9 -]{2,28}$/
const CODE = /^\d{6}$/

export const readBody = (body: unknown): Row => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new BadRequest('Data must be an object')
  return body as Row
}

/** An e-mail address as stored (trimmed, lower case), refused on `field` when it is not one. */
export const readEmail = (body: Row, field = 'email'): string => {
  const email = (readText(body, field, 254, true) as string).toLowerCase()
  if (!EMAIL.test(email)) throw refuse(field, 'Invalid email', 'format.email')
  return email
}

export const readCode = (body: Row): string => {
  const code = readText(body, 'code', 6, true)?.replace(/\s/g, '') ?? ''
  if (!CODE.test(code)) throw refuse('code', 'Verification code format error', 'format.token')
  return code
}

export interface ProfileInput {
  firstName?: string
  lastName: string | null
  phone: string | null
}

/** Name and phone as a customer gives them; `firstName` required when asked (registering, editing). */
export const readProfile = (body: Row, firstNameRequired: boolean): ProfileInput => {
  const firstName = readText(body, 'firstName', 100, firstNameRequired)
  const lastName = readText(body, 'lastName', 100, false) ?? null
  const phone = readText(body, 'phone', 30, false) ?? null
  if (phone && !PHONE.test(phone))
    throw refuse('phone', 'Enter a phone number (digits, optionally starting with +)', 'format.phone')
  return { ...(firstName ? { firstName } : {}), lastName, phone }
}

const ADDRESS_FIELDS = ['label', 'firstName', 'lastName', 'company', 'apt', 'city', 'country', 'phone'] as const
/** What a delivery needs beyond the schema: someone to hand it to, where, and a number to call. */
const ADDRESS_REQUIRED = new Set<string>(['firstName', 'apt', 'phone'])

/**
 * An address (spec §3.10) checked by the shared schema's rules (`formRules`, the same the back office's
 * forms use) plus the fields a delivery needs; each refusal names `address.<field>` with its key.
 */
export const readAddress = (body: Row): CustomerAddress => {
  const sent = body.address
  if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) throw refuse('address', 'Required', 'format.required')
  const data = sent as Row
  for (const key of Object.keys(data))
    if (!(ADDRESS_FIELDS as readonly string[]).includes(key) && key !== 'default')
      throw refuse(`address.${key}`, 'Unknown field', 'format.unknownField')
  const address: CustomerAddress = {}
  for (const field of ADDRESS_FIELDS) {
    const raw = data[field]
    const value = typeof raw === 'string' ? raw.trim() : raw
    if (value !== undefined && value !== null && typeof value !== 'string')
      throw refuse(`address.${field}`, 'Must be text', 'format.text')
    const rules: FormRules = {
      ...formRules(customerAddressSchema, field),
      ...(ADDRESS_REQUIRED.has(field) ? { required: true } : {})
    }
    const problem = checkRules(rules, value)
    if (problem)
      throw refuse(
        `address.${field}`,
        formatMessage((sharedMessages.en as Record<string, string>)[problem.key] ?? problem.key, problem.values),
        problem.key,
        problem.values
      )
    if (field === 'phone' && value && !PHONE.test(value as string))
      throw refuse('address.phone', 'Enter a phone number (digits, optionally starting with +)', 'format.phone')
    if (value) address[field] = value as string
  }
  if (data.default !== undefined && typeof data.default !== 'boolean')
    throw refuse('address.default', 'Must be yes or no', 'format.boolean')
  if (data.default === true) address.default = true
  return address
}
