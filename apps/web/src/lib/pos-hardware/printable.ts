import qrcode from 'qrcode-generator'
import type { Block } from './print-text'

/*
 * The ordinary printer's page (decision 0184): what a thermal printer gets as bytes, as a printable HTML
 * page — the same lines of `receiptLayout` or the label, in a monospaced column as wide as the slip,
 * QRs as SVG — printed through the browser's print dialog from a hidden frame.
 */

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** A QR as an SVG element (black modules on white, quiet zone of 4). */
export const qrSvg = (value: string) => {
  const qr = qrcode(0, 'M')
  qr.addData(value)
  qr.make()
  return qr.createSvgTag({ cellSize: 3, margin: 12, scalable: true })
}

export type PrintablePart = Block | { kind: 'barcode'; value: string } | { kind: 'cut' }

/** One page of lines: rows as preformatted text (the slip's columns), QRs as images, a rule at each cut. */
export const printableHtml = (title: string, parts: PrintablePart[], columns: number) => {
  const body = parts
    .map((part) => {
      if (part.kind === 'row') return `<div class="row${part.bold ? ' bold' : ''}">${escape(part.text) || '&nbsp;'}</div>`
      if (part.kind === 'qr')
        return `<div class="qr" data-qr="${escape(part.value)}">${qrSvg(part.value)}<div class="link">${escape(part.value)}</div></div>`
      if (part.kind === 'barcode') return `<div class="barcode">${escape(part.value)}</div>`
      return '<div class="cut"></div>'
    })
    .join('\n')
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title><style>
@page { margin: 4mm; }
body { margin: 0; font-family: ui-monospace, 'Noto Sans Mono CJK TC', 'Courier New', monospace; font-size: 11pt; color: #000; }
.slip { width: ${columns}ch; }
.row { white-space: pre; }
.bold { font-weight: bold; }
.qr { text-align: center; margin: 2mm 0; }
.qr svg { width: 32mm; height: 32mm; }
.link { font-size: 8pt; word-break: break-all; white-space: normal; }
.barcode { text-align: center; letter-spacing: 0.3em; border-top: 1px solid #000; border-bottom: 1px solid #000; margin: 1mm 0; }
.cut { border-top: 1px dashed #000; margin: 3mm 0; page-break-after: always; }
</style></head><body><div class="slip">${body}</div></body></html>`
}

const FRAME_ID = 'emporia-print-frame'

/**
 * Prints a page through the browser's print dialog, from a hidden frame left in the page until the next
 * print (the dialog of some browsers returns before it has read the frame).
 */
export const printHtml = (html: string) => {
  document.getElementById(FRAME_ID)?.remove()
  const frame = document.createElement('iframe')
  frame.id = FRAME_ID
  frame.dataset.testid = 'print-frame'
  frame.setAttribute('aria-hidden', 'true')
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;'
  document.body.appendChild(frame)
  const page = frame.contentWindow
  if (!page) return
  page.document.open()
  page.document.write(html)
  page.document.close()
  page.focus()
  page.print()
}
