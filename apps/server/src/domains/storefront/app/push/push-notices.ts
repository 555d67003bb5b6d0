import type { Agent } from 'node:https'
import { pickTran, servicePaths, type LocaleId, type OrderStatus } from '@emporia/shared'
import webpush from 'web-push'
import { newObjectId } from '../../../../platform/http/object-id'
import type { Jobs } from '../../../../platform/jobs/queue'
import { commerceTransaction, type Commerce } from '../../commerce/commerce-context'
import type { VapidKeys } from './vapid'

/** The queue of order status notices (decision 0203). */
export const PUSH_JOB = 'push.order-status'

export interface PushNoticeJob {
  shop: string
  order: string
  status: string
}

const STATUS_TEXT: Record<OrderStatus, Record<LocaleId, string>> = {
  unpaid: { en: 'is awaiting payment', cht: '等待付款', chs: '等待付款' },
  paid: { en: 'is paid', cht: '已付款', chs: '已付款' },
  prepare: { en: 'is being prepared', cht: '正在準備', chs: '正在准备' },
  collect: { en: 'is ready to collect', cht: '可以取貨', chs: '可以取货' },
  shipped: { en: 'has shipped', cht: '已發貨', chs: '已发货' },
  received: { en: 'was received', cht: '已收貨', chs: '已收货' },
  done: { en: 'is complete', cht: '已完成', chs: '已完成' },
  refunded: { en: 'was refunded', cht: '已退款', chs: '已退款' },
  void: { en: 'was cancelled', cht: '已取消', chs: '已取消' }
}

/** "Order A001 has shipped" in the customer's language. */
export const noticeText = (orderId: string, status: string, locale: LocaleId) => {
  const said = STATUS_TEXT[status as OrderStatus]?.[locale] ?? status
  return locale === 'en' ? `Order ${orderId} ${said}` : `${locale === 'chs' ? '订单' : '訂單'} ${orderId} ${said}`
}

interface Subscription {
  _id: string
  endpoint: string
  p256dh: string
  auth: string
  locale: LocaleId | null
  scope: string | null
}

/**
 * Sends one order's status to its customer's subscribed browsers, once per order and status: the
 * notice row and the sends are one transaction, so a retry after a failure sends again and a second
 * run after success sends nothing. A subscription the push service says is gone (404, 410) is removed.
 */
export const sendOrderNotice = async (commerce: Commerce, keys: VapidKeys, job: PushNoticeJob, agent?: Agent) =>
  commerceTransaction(commerce, job.shop, async (trx) => {
    const order = (await trx('orders').where({ _id: job.order, shop: job.shop }).first('user', 'status', 'orderId')) as
      { user: string | null; status: string; orderId: string } | undefined
    if (!order?.user || order.status !== job.status) return 0
    const fresh = await trx('pushNotices')
      .insert({ _id: newObjectId(), shop: job.shop, order: job.order, status: job.status })
      .onConflict(['shop', 'order', 'status'])
      .ignore()
      .returning('_id')
    if (!fresh.length) return 0
    const shop = (await trx('shops').where({ _id: job.shop }).first('name', 'appName')) as {
      name: unknown
      appName: string | null
    }
    const subscriptions = (await trx('pushSubscriptions')
      .where({ shop: job.shop, customer: order.user.trim() })
      .select('_id', 'endpoint', 'p256dh', 'auth', 'locale', 'scope')) as Subscription[]
    let sent = 0
    for (const one of subscriptions) {
      const locale = one.locale ?? 'cht'
      const payload = JSON.stringify({
        title: shop.appName ?? pickTran(shop.name, locale),
        body: noticeText(order.orderId, job.status, locale),
        url: `${one.scope ?? '/'}account`
      })
      try {
        await webpush.sendNotification({ endpoint: one.endpoint, keys: { p256dh: one.p256dh, auth: one.auth } }, payload, {
          vapidDetails: keys,
          TTL: 86_400,
          ...(agent ? { agent } : {})
        })
        sent += 1
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode
        if (status === 404 || status === 410) await trx('pushSubscriptions').where({ _id: one._id }).delete()
        else throw error
      }
    }
    return sent
  })

/**
 * Order status changes become notices (decision 0203): each change of an order with a customer sends
 * a job; the job finds whether that status was told already.
 */
export const orderNotices = (commerce: Commerce, jobs: Jobs, keys: () => Promise<VapidKeys>, agent?: Agent) => {
  jobs.define<PushNoticeJob>({
    name: PUSH_JOB,
    policy: 'standard',
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    run: async (data) => sendOrderNotice(commerce, await keys(), data, agent)
  })
  const changed = (record: unknown) => {
    const order = record as { _id?: unknown; shop?: unknown; user?: unknown; status?: unknown } | null
    if (!order || typeof order.user !== 'string' || typeof order.status !== 'string') return
    if (typeof order._id !== 'string' || typeof order.shop !== 'string') return
    const data = { shop: order.shop.trim(), order: order._id.trim(), status: order.status }
    jobs
      .send(PUSH_JOB, data)
      .then(() => jobs.notify(PUSH_JOB))
      .catch(() => undefined)
  }
  for (const event of ['patched', 'updated']) commerce.app.service(servicePaths.orders).on(event, changed)
}
