import type { BarcodeLayout } from '../inventory/barcode-layout.schema'

/**
 * Barcodes at the POS (docs/decisions/0040, spec §8.4): EAN-13 check digits and the in-store codes
 * that embed a price or a weight. Pure, so the POS can read a code offline exactly as the server does.
 */

/** The layout a shop without `barcodeLayouts` uses: 2, six item digits, a five-digit price in cents, check digit. */
export const DEFAULT_BARCODE_LAYOUT: BarcodeLayout = { prefix: '2', itemDigits: 6, value: 'price', valueDigits: 5 }

/** The EAN-13 check digit of the first twelve digits (weights 1, 3, 1, 3, … from the left). */
export const ean13CheckDigit = (first12: string): number => {
  if (!/^\d{12}$/.test(first12)) throw new RangeError('An EAN-13 check digit needs twelve digits')
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3)
  return (10 - (sum % 10)) % 10
}

export const isValidEan13 = (code: string): boolean =>
  /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12])

/** One way to read an embedded code: the item (as posCodes to try) and the value in cents or grams. */
export interface EmbeddedReading {
  layout: BarcodeLayout
  /** The item digits, and the same without leading zeros when they differ ("001234", "1234"). */
  itemCodes: string[]
  value: number
}

export type EmbeddedCode =
  | { kind: 'none' }
  /** A layout's prefix matches but the check digit is wrong: a misread, never a guess. */
  | { kind: 'corrupted' }
  | { kind: 'readings'; readings: EmbeddedReading[] }

/**
 * Reads a 13-digit code with every layout whose prefix it starts with. The item digits follow the
 * prefix; the value is the `valueDigits` digits just before the check digit (digits in between, such
 * as a price check digit some scales print, are ignored). A layout longer than twelve digits never applies.
 */
export const readEmbeddedCode = (code: string, layouts?: readonly BarcodeLayout[] | null): EmbeddedCode => {
  if (!/^\d{13}$/.test(code)) return { kind: 'none' }
  const candidates = (layouts?.length ? layouts : [DEFAULT_BARCODE_LAYOUT]).filter(
    (layout) => code.startsWith(layout.prefix) && layout.prefix.length + layout.itemDigits + layout.valueDigits <= 12
  )
  if (!candidates.length) return { kind: 'none' }
  if (!isValidEan13(code)) return { kind: 'corrupted' }
  const readings = candidates.map((layout) => {
    const item = code.slice(layout.prefix.length, layout.prefix.length + layout.itemDigits)
    const trimmed = item.replace(/^0+(?=\d)/, '')
    return {
      layout,
      itemCodes: trimmed === item ? [item] : [item, trimmed],
      value: Number(code.slice(12 - layout.valueDigits, 12))
    }
  })
  return { kind: 'readings', readings }
}

/** Builds an embedded code (labels, tests): prefix, item, zero filler, value, check digit. */
export const embedCode = (layout: BarcodeLayout, item: string, value: number): string => {
  const itemText = item.padStart(layout.itemDigits, '0')
  const valueText = String(value).padStart(layout.valueDigits, '0')
  if (itemText.length !== layout.itemDigits || !/^\d+$/.test(itemText)) throw new RangeError('The item does not fit the layout')
  if (valueText.length !== layout.valueDigits || !Number.isInteger(value) || value < 0)
    throw new RangeError('The value does not fit the layout')
  const filler = 12 - layout.prefix.length - layout.itemDigits - layout.valueDigits
  if (filler < 0) throw new RangeError('The layout is longer than twelve digits')
  const first12 = layout.prefix + itemText + '0'.repeat(filler) + valueText
  return first12 + String(ean13CheckDigit(first12))
}
