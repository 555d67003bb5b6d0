import type ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder'
import { displayWidth, encodeCjk, hasWideText } from './cjk'
import type { PrinterLanguage, Rasteriser, ReceiptOptions } from './types'

/*
 * One printed line, whatever its script (decision 0097). ASCII goes through the encoder as text. A line
 * with Chinese goes, when the printer has the fonts (`cjk` big5 / gb18030), as the charset's bytes between
 * the printer's two-byte mode commands — ESC/POS FS & … FS . , StarPRNT ESC p … ESC q —, and otherwise
 * (or when the charset lacks a character) as a bitmap from the rasteriser. Lines come padded already, so
 * the columns a Chinese character takes (two) are counted here, not by the encoder.
 */

export type Block = { kind: 'row'; text: string; bold?: boolean } | { kind: 'qr'; value: string }

export interface TextContext {
  language: PrinterLanguage
  cjk: ReceiptOptions['cjk']
  rasterise?: Rasteriser
}

const twoByteMode: Record<PrinterLanguage, { enter: number[]; exit: number[] }> = {
  'esc-pos': { enter: [0x1c, 0x26], exit: [0x1c, 0x2e] },
  'star-prnt': { enter: [0x1b, 0x70], exit: [0x1b, 0x71] }
}

/** `left` and `right` on one line of `columns`, the right one flush right (left cut when both do not fit). */
export const spread = (left: string, right: string, columns: number) => {
  const gap = columns - displayWidth(left) - displayWidth(right)
  return gap >= 1 ? left + ' '.repeat(gap) + right : `${left} ${right}`
}

export const centre = (text: string, columns: number) => {
  const gap = Math.max(0, Math.floor((columns - displayWidth(text)) / 2))
  return ' '.repeat(gap) + text
}

export const writeBlock = (encoder: ReceiptPrinterEncoder, block: Block, context: TextContext) => {
  if (block.kind === 'qr') {
    encoder.align('center').qrcode(block.value, { model: 2, size: 6, errorlevel: 'm' }).align('left')
    return
  }
  const { text, bold } = block
  if (bold) encoder.bold(true)
  if (!hasWideText(text)) encoder.line(text)
  else writeWide(encoder, text, !!bold, context)
  if (bold) encoder.bold(false)
}

const writeWide = (encoder: ReceiptPrinterEncoder, text: string, bold: boolean, context: TextContext) => {
  const bytes = context.cjk === 'image' ? null : encodeCjk(text, context.cjk)
  if (bytes) {
    const mode = twoByteMode[context.language]
    encoder.raw(mode.enter).raw(bytes).raw(mode.exit).newline()
    return
  }
  if (!context.rasterise) {
    // No way to draw it (no canvas): the encoder's own code pages, '?' for what they lack.
    encoder.line(text)
    return
  }
  const image = context.rasterise(text, encoder.printableWidth, { bold, columns: encoder.columns })
  encoder.image(image, image.width, image.height, 'threshold')
}
