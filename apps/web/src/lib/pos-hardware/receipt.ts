import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder'
import { canvasRasteriser } from './canvas-rasteriser'
import { writeBlock } from './print-text'
import { receiptLayout } from './receipt-layout'
import type { ReceiptData, ReceiptOptions } from './types'

/** The columns a receipt may have: 58 mm paper (32) and the two fonts of 80 mm paper (42, 48). */
export const receiptColumns = [32, 42, 48] as const

/**
 * A receipt as the printer's bytes (ESC/POS or StarPRNT): initialise, the lines of `receiptLayout`, the
 * QR, a partial cut and, when asked, the drawer kick after it (decision 0097). The drawer rules — who
 * may open it, and when — are the station's (decision 0095); this only encodes.
 */
export const encodeReceipt = (data: ReceiptData, options: ReceiptOptions): Uint8Array => {
  if (!receiptColumns.includes(options.columns as (typeof receiptColumns)[number]))
    throw new Error(`receipt columns must be 32, 42 or 48, not ${options.columns}`)
  const encoder = new ReceiptPrinterEncoder({ language: options.language, columns: options.columns })
  const context = {
    language: options.language,
    cjk: options.cjk,
    rasterise: options.rasterise ?? canvasRasteriser()
  }
  encoder.initialize()
  for (const block of receiptLayout(data, options.columns, options.invoiceType)) writeBlock(encoder, block, context)
  if (options.cut !== false) encoder.newline(3).cut('partial')
  if (options.openDrawer) encoder.pulse()
  return encoder.encode()
}
