import { posDrawerOpeners, type Shop, type ShopPatch } from '@emporia/shared'
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
  { name: 'posInvoiceQr', label: 'posSettings.invoiceQr', type: 'boolean' }
]

/** The form's values: only managers open the drawer by hand until the shop says otherwise. */
export const posSettingsOf = (shop: Shop | undefined): Values => ({
  posDrawerOpener: shop?.posDrawerOpener ?? 'manager',
  posRefundNeedsManager: shop?.posRefundNeedsManager ?? false,
  useCashboxLog: shop?.useCashboxLog ?? false,
  posGuestMode: shop?.posGuestMode ?? false,
  posInvoiceHeader: shop?.posInvoiceHeader ?? null,
  posInvoiceFooter: shop?.posInvoiceFooter ?? null,
  posInvoiceQr: shop?.posInvoiceQr ?? false
})

/** A text with every language empty is no text: stored as null, so the receipt prints no empty line. */
const textOrNull = (value: unknown) => (isEmptyValue(value) ? null : (value as ShopPatch['posInvoiceHeader']))

export const posSettingsPatch = (values: Values): ShopPatch => ({
  posDrawerOpener: posDrawerOpeners.find((value) => value === values.posDrawerOpener) ?? 'manager',
  posRefundNeedsManager: Boolean(values.posRefundNeedsManager),
  useCashboxLog: Boolean(values.useCashboxLog),
  posGuestMode: Boolean(values.posGuestMode),
  posInvoiceHeader: textOrNull(values.posInvoiceHeader),
  posInvoiceFooter: textOrNull(values.posInvoiceFooter),
  posInvoiceQr: Boolean(values.posInvoiceQr)
})
