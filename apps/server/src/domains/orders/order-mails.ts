import type { Knex } from 'knex'
import { defaultLocale, isLocaleId, lineTitle, pickTran, shopTimeZone, type LocaleId } from '@emporia/shared'
import type { AppConfig } from '../../config'
import { publicHostOf } from '../eshop/domains/storefront-host'
import type { Mailer, MailRequest } from '../../platform/mail/mailer'
import { DEFAULT_BRAND_COLOR, MailInputError } from '../../platform/mail/shop-mails/render-shop-mail'
import { newObjectId } from '../../platform/http/object-id'
import type { MailOrder, ShopBrand, ShopMailName } from '../../platform/mail/shop-mails/shop-mail-types'
import { OUTBOX } from '../../platform/mail/outbox'
import { orderLinkToken } from '../storefront/commerce/order-link'
import type { OrderRow } from './order-rows'

/** The order events that mail the shopper or the shop (decision 0148). */
export type OrderMailEvent = 'placed' | 'shipped' | 'received'

export interface OrderMailEnv {
  mailer: Mailer
  config: Pick<AppConfig, 'publicUrl' | 'publicHost' | 'authSecret'>
}

interface ShopMailRow {
  name: unknown
  subdomain: string
  icon: string | null
  shopEmail: string | null
  phone: string | null
  location: string | null
  timeZone: string | null
  uiDefaultLocale: string | null
  bankTransfer: { accounts?: { bankName: string; name: string; no: string; enabled: boolean }[] } | null
  useTracking?: boolean | null
}

/** The storefront's address: the shop's own host under PUBLIC_HOST, else the app's `/s/{subdomain}`. */
export const storefrontOrigin = (config: OrderMailEnv['config'], subdomain: string) => {
  if (!config.publicHost) return `${config.publicUrl}/s/${subdomain}`
  const protocol = new URL(config.publicUrl).protocol
  return `${protocol}//${subdomain}.${publicHostOf(config)}`
}

/** The shop as its mails show it: name, logo, colour, contact (decision 0147). */
export const shopBrand = async (knex: Knex, shop: string, config: OrderMailEnv['config'], locale: LocaleId) => {
  const row = (await knex('shops')
    .where({ _id: shop })
    .first(
      'name',
      'subdomain',
      'icon',
      'shopEmail',
      'phone',
      'location',
      'timeZone',
      'uiDefaultLocale',
      'bankTransfer',
      'useTracking'
    )) as ShopMailRow
  const settings = (await knex('shopMailSettings').where({ shop }).first('brandColor')) as
    { brandColor: string | null } | undefined
  const origin = storefrontOrigin(config, row.subdomain)
  const brand: ShopBrand = {
    name: pickTran(row.name, locale) || row.subdomain,
    logo: row.icon && /^[0-9a-f]{24}$/.test(row.icon.trim()) ? `${config.publicUrl}/api/thumbs/${row.icon.trim()}` : null,
    color: settings?.brandColor || DEFAULT_BRAND_COLOR,
    email: row.shopEmail,
    phone: row.phone,
    address: row.location,
    url: origin
  }
  return { row, brand, origin, timeZone: shopTimeZone(row) }
}

const paymentOf = async (knex: Knex, shop: string, order: string): Promise<MailOrder['payment']> => {
  const rows = (await knex('payments').where({ shop, order }).select('method')) as { method: string }[]
  const method = rows[0]?.method
  return method === 'bank' || method === 'stripe' ? method : rows.length ? 'other' : 'cash'
}

/** The shopper's language: the one their order confirmation went out in, else the shop's. */
const customerLocale = async (knex: Knex, shop: string, order: string, fallback: LocaleId): Promise<LocaleId> => {
  const row = (await knex(OUTBOX)
    .where({ shop, order, eventKey: `order:${order}:placed:customer` })
    .first('locale')) as { locale: string } | undefined
  return row && isLocaleId(row.locale) ? row.locale : fallback
}

/**
 * Queues the mails an order event makes (decision 0148), in the transaction that made the event, so a
 * rolled-back order mails nobody: placed — the shopper's confirmation (with the bank's details when
 * they pay by transfer) and the shop's notice; shipped — the shipment with its tracking number;
 * received — the shopper's and the shop's. Each has an event key, so a retried call mails nobody twice.
 */
