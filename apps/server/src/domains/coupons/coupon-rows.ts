import { randomInt } from 'node:crypto'
import { BadRequest, Conflict } from '@feathersjs/errors'
import { COUPON_ALPHABET, COUPON_CODE_LENGTH, sharedMessage, type SharedMessageKey } from '@emporia/shared'

/** A coupon as stored (dates as the driver gives them). */
export interface CouponRow {
  _id: string
  shop: string
  code: string
  template: string
  status: 'valid' | 'expired' | 'used'
  user: string | null
  validFrom: Date | string | null
  expiresAt: Date | string | null
  promotion: string | null
  usedAt: Date | string | null
  order: string | null
  useAdmin: string | null
  useCashier: string | null
}

/** A coupon template as stored: what issuing needs of it. */
export interface TemplateRow {
  _id: string
  shop: string
  discount: string
  open: boolean | null
  limitPerUser: number | string | null
  limitTotal: number | string | null
  totalPicked: number | string | null
  validFrom: Date | string | null
  validTo: Date | string | null
  validUntil: Date | string | null
  validIn: number | string | null
  expiresIn: number | string | null
}

/** A fresh code from the unambiguous alphabet, drawn with the system's cryptographic generator. */
export const newCouponCode = () => {
  let code = ''
  for (let i = 0; i < COUPON_CODE_LENGTH; i++) code += COUPON_ALPHABET[randomInt(COUPON_ALPHABET.length)]
  return code
}

export const instant = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString()

export const millis = (value: Date | string | null | undefined): number | null =>
  value === null || value === undefined ? null : new Date(value).getTime()

/** A limit of 0 or none means no limit (coupon-template.schema.ts). */
export const limitOf = (value: number | string | null): number | null => {
  const n = value === null || value === undefined ? 0 : Number(value)
  return n > 0 ? n : null
}

/** A refusal the merchant reads in their language, on the field that caused it. */
export const couponError = (
  kind: 'bad' | 'conflict',
  key: SharedMessageKey,
  field: string,
  values: Record<string, string | number> = {}
) => {
  const data = { key, field, values }
  return kind === 'bad'
    ? new BadRequest(sharedMessage(key, 'en', values), data)
    : new Conflict(sharedMessage(key, 'en', values), data)
}
