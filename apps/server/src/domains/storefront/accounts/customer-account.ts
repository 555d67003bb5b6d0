import { BadRequest, NotAuthenticated, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { onlineOrderSources, type CustomerAddress, type Order } from '@emporia/shared'
import { commerceTransaction, type Commerce } from '../commerce/commerce-context'
import { orderLinkToken } from '../commerce/order-link'
import { checkSignInCode } from './sign-in-codes'
import { codeRefusal } from './sign-in'
import type { ProfileInput } from './account-input'

/** What the account page shows of the signed-in customer (decision 0114). */
export interface AccountView {
  customer: { firstName: string; lastName: string; email: string; phone: string }
  addresses: CustomerAddress[]
  orders: { orderId: string; date: string; status: NonNullable<Order['status']>; total: number; link: string }[]
}

/** Orders the history shows: the newest this many. */
const HISTORY = 50

export const signedOut = () => new NotAuthenticated('Please sign in again', { key: 'account.signedOut' })

type Customer = {
  _id: string
  firstName: string | null
  lastName: string | null
  email: string | null
  phone: string | null
  addresses: unknown
}

/** The session's customer, still this shop's and not erased; else the session is worth nothing. */
export const sessionCustomer = async (
  trx: Knex.Transaction,
  shop: string,
  user: string | undefined,
  lock = false
): Promise<Customer> => {
  const query = trx('shopUsers')
    .where({ shop, _id: user ?? '' })
    .whereNull('erasedAt')
  const row = user
    ? ((await (lock ? query.forUpdate() : query).first('_id', 'firstName', 'lastName', 'email', 'phone', 'addresses')) as
        Customer | undefined)
    : undefined
  if (!row) throw signedOut()
  return row
}

const addressesOf = (customer: Customer): CustomerAddress[] => {
  const stored = typeof customer.addresses === 'string' ? (JSON.parse(customer.addresses) as unknown) : customer.addresses
  return Array.isArray(stored) ? (stored as CustomerAddress[]) : []
}

/** The signed-in customer's details, addresses and online orders, newest first, each with its secret link. */
export const accountView = (commerce: Commerce, shop: string, user: string | undefined): Promise<AccountView> =>
  commerceTransaction(commerce, shop, async (trx) => {
    const customer = await sessionCustomer(trx, shop, user)
    const email = customer.email
    const orders = (await trx('orders')
      .where({ shop })
      .whereIn('source', onlineOrderSources)
      // Their own orders, and the guest orders placed with the e-mail this session proved (decision
      // 0120): shown, never filed under them, so a guest's order earns nobody's points or rank.
      .where((mine) => {
        void mine.where({ user: customer._id })
        if (email) void mine.orWhere((guest) => guest.whereNull('user').whereRaw(`customer->>'email' = ?`, [email]))
      })
      .orderBy([
        { column: 'date', order: 'desc' },
        { column: '_id', order: 'desc' }
      ])
      .limit(HISTORY)
      .select('_id', 'orderId', 'date', 'status', 'total')) as {
      _id: string
      orderId: string
      date: Date | string
      status: Order['status']
      total: number | string
    }[]
    const secret = commerce.context.config.authSecret
    return {
      customer: {
        firstName: customer.firstName ?? '',
        lastName: customer.lastName ?? '',
        email: customer.email ?? '',
        phone: customer.phone ?? ''
      },
      addresses: addressesOf(customer),
      orders: orders.map((order) => ({
        orderId: order.orderId,
        date: new Date(order.date).toISOString(),
        status: order.status ?? 'unpaid',
        total: Number(order.total),
        link: orderLinkToken(secret, shop, order._id)
      }))
    }
  })

/** A change of the customer through the shopUsers service (its rules: one default address, unique e-mail and phone). */
const patchCustomer = (commerce: Commerce, trx: Knex.Transaction, shop: string, user: string, patch: Record<string, unknown>) =>
  commerce.app.service('shopUsers').patch(user, patch, { shop, transaction: trx } as Record<string, unknown>)

/**
 * Name, phone and e-mail as the customer edits them. A new e-mail needs the code mailed to it: the
 * e-mail is how the shop knows the customer (sign-in, checkout), so it must be theirs.
 */
export const updateProfile = async (
  commerce: Commerce,
  shop: string,
  user: string | undefined,
  profile: ProfileInput,
  email: string,
  code: string | undefined
) => {
  const secret = commerce.context.config.authSecret
  const refused = await commerceTransaction(commerce, shop, async (trx) => {
    const customer = await sessionCustomer(trx, shop, user)
    const changesEmail = email !== (customer.email ?? '')
    if (changesEmail) {
      if (!code) throw new BadRequest('Enter the code we mailed to the new address', { key: 'account.emailCode', field: 'code' })
      const check = await checkSignInCode(trx, secret, shop, email, code, true)
      if (check !== 'ok') return check
    }
    await patchCustomer(commerce, trx, shop, customer._id, { ...profile, ...(changesEmail ? { email } : {}) })
    return undefined
  })
  if (refused) throw codeRefusal(refused)
}

export type AddressChange =
  | { action: 'add'; address: CustomerAddress }
  | { action: 'edit'; index: number; address: CustomerAddress }
  | { action: 'remove'; index: number }
  | { action: 'default'; index: number }

/** One default at most: the one just marked, else the first address when none is. */
const oneDefault = (addresses: CustomerAddress[], chosen?: number): CustomerAddress[] => {
  const marked = chosen ?? addresses.findIndex((address) => address.default === true)
  const pick = marked >= 0 ? marked : 0
  return addresses.map((address, i) => {
    const rest = { ...address }
    delete rest.default
    return i === pick ? { ...rest, default: true } : rest
  })
}

const noSuchAddress = () => new NotFound('This address is no longer there; reload the page', { key: 'account.noSuchAddress' })

/** Adds, edits, removes or marks as default one of the customer's addresses (spec §3.10, at most 20). */
export const changeAddresses = (commerce: Commerce, shop: string, user: string | undefined, change: AddressChange) =>
  commerceTransaction(commerce, shop, async (trx) => {
    // Locked: two changes at once both see the other's address.
    const customer = await sessionCustomer(trx, shop, user, true)
    const addresses = addressesOf(customer)
    if (change.action !== 'add' && !addresses[change.index]) throw noSuchAddress()
    let next: CustomerAddress[]
    if (change.action === 'add')
      next = oneDefault([...addresses, change.address], change.address.default ? addresses.length : undefined)
    else if (change.action === 'edit')
      next = oneDefault(
        addresses.map((address, i) =>
          i === change.index ? { ...change.address, default: change.address.default ?? address.default } : address
        ),
        change.address.default ? change.index : undefined
      )
    else if (change.action === 'remove')
      next = addresses.length > 1 ? oneDefault(addresses.filter((_, i) => i !== change.index)) : []
    else next = oneDefault(addresses, change.index)
    await patchCustomer(commerce, trx, shop, customer._id, { addresses: next })
    return next
  })
