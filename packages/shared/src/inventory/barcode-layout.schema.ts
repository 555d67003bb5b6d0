import { Type, type Static } from '@sinclair/typebox'

/** EAN-13 layouts with an embedded weight or price (prefix 2x), configured per shop (docs/decisions/0040). */
export const barcodeLayoutSchema = Type.Object(
  {
    /** Leading digits that select this layout, e.g. "20" … "29". */
    prefix: Type.String({ pattern: '^2[0-9]{0,2}$' }),
    /** Digits after the prefix that name the product (its posCode). */
    itemDigits: Type.Integer({ minimum: 3, maximum: 7 }),
    /** What the following digits carry: a price in cents, or a weight in grams. */
    value: Type.Union([Type.Literal('price'), Type.Literal('weight')]),
    valueDigits: Type.Integer({ minimum: 3, maximum: 6 })
  },
  { additionalProperties: false }
)
export type BarcodeLayout = Static<typeof barcodeLayoutSchema>
