import { Type, type Static } from '@sinclair/typebox'
import { literals } from '../catalogue/product.schema'
import { ID_PATTERN } from '../platform/ids'

/** A customer is a person, or buys for a company (spec §3.10 type). */
export const shopUserTypes = ['normal', 'company'] as const
export type ShopUserType = (typeof shopUserTypes)[number]

const text = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]))
const optionalDate = (readOnly = false) =>
  Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()], readOnly ? { readOnly } : {}))
const optionalId = (ref?: string, readOnly = false) =>
  Type.Optional(
    Type.Union([Type.String({ pattern: ID_PATTERN, ...(ref ? { ref } : {}) }), Type.Null()], {
      ...(ref ? { ref } : {}),
      ...(readOnly ? { readOnly } : {})
    })
  )

/** A customer's address (spec §3.10 Address); one of them may be the default. */
export const customerAddressSchema = Type.Object(
  {
    label: text(60),
    firstName: text(100),
    lastName: text(100),
    company: text(200),
    apt: text(200),
    city: text(100),
    country: text(100),
    phone: text(50),
    default: Type.Optional(Type.Boolean())
  },
  { additionalProperties: false }
)
export type CustomerAddress = Static<typeof customerAddressSchema>

/** Where a customer signs in besides the storefront's pages: the installed app, the mini-program (decision 0204). */
export const memberChannels = ['app', 'mini'] as const
export type MemberChannel = (typeof memberChannels)[number]

/**
 * Shop user, the shop's customer or member (spec §3.10; decision 0083). `name` is the server's
 * "first last", kept for search and lists. Rank, its expiry and the accumulated amount are moved by
 * the rank rule only (decision 0084); `points` by the loyalty ledger (issue 15).
 */
export const shopUserSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    title: text(20),
    firstName: text(100),
    lastName: text(100),
    name: Type.Optional(Type.String({ maxLength: 201, readOnly: true })),
    email: Type.Optional(Type.Union([Type.String({ maxLength: 254, format: 'email' }), Type.Null()])),
    phone: Type.Optional(Type.Union([Type.String({ maxLength: 30, pattern: '^\\+?[0-9][0-9 -]{2,28}$' }), Type.Null()])),
    /** The phone's region (country calling code, e.g. 852). */
    region: text(10),
    type: Type.Optional(literals(shopUserTypes)),
    /** A company customer's business record. */
    company: optionalId('companyUsers'),
    rank: optionalId('shopRanks', true),
    rankExpiry: optionalDate(true),
    /** Paid money counted towards the rank, as the rank rule computes it now (cents). */
    cachedAmount: Type.Optional(Type.Integer({ minimum: 0, readOnly: true })),
    /** When the customer joined (membership start); defaults to when the record was made. */
    date: optionalDate(),
    addresses: Type.Optional(Type.Array(customerAddressSchema, { maxItems: 20 })),
    points: Type.Optional(Type.Integer({ readOnly: true })),
    remarks: text(2000),
    /** The app and mini-program channels the customer has signed in through (decision 0204): the server's. */
    channels: Type.Optional(Type.Array(literals(memberChannels), { maxItems: 2, uniqueItems: true, readOnly: true })),
    /** The channel of the latest app or mini-program sign-in; the members list is the customers with one. */
    channel: Type.Optional(Type.Union([literals(memberChannels), Type.Null()], { readOnly: true })),
    /** When the customer last signed in through the app or the mini-program. */
    lastSeenAt: optionalDate(true),
    /** When the customer's personal data was erased on request (decision 0083). */
    erasedAt: optionalDate(true),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'ShopUser', additionalProperties: false }
)
export type ShopUser = Static<typeof shopUserSchema>
export type ShopUserData = Omit<
  ShopUser,
  | '_id'
  | 'shop'
  | 'name'
  | 'rank'
  | 'rankExpiry'
  | 'cachedAmount'
  | 'points'
  | 'erasedAt'
  | 'channels'
  | 'channel'
  | 'lastSeenAt'
  | 'createdAt'
  | 'updatedAt'
>
export type ShopUserPatch = Partial<ShopUserData>
