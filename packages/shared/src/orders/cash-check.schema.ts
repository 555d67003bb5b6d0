import { Type, type Static } from '@sinclair/typebox'
import { literals } from '../catalogue/product.schema'
import { ID_PATTERN } from '../platform/ids'
import { signedMoneySchema } from './order.schema'

/**
 * Cash check types (spec §9.8 cashCheckType): money put into (`in`) or taken out of (`out`) the
 * drawer, and the counts of what is in it — at the start of a session (`beginCheck`, needed before
 * selling, §4.8), during it (`middleCheck`) and at its end (`endCheck`). Decision 0081.
 */
export const cashCheckTypes = ['in', 'out', 'beginCheck', 'middleCheck', 'endCheck'] as const
export type CashCheckType = (typeof cashCheckTypes)[number]
/** The counts: their amount is what is in the drawer, not a movement. */
export const cashCountTypes = ['beginCheck', 'middleCheck', 'endCheck'] as const satisfies readonly CashCheckType[]
export const isCashCount = (type: unknown): boolean => (cashCountTypes as readonly unknown[]).includes(type)
/** Spec §4.1. A cancelled check stays in the log but no longer counts. */
export const cashCheckStatuses = ['valid', 'cancelled'] as const
export type CashCheckStatus = (typeof cashCheckStatuses)[number]

/** Hong Kong notes and coins in cents, largest first: the editor's default denominations table. */
export const hkCashDenominations = [100_000, 50_000, 10_000, 5_000, 2_000, 1_000, 500, 200, 100, 50, 20, 10] as const

const MONEY_LIMIT = 100_000_000_000
/** Signed cents the server works out (decision 0003): never written by a client. */
const serverMoney = Type.Optional(
  Type.Union([Type.Integer({ minimum: -MONEY_LIMIT, maximum: MONEY_LIMIT }), Type.Null()], { readOnly: true })
)
const serverDate = Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { readOnly: true }))

/** One line of a count by denominations: `number` notes or coins of `value` cents. */
export const cashDetailSchema = Type.Object(
  {
    value: Type.Integer({ exclusiveMinimum: 0, maximum: 100_000_000 }),
    number: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    /** The server's: how many more (or fewer) than the drawer's previous count by denominations. */
    delta: Type.Optional(Type.Union([Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }), Type.Null()]))
  },
  { additionalProperties: false }
)
export type CashDetail = Static<typeof cashDetailSchema>

/** What the drawer took in cash in a check's period (the payments service's cash rows). */
export const cashSummarySchema = Type.Object(
  {
    /** Orders with a cash payment or refund in the period. */
    orders: Type.Integer({ minimum: 0 }),
    /** Cash taken (the positive rows), in cents. */
    paid: Type.Integer({ minimum: 0 }),
    /** Cash given back (the negative rows), in cents, as a negative number. */
    refunded: Type.Integer({ maximum: 0 })
  },
  { additionalProperties: false }
)
export type CashSummary = Static<typeof cashSummarySchema>

/**
 * Cash check (spec §3.11): a record of the cashbox log. The client says what happened (type, amount,
 * optionally the count by denominations, the cashier whose drawer it is, a comment); the server
 * works out, under a lock on the drawer, what the drawer should hold (decision 0081):
 * - last*: the drawer's previous valid count; startPeriod = its date, endPeriod = this check's date;
 * - expectedDelta: cash payments and refunds in the period plus the valid ins and outs in it
 *   (this one included); expectedAmount = lastAmount + expectedDelta;
 * - for a count: delta = amount − lastAmount, diff = amount − expectedAmount (none for the drawer's
 *   first count, which sets its float).
 * Amounts are signed integer cents: an `out` is negative.
 */
export const cashCheckSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    type: literals(cashCheckTypes),
    /** Only a cancel changes it (a patch of `{status: 'cancelled'}`). */
    status: Type.Optional(
      Type.Union(
        cashCheckStatuses.map((status) => Type.Literal(status)),
        { readOnly: true }
      )
    ),
    amount: signedMoneySchema,
    expectedAmount: serverMoney,
    expectedDelta: serverMoney,
    delta: serverMoney,
    diff: serverMoney,
    lastAmount: serverMoney,
    lastDate: serverDate,
    lastType: Type.Optional(Type.Union([...cashCountTypes.map((type) => Type.Literal(type)), Type.Null()], { readOnly: true })),
    startPeriod: serverDate,
    endPeriod: serverDate,
    /** The staff member who recorded it. */
    admin: Type.Optional(Type.Union([Type.String({ pattern: ID_PATTERN, ref: 'users' }), Type.Null()], { readOnly: true })),
    /** The POS cashier (drawer) it counts; none for a shop with one drawer. */
    cashier: Type.Optional(Type.Union([Type.String({ pattern: ID_PATTERN }), Type.Null()])),
    comment: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
    /** Counted by denominations: then `amount` is the details' total. */
    hasDetails: Type.Optional(Type.Boolean()),
    details: Type.Optional(Type.Array(cashDetailSchema, { maxItems: 50 })),
    summary: Type.Optional(Type.Union([cashSummarySchema, Type.Null()], { readOnly: true })),
    date: Type.Optional(Type.String({ format: 'date-time', readOnly: true })),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'CashCheck', additionalProperties: false }
)
export type CashCheck = Static<typeof cashCheckSchema>
export type CashCheckData = Pick<CashCheck, 'type' | 'amount'> &
  Partial<Pick<CashCheck, 'cashier' | 'comment' | 'hasDetails' | 'details'>>
/** A check is history: only a cancel and its comment change. */
export type CashCheckPatch = Partial<Pick<CashCheck, 'comment'>> & { status?: 'cancelled' }

/** Σ value × number of a count by denominations, in cents. */
export const detailsTotal = (details: readonly { value?: unknown; number?: unknown }[] | undefined): number =>
  (details ?? []).reduce((sum, line) => sum + (Number(line.value) || 0) * (Number(line.number) || 0), 0)

/** The amount a count by denominations stands for: the total, taken out for an `out`. */
export const detailsAmount = (type: unknown, details: Parameters<typeof detailsTotal>[0]): number => {
  const total = detailsTotal(details)
  return type === 'out' ? -total : total
}

export interface CashCheckProblem {
  field: 'amount'
  key: 'format.required' | 'cash.mustBeNegative' | 'cash.mustBePositive' | 'cash.mustNotBeNegative' | 'cash.detailsMismatch'
}

type CashCheckLike = Partial<Record<'type' | 'amount' | 'hasDetails' | 'details', unknown>>

/**
 * Why a cash check cannot be recorded, or undefined (spec §5.3, decision 0081): an amount is needed;
 * cash out is negative and a deposit positive; a count is never negative; counted by denominations,
 * the amount is their total (negative for an out). The editor shows it on the field as the merchant
 * types, the server refuses the same record with the same key.
 */
export const cashCheckProblem = (check: CashCheckLike): CashCheckProblem | undefined => {
  const { type, amount } = check
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return { field: 'amount', key: 'format.required' }
  if (type === 'out' && !(amount < 0)) return { field: 'amount', key: 'cash.mustBeNegative' }
  if (type === 'in' && !(amount > 0)) return { field: 'amount', key: 'cash.mustBePositive' }
  if (isCashCount(type) && amount < 0) return { field: 'amount', key: 'cash.mustNotBeNegative' }
  const details = Array.isArray(check.details) ? (check.details as { value?: unknown; number?: unknown }[]) : []
  if ((check.hasDetails === true || details.length > 0) && amount !== detailsAmount(type, details))
    return { field: 'amount', key: 'cash.detailsMismatch' }
  return undefined
}
