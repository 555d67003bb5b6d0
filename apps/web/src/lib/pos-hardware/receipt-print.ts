import { servicePaths, type LocaleId, type Order, type OrderPaymentInput } from '@emporia/shared'
import { i18n, useTranslate } from '../i18n/i18n'
import { resolveText, type Translatable } from '../i18n/translatable'
import { shopApi } from '../resource-client'
import { useCurrentShop } from '../shop'
import { usePeopleNames } from '../staff-names'
import { receiptLabelDefaults, receiptLayout } from './receipt-layout'
import { receiptOf } from './receipt-order'
import { usePrinterSettings } from './printer-settings'
import type { ReceiptData } from './types'
import { usePosPrinter } from './use-hardware'

/*
 * Printing an order's receipt on this device's receipt printer (decisions 0098, 0141): the till after a
 * sale and the order page's reprint alike. The receipt is in the interface's language, its times in the
 * shop's time zone, the staff member and the station by name (the one lookup, decision 0138). This
 * device's printer type (decision 0184) says how: bytes to a thermal printer, or a printable page through
 * the browser's print dialog for an ordinary one.
 */

/** The receipt's columns: 42, the 80 mm slip's common font. */
export const RECEIPT_COLUMNS = 42

export interface ReceiptPrintOptions {
  /** Kick the drawer after printing (the till's rule, decision 0095). */
  openDrawer?: boolean
  /** The customer's name when the caller knows it better than the order (the till's member). */
  customer?: string
  /** Names to fall back on where the lookup has none (the till knows its own station and clerk). */
  cashier?: string
  staff?: string
  /** A payment's line label; by default the till's method names. */
  methodName?: (payment: OrderPaymentInput) => string
}

export const useReceiptPrint = () => {
  const printer = usePosPrinter()
  const names = usePeopleNames()
  const shop = useCurrentShop(true)
  const settings = usePrinterSettings(shop?._id)
  const { language, translate } = useTranslate()
  const text = (value: unknown) => resolveText(value as Translatable, language as LocaleId, translate)

  /** The shop's receipt fields as this device prints them (spec §3.1 POS; decision 0182). */
  const shopFields = () => ({
    shopName: text(shop?.name),
    posCode: shop?.posCode || undefined,
    header: text(shop?.posInvoiceHeader),
    footer: text(shop?.posInvoiceFooter),
    footerDomain: shop?.posFooterDomain || undefined,
    appLink: shop?.posAppLink || undefined,
    productLink: shop?.posProductLink || undefined,
    address: shop?.location || undefined,
    email: shop?.shopEmail || undefined,
    phone: shop?.phone || undefined
  })
  const receiptLabels = () =>
    Object.fromEntries(Object.keys(receiptLabelDefaults).map((k) => [k, i18n.t(`pos.sell.receipt.${k}`)]))

  /** Prints a receipt's data by this device's printer type; the drawer is kicked through a connected thermal printer. */
  const printData = async (data: ReceiptData, openDrawer = false) => {
    const invoiceType = shop?.invoiceType ?? 'normal'
    if (settings.type === 'ordinary') {
      const { printableHtml, printHtml } = await import('./printable')
      printHtml(printableHtml(data.orderNo || data.shopName, receiptLayout(data, RECEIPT_COLUMNS, invoiceType), RECEIPT_COLUMNS))
      if (openDrawer && printer.state === 'connected') await printer.kickDrawer()
      return
    }
    // The encoder (about 31 KB gzipped) loads at the first print, not with the page.
    const { encodeReceipt } = await import('./receipt')
    await printer.print(
      encodeReceipt(data, {
        language: printer.language,
        columns: RECEIPT_COLUMNS,
        cjk: 'image',
        invoiceType,
        openDrawer,
        cut: true
      })
    )
  }

  /** Throws what the printer or the encoder failed with; the caller says it in the interface's words. */
  const print = async (order: Order, payments: OrderPaymentInput[], options: ReceiptPrintOptions = {}) => {
    const t = (key: string, values?: Record<string, unknown>) => i18n.t(key, values)
    // The member's balance after the sale, as the server keeps it (spec §3.11 "points usable").
    const member = order.user
      ? ((await shopApi(servicePaths.shopUsers)
          .get(order.user)
          .catch(() => null)) as { points?: number } | null)
      : null
    // The lookup's placeholders ("Former staff", "POS cashier") give way to a name the caller knows.
    const placeholders = new Set(['people.formerStaff', 'people.formerCashier', 'people.cashier'].map((key) => t(key)))
    const named = (looked: string, fallback?: string) => (fallback && (!looked || placeholders.has(looked)) ? fallback : looked)
    const data = receiptOf(order, payments, {
      pointsUsable: typeof member?.points === 'number' ? member.points : undefined,
      ...shopFields(),
      qr: shop?.posInvoiceQr === true,
      timeZone: shop?.timeZone,
      cashier: named(names.cashier(order.cashier), options.cashier),
      staff: named(names.staff(order.admin), options.staff),
      customer: options.customer ?? order.customer?.name ?? undefined,
      text,
      unitName: (unit) => t(`product.weightUnit.${unit}`),
      labels: receiptLabels(),
      methodName:
        options.methodName ?? ((p) => (p.method === 'pos' ? (p.extraMethod ?? 'pos') : t(`pos.sell.method.${p.method}`)))
    })
    await printData(data, options.openDrawer)
  }

  /** A sample receipt with the shop's settings (settings/pos): one line, the time now. */
  const printSample = (sample: Pick<ReceiptData, 'lines' | 'subtotal' | 'total' | 'payments' | 'time'>) =>
    printData({ ...shopFields(), orderNo: 'SAMPLE-0001', orderId: '', ...sample, labels: receiptLabels() })

  // An ordinary printer is the browser's: always there.
  return { print, printSample, connected: settings.type === 'ordinary' || printer.state === 'connected', settings }
}
