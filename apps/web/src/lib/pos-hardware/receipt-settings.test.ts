// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { printableLabel, encodeLabel } from './label'
import { defaultLabelChoices, labelChoicesOk, labelDataOf, labelOptionsOf, parseCopies } from './label-choices'
import { printableHtml } from './printable'
import { readPrinterSettings, writePrinterSettings } from './printer-settings'
import { encodeReceipt } from './receipt'
import { receiptLayout } from './receipt-layout'
import { countBytes, indexOfBytes } from './test-bytes'
import type { ReceiptData } from './types'

/** The receipt's shop code, footer domain and link QRs (decision 0182), labels from the list (0184). */
const receipt: ReceiptData = {
  shopName: 'Emporia Tea',
  posCode: 'HK-01',
  footer: 'See you soon',
  footerDomain: 'tea.example.com',
  appLink: 'https://apps.example.com/tea',
  productLink: 'https://tea.example.com/products',
  orderNo: 'P-0042',
  orderId: '64b7f0c2a1b2c3d4e5f60718',
  time: '2026-11-26 10:15',
  lines: [{ name: 'Green tea', quantity: 2, unitPrice: '12.50', amount: '25.00' }],
  subtotal: '25.00',
  total: '25.00',
  payments: [{ method: 'Cash', amount: '25.00' }],
  labels: { appLink: 'App', productLink: 'Shop online' }
}
const rows = (data: ReceiptData) =>
  receiptLayout(data, 32, 'normal').map((block) => (block.kind === 'row' ? block.text.trim() : `QR ${block.value}`))

describe('the receipt settings on the receipt', () => {
  it('prints the shop code under the name, the domain under the footer, then each link as a captioned QR', () => {
    const lines = rows(receipt)
    expect(lines[0]).toBe('Emporia Tea')
    expect(lines[1]).toBe('Shop code: HK-01')
    const footer = lines.indexOf('See you soon')
    expect(lines.slice(footer)).toEqual([
      'See you soon',
      'tea.example.com',
      'App',
      'QR https://apps.example.com/tea',
      'Shop online',
      'QR https://tea.example.com/products'
    ])
  })

  it('leaves out what the shop has not set', () => {
    const lines = rows({ ...receipt, posCode: undefined, footerDomain: undefined, appLink: undefined, productLink: '' })
    expect(lines.some((line) => line.startsWith('Shop code') || line.startsWith('QR'))).toBe(false)
    expect(lines.at(-1)).toBe('See you soon')
  })

  it('sends the links to a thermal printer as QR commands', () => {
    const bytes = encodeReceipt(receipt, { language: 'esc-pos', columns: 32, cjk: 'gb18030', invoiceType: 'normal' })
    // GS ( k … 1 P 0 <data>: the QR's store command, once per link.
    expect(countBytes(bytes, [0x1d, 0x28, 0x6b])).toBeGreaterThanOrEqual(2)
    expect(indexOfBytes(bytes, 'https://apps.example.com/tea')).toBeGreaterThan(0)
    expect(indexOfBytes(bytes, 'tea.example.com')).toBeGreaterThan(0)
  })

  it("prints the same lines on an ordinary printer's page, the links as SVG QRs, text escaped", () => {
    const html = printableHtml('P-0042', receiptLayout({ ...receipt, footer: '<b>bye</b>' }, 42, 'normal'), 42)
    const page = new DOMParser().parseFromString(html, 'text/html')
    const texts = [...page.querySelectorAll('.row')].map((row) => row.textContent?.trim())
    expect(texts).toContain('Shop code: HK-01')
    expect(texts).toContain('<b>bye</b>')
    expect(page.querySelector('.row b')).toBeNull()
    const qrs = [...page.querySelectorAll('.qr')]
    expect(qrs.map((qr) => qr.getAttribute('data-qr'))).toEqual([receipt.appLink, receipt.productLink])
    expect(qrs.every((qr) => qr.querySelector('svg'))).toBe(true)
  })
})

describe('labels from the label print form', () => {
  const product = { _id: '64b7f0c2a1b2c3d4e5f60718', name: 'Apples', posCode: '4891234567890', price: '$30.00', unit: 'kg' }
  const context = { date: '2026-11-26' }

  it('refuses a count out of range or a bad weight, and reads the form into label data', () => {
    expect(parseCopies('0')).toBeNull()
    expect(parseCopies('101')).toBeNull()
    expect(parseCopies('2.5')).toBeNull()
    expect(parseCopies(' 3 ')).toBe(3)
    expect(labelChoicesOk({ ...defaultLabelChoices, weight: '-1' })).toBe(false)
    expect(labelChoicesOk({ ...defaultLabelChoices, quantity: '1.2345' })).toBe(false)
    expect(labelChoicesOk({ ...defaultLabelChoices, weight: '0.25' })).toBe(true)
    const data = labelDataOf(product, { ...defaultLabelChoices, quantity: '6', weight: '0.25' }, context)
    expect(data).toMatchObject({ name: 'Apples', num: '4891234567890', quantity: '6', weight: '0.25 kg', date: '2026-11-26' })
    expect(labelDataOf({ ...product, posCode: null }, defaultLabelChoices, context)).toMatchObject({
      num: undefined,
      quantity: undefined,
      weight: undefined
    })
  })

  it('gives a thermal printer and an ordinary page the same labels, copies and choices', () => {
    const choices = { ...defaultLabelChoices, copies: '2', weight: '0.25', showID: true }
    const data = labelDataOf(product, choices, context)
    const options = labelOptionsOf(choices)
    const bytes = encodeLabel(data, { ...options, language: 'esc-pos' })
    expect(countBytes(bytes, 'Apples')).toBe(2)
    expect(countBytes(bytes, '0.25 kg')).toBe(2)
    expect(countBytes(bytes, product._id)).toBe(2)
    const parts = printableLabel(data, options)
    expect(parts.filter((part) => part.kind === 'cut')).toHaveLength(2)
    expect(parts.filter((part) => part.kind === 'barcode')).toHaveLength(2)
    const small = printableLabel(data, labelOptionsOf({ ...choices, labelSize: 'small', showDate: false }))
    expect(small.some((part) => part.kind === 'barcode')).toBe(false)
    expect(small.some((part) => part.kind === 'row' && part.text.includes('2026-11-26'))).toBe(false)
  })
})

describe("this device's printer settings", () => {
  it('are kept per shop, thermal over USB until set, and a stored value this version does not know is the default', () => {
    localStorage.clear()
    expect(readPrinterSettings('a')).toEqual({ type: 'thermal', connection: 'usb' })
    writePrinterSettings('a', { type: 'ordinary' })
    writePrinterSettings('a', { connection: 'bluetooth' })
    expect(readPrinterSettings('a')).toEqual({ type: 'ordinary', connection: 'bluetooth' })
    expect(readPrinterSettings('b')).toEqual({ type: 'thermal', connection: 'usb' })
    localStorage.setItem('emporia.pos.printerSettings.b', JSON.stringify({ type: 'laser', connection: 'wifi' }))
    expect(readPrinterSettings('b')).toEqual({ type: 'thermal', connection: 'usb' })
  })
})
