import { Type, type Static } from '@sinclair/typebox'
import { moneySchema } from '../catalogue/product.schema'
import { ID_PATTERN } from '../platform/ids'

const text = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]))

/**
 * Company user, a business customer or supplier who buys or sells now and pays later (spec §3.10,
 * §9.2; decision 0085). `subsequentPaymentLimit` is the credit limit in cents (0: no credit),
 * `subsequentPaymentPeriod` the days between an order's date and its due date. `outstanding`
 * (what its bulk orders still owe) and `payable` (what the shop still owes on its purchasing
 * orders) are the server's, moved in the same transaction as the orders.
 */
export const companyUserSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    email: Type.Optional(Type.Union([Type.String({ maxLength: 254, format: 'email' }), Type.Null()])),
    phone: text(50),
    date: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
    address: text(500),
    subsequentPaymentLimit: Type.Optional(moneySchema),
    subsequentPaymentPeriod: Type.Optional(Type.Integer({ minimum: 0, maximum: 3650 })),
    outstanding: Type.Optional(Type.Integer({ minimum: 0, readOnly: true })),
    payable: Type.Optional(Type.Integer({ minimum: 0, readOnly: true })),
    remarks: text(2000),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'CompanyUser', additionalProperties: false }
)
export type CompanyUser = Static<typeof companyUserSchema>
export type CompanyUserData = Omit<CompanyUser, '_id' | 'shop' | 'outstanding' | 'payable' | 'createdAt' | 'updatedAt'>
export type CompanyUserPatch = Partial<CompanyUserData>

/** What a company customer may still take on credit (spec §3.11 availableAmount): limit − outstanding. */
export const availableCredit = (company: Pick<CompanyUser, 'subsequentPaymentLimit' | 'outstanding'>) =>
  (company.subsequentPaymentLimit ?? 0) - (company.outstanding ?? 0)