export const enqueueOrderMails = async (
  trx: Knex.Transaction,
  env: OrderMailEnv,
  shop: string,
  order: OrderRow,
  event: OrderMailEvent,
  locale?: LocaleId
) => {
  const email = order.customer?.email?.trim()
  const { row, brand, origin, timeZone } = await shopBrand(trx, shop, env.config, defaultLocale)
  const shopLocale = isLocaleId(row.uiDefaultLocale) ? row.uiDefaultLocale : defaultLocale
  const placedIn = isLocaleId(order.locale) ? order.locale : undefined
  const shopperLocale = locale ?? placedIn ?? (await customerLocale(trx, shop, order._id, shopLocale))
  const payment = await paymentOf(trx, shop, order._id)
  const link = `${origin}/orders/${orderLinkToken(env.config.authSecret, shop, order._id)}`
  const mailOrder = (lang: LocaleId, toShop: boolean): MailOrder => ({
    orderId: order.orderId,
    date: new Date(order.date).toISOString(),
    customerName: order.customer?.name ?? '',
    customerEmail: order.customer?.email ?? null,
    customerPhone: order.customer?.phone ?? null,
    lines: order.products.map((line) => ({
      name: lineTitle(line, lang),
      quantity: line.quantity,
      price: line.price ?? 0,
      total: line.total ?? (line.price ?? 0) * line.quantity
    })),
    subtotal: order.subtotal ?? 0,
    shippingFee: order.shipping?.fee ?? 0,
    discount: order.discount ?? 0,
    total: order.total ?? 0,
    payment,
    shippingMethod: order.shipping?.name ? pickTran(order.shipping.name, lang) : null,
    address: order.ship?.address ?? null,
    tracking: order.ship?.tracking ?? null,
    // The carrier's page only while the shop shows tracking (decision 0178).
    trackingUrl: row.useTracking === true ? (order.ship?.trackingUrl ?? null) : null,
    link: toShop ? null : link,
    bankAccounts:
      payment === 'bank'
        ? (row.bankTransfer?.accounts ?? [])
            .filter((account) => account.enabled)
            .map(({ bankName, name, no }) => ({ bankName, name, no }))
        : undefined
  })
  const send = async (name: ShopMailName, to: string, lang: LocaleId, key: string) => {
    const toShop = name === 'shopOrder' || name === 'shopOrderReceive'
    const data = { brand: { ...brand, name: pickTran(row.name, lang) || brand.name }, order: mailOrder(lang, toShop), timeZone }
    const request: MailRequest = {
      to,
      type: `shop.${name}`,
      locale: lang,
      values: {
        orderId: order.orderId,
        total: order.total ?? 0,
        tracking: order.ship?.tracking ?? '',
        link: toShop ? '' : link
      },
      shop,
      data,
      order: order._id,
      eventKey: `order:${order._id}:${key}`
    }
    try {
      await env.mailer.enqueue(request, trx)
    } catch (error) {
      if (!(error instanceof MailInputError)) throw error
      // A mail that cannot be made does not refuse the order: it shows in the mail log as failed, with why.
      await trx(OUTBOX)
        .insert({
          _id: newObjectId(),
          to,
          type: request.type,
          locale: lang,
          subject: order.orderId,
          html: '',
          text: '',
          values: JSON.stringify(request.values),
          shop,
          order: order._id,
          eventKey: request.eventKey,
          status: 'failed',
          lastError: `[${error.key}] ${error.message}`
        })
        .onConflict()
        .ignore()
    }
  }
  const valid = (address: string | null | undefined): address is string => !!address && /^[^\s@]+@[^\s@]+$/.test(address)
  if (event === 'placed') {
    if (valid(email)) await send(payment === 'bank' ? 'orderBankTransfer' : 'order', email, shopperLocale, 'placed:customer')
    if (valid(row.shopEmail)) await send('shopOrder', row.shopEmail, shopLocale, 'placed:shop')
  } else if (event === 'shipped') {
    if (valid(email)) await send('shipment', email, shopperLocale, 'shipped:customer')
  } else {
    if (valid(email)) await send('orderReceive', email, shopperLocale, 'received:customer')
    if (valid(row.shopEmail)) await send('shopOrderReceive', row.shopEmail, shopLocale, 'received:shop')
  }
}
