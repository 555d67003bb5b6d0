import type { LabelData, LabelOptions } from './types'

/*
 * The label print form (spec §3.12 Label print: num, quantity, weight, showDate, showID, showNum,
 * labelSize): what the merchant chooses once for every product of the selection, and each product's
 * label from it. Pure, so the product list, the product editor and the developer page print alike.
 */

/** At most this many copies in one job: a typo of 1000 would empty the roll. */
export const MAX_LABEL_COPIES = 100

export interface LabelChoices {
  /** How many labels of each product (spec `num`). */
  copies: string
  /** A quantity printed on the label ("6 pcs"); empty: none. */
  quantity: string
  /** A weight printed on the label, in the product's unit; empty: none. */
  weight: string
  showDate: boolean
  showID: boolean
  showNum: boolean
  labelSize: LabelOptions['labelSize']
}

export const defaultLabelChoices: LabelChoices = {
  copies: '1',
  quantity: '',
  weight: '',
  showDate: true,
  showID: false,
  showNum: true,
  labelSize: 'default'
}

/** The number of labels, or null when it is not a whole number in range (refused, not rounded). */
export const parseCopies = (text: string) => {
  const copies = /^\d+$/.test(text.trim()) ? Number(text) : NaN
  return copies >= 1 && copies <= MAX_LABEL_COPIES ? copies : null
}

/** A printed quantity or weight: empty, or a number above zero with at most three decimals. */
export const labelAmountOk = (text: string) => !text.trim() || (/^\d+(\.\d{1,3})?$/.test(text.trim()) && Number(text) > 0)

/** Whether the form can print: labels in range, quantity and weight readable. */
export const labelChoicesOk = (choices: LabelChoices) =>
  parseCopies(choices.copies) !== null && labelAmountOk(choices.quantity) && labelAmountOk(choices.weight)

/** What one product's label needs, as the list or the editor has it. */
export interface LabelProduct {
  _id: string
  /** In the label's language already. */
  name: string
  /** The product's code at the till (its barcode), printed as its number. */
  posCode?: string | null
  /** Already formatted ("$12.50"). */
  price?: string
  /** The product's weight unit in the label's words ("kg", "斤"). */
  unit?: string
}

export const labelDataOf = (
  product: LabelProduct,
  choices: LabelChoices,
  context: { date: string; labels?: LabelData['labels'] }
): LabelData => ({
  name: product.name,
  num: product.posCode || undefined,
  id: product._id,
  price: product.price,
  quantity: choices.quantity.trim() || undefined,
  weight: choices.weight.trim() ? [choices.weight.trim(), product.unit].filter(Boolean).join(' ') : undefined,
  date: context.date,
  labels: context.labels
})

export const labelOptionsOf = (choices: LabelChoices): Omit<LabelOptions, 'language'> => ({
  copies: parseCopies(choices.copies) ?? 1,
  showDate: choices.showDate,
  showID: choices.showID,
  showNum: choices.showNum,
  labelSize: choices.labelSize
})
