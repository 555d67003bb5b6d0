import { bundlePopups, posDrawerOpeners, type Shop, type ShopPatch } from '@emporia/shared'
import type { FieldDef } from '../../components/fields/field-types'
import { isEmptyValue, type Values } from '../../lib/form-values'
import type { AnyMessageKey } from '../../lib/i18n/lists'

/*
 * settings/pos (decision 0099): the shop's POS fields of the shared contract (`posSettingsFields`). The
 * POS warehouse and selling out of stock stay on settings/inventory, where the stock settings are.
 */

export const posSettingsFormFields: FieldDef[] = [
  {
    name: 'posDrawerOpener',
    label: 'posSettings.drawerOpener',
    type: 'select',
    source: {
      enumList: Object.fromEntries(posDrawerOpeners.map((value) => [value, `posSettings.drawerOpener.${value}` as AnyMessageKey]))
    }
  },
  { name: 'posRefundNeedsManager', label: 'posSettings.refundNeedsManager', type: 'boolean' },
  // The cash-box log (spec §3.1 useCashboxLog): each drawer's float counted at the start and cash in and out kept.
  { name: 'useCashboxLog', label: 'posSettings.useCashboxLog', type: 'boolean' },
  { name: 'posGuestMode', label: 'posSettings.guestMode', type: 'boolean' },
  { name: 'posInvoiceHeader', label: 'posSettings.invoiceHeader', type: 'translatable', multiline: true, wide: true },
  { name: 'posInvoiceFooter', label: 'posSettings.invoiceFooter', type: 'translatable', multiline: true, wide: true },
  { name: 'posInvoiceQr', label: 'posSettings.invoiceQr', type: 'boolean' },
  // The receipt's end (spec §3.1; decision 0182): the shop's web address, and its app and products as QRs.
  { name: 'posFooterDomain', label: 'posSettings.footerDomain', type: 'text', help: 'posSettings.footerDomain.help' },
  { name: 'posAppLink', label: 'posSettings.appLink', type: 'text', help: 'posSettings.appLink.help' },
  { name: 'posProductLink', label: 'posSettings.productLink', type: 'text', help: 'posSettings.productLink.help' },
  { name: 'posCode', label: 'posSettings.posCode', type: 'text', help: 'posSettings.posCode.help' },
  {
    name: 'bundlePopup',
    label: 'posSettings.bundlePopup',
    type: 'select',
    help: 'posSettings.bundlePopup.help',
    source: {
      enumList: Object.fromEntries(bundlePopups.map((value) => [value, `posSettings.bundlePopup.${value}` as AnyMessageKey]))
    }
  }
]

/** The form's values: only managers open the drawer by hand until the shop says otherwise. */
export const posSettingsOf = (shop: Shop | undefined): Values => ({
  posDrawerOpener: shop?.posDrawerOpener ?? 'manager',
  posRefundNeedsManager: shop?.posRefundNeedsManager ?? false,
  useCashboxLog: shop?.useCashboxLog ?? false,
  posGuestMode: shop?.posGuestMode ?? false,
  posInvoiceHeader: shop?.posInvoiceHeader ?? null,
  posInvoiceFooter: shop?.posInvoiceFooter ?? null,
  posInvoiceQr: shop?.posInvoiceQr ?? false,
  posFooterDomain: shop?.posFooterDomain ?? '',
  posAppLink: shop?.posAppLink ?? '',
  posProductLink: shop?.posProductLink ?? '',
  posCode: shop?.posCode ?? '',
  bundlePopup: shop?.bundlePopup ?? 'none'
})

/** A text with every language empty is no text: stored as null, so the receipt prints no empty line. */
const textOrNull = (value: unknown) => (isEmptyValue(value) ? null : (value as ShopPatch['posInvoiceHeader']))

/** A line of text as typed, trimmed; nothing is null, so the receipt prints no empty line. */
const trimmedOrNull = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)

export const posSettingsPatch = (values: Values): ShopPatch => ({
  posDrawerOpener: posDrawerOpeners.find((value) => value === values.posDrawerOpener) ?? 'manager',
  posRefundNeedsManager: Boolean(values.posRefundNeedsManager),
  useCashboxLog: Boolean(values.useCashboxLog),
  posGuestMode: Boolean(values.posGuestMode),
  posInvoiceHeader: textOrNull(values.posInvoiceHeader),
  posInvoiceFooter: textOrNull(values.posInvoiceFooter),
  posInvoiceQr: Boolean(values.posInvoiceQr),
  posFooterDomain: trimmedOrNull(values.posFooterDomain),
  posAppLink: trimmedOrNull(values.posAppLink),
  posProductLink: trimmedOrNull(values.posProductLink),
  posCode: trimmedOrNull(values.posCode),
  bundlePopup: bundlePopups.find((value) => value === values.bundlePopup) ?? 'none'
})
