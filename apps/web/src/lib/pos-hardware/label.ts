import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder'
import { wrap } from './cjk'
import { canvasRasteriser } from './canvas-rasteriser'
import { MAX_LABEL_COPIES } from './label-choices'
import { spread, writeBlock, type Block } from './print-text'
import type { PrintablePart } from './printable'
import type { LabelData, LabelOptions } from './types'

export { MAX_LABEL_COPIES }

const labelDefaults = { price: 'Price', quantity: 'Qty', weight: 'Weight', date: 'Date', num: 'No.', id: 'ID' }

/** A label's lines and barcode, whatever prints it: the thermal printer's bytes or the ordinary printer's page. */
export const labelLayout = (data: LabelData, options: Omit<LabelOptions, 'language' | 'copies'>) => {
  const columns = options.labelSize === 'small' ? 32 : (options.columns ?? 48)
  const label = (key: keyof typeof labelDefaults) => data.labels?.[key] ?? labelDefaults[key]
  const blocks: Block[] = wrap(data.name, columns).map((text) => ({ kind: 'row', text, bold: true }))
  const pair = (key: keyof typeof labelDefaults, value: string | undefined, bold = false) => {
    if (value) blocks.push({ kind: 'row', text: spread(label(key), value, columns), bold })
  }
  pair('price', data.price, true)
  pair('quantity', data.quantity)
  pair('weight', data.weight)
  if (options.showNum) pair('num', data.num)
  if (options.showID) pair('id', data.id)
  if (options.showDate) pair('date', data.date)
  const barcode =
    options.showNum && data.num && options.labelSize === 'default' && /^[\x20-\x7e]+$/.test(data.num) ? data.num : undefined
  return { columns, blocks, barcode }
}

const checkCopies = (copies: number) => {
  if (!Number.isInteger(copies) || copies < 1 || copies > MAX_LABEL_COPIES)
    throw new Error(`label copies must be 1 to ${MAX_LABEL_COPIES}, not ${copies}`)
}

/**
 * Product labels on the receipt printer (spec §3.12 label print; decision 0097): `copies` labels, each
 * cut apart. `default` size uses the printer's columns and prints the product number as a barcode
 * (EAN-13 when it is 13 digits, else Code 128); `small` is 32 columns of text, for 40 mm stock.
 */
export const encodeLabel = (data: LabelData, options: LabelOptions): Uint8Array => {
  checkCopies(options.copies)
  const { columns, blocks, barcode } = labelLayout(data, options)
  const encoder = new ReceiptPrinterEncoder({ language: options.language, columns })
  const context = {
    language: options.language,
    cjk: options.cjk ?? 'image',
    rasterise: options.rasterise ?? canvasRasteriser()
  }
  encoder.initialize()
  for (let copy = 0; copy < options.copies; copy++) {
    for (const block of blocks) writeBlock(encoder, block, context)
    if (barcode)
      encoder
        .align('center')
        .barcode(barcode, /^\d{13}$/.test(barcode) ? 'ean13' : 'code128', 60)
        .align('left')
    encoder.newline(2).cut('partial')
  }
  return encoder.encode()
}

/** The same labels as the ordinary printer's page parts (decision 0184): each copy's lines, its number, a cut. */
export const printableLabel = (data: LabelData, options: Omit<LabelOptions, 'language'>): PrintablePart[] => {
  checkCopies(options.copies)
  const { blocks, barcode } = labelLayout(data, options)
  const one: PrintablePart[] = [...blocks, ...(barcode ? [{ kind: 'barcode', value: barcode } as const] : []), { kind: 'cut' }]
  return Array.from({ length: options.copies }, () => one).flat()
}
