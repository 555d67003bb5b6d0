/**
 * Customer rules both sides apply (decision 0083): the server keeps the stored record in this form
 * (whatever wrote it: create, patch, `$set`), the web shows the same name before saving.
 */
import { personName } from './person-name'

type Row = Record<string, unknown>

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/** The name in the order of its language (personName: "Ann Lee", "陳小明"); empty when neither is given. */
export const customerName = (customer: { firstName?: unknown; lastName?: unknown }): string =>
  personName(customer.firstName, customer.lastName)

/** An address on one line (the storefront's account, the back office's customer page): who, where, how to call. */
export const addressLine = (address: {
  firstName?: unknown
  lastName?: unknown
  company?: unknown
  apt?: unknown
  city?: unknown
  country?: unknown
  phone?: unknown
}): string =>
  [customerName(address), address.company, address.apt, address.city, address.country, address.phone]
    .map(text)
    .filter(Boolean)
    .join(', ')

/** A phone as stored: spaces and dashes dropped, so "9123 4567" and "9123-4567" are one number. */
export const normalPhone = (phone: string): string => phone.replace(/[\s-]/g, '')

/** What the name of an erased customer reads (decision 0083). */
export const ERASED_CUSTOMER_NAME = 'Erased customer'

/** The server-kept fields of a customer as they should be stored: name, e-mail, phone, type. */
export const normalisedCustomer = (customer: Row): Row => ({
  name: customer.erasedAt ? ERASED_CUSTOMER_NAME : customerName(customer),
  email: typeof customer.email === 'string' ? customer.email.trim().toLowerCase() : (customer.email ?? null),
  phone: typeof customer.phone === 'string' ? normalPhone(customer.phone) : (customer.phone ?? null),
  type: customer.type ?? 'normal'
})

export interface CustomerProblem {
  key: 'customer.nameOrContact' | 'customer.oneDefaultAddress' | 'customer.companyType'
  field: string
}

/**
 * What is wrong with a customer record, or null: a customer is known by at least a name, an e-mail
 * or a phone (an erased one excepted), has at most one default address, and only a company customer
 * names a business customer.
 */
export const customerProblem = (customer: Row): CustomerProblem | null => {
  if (!customer.erasedAt && ![customer.firstName, customer.lastName, customer.email, customer.phone].some((v) => text(v)))
    return { key: 'customer.nameOrContact', field: 'firstName' }
  const addresses = Array.isArray(customer.addresses) ? (customer.addresses as Row[]) : []
  if (addresses.filter((address) => address?.default === true).length > 1)
    return { key: 'customer.oneDefaultAddress', field: 'addresses' }
  if (customer.company && (customer.type ?? 'normal') !== 'company') return { key: 'customer.companyType', field: 'company' }
  return null
}

/** `shopUsers/merge` create: customer `remove` is merged into `keep` (decision 0083). */
export interface CustomerMergeData {
  keep: string
  remove: string
}
export interface CustomerMergeResult {
  keep: string
  removed: string
  /** References moved, by table (orders, payments, shopRankLogs). */
  moved: Record<string, number>
}
/** `shopUsers/erase` create: the customer whose personal data goes. */
export interface CustomerEraseData {
  user: string
}
export interface CustomerEraseResult {
  user: string
  /** Orders whose customer snapshot was anonymised. */
  orders: number
  erasedAt: string
}
/** `shopUsers/personalData` get: what the shop holds about a customer, as JSON. */
export interface CustomerPersonalData {
  /** The customer's id, and the shop. */
  _id: string
  shop: string
  exportedAt: string
  customer: Record<string, unknown>
  orders: Record<string, unknown>[]
  payments: Record<string, unknown>[]
}
