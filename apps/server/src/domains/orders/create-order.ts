import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { gatewayOfMethod, type LocaleId, type OrderData, type OrderLine } from '@emporia/shared'
import { reserveMany } from '../stock/stock-ledger'
import { recomputeRank } from '../ranks'
import { earnOrderPoints, earnProductPoints } from '../points'
import { grantProductCoupons } from '../coupons'
import { newObjectId } from '../../platform/http/object-id'
import { loadCheckoutSettings } from './checkout-settings'
import { checkReplay, findIdempotent } from './idempotency'
import { recordEvents, type OrderEventInput } from './order-history'
import { takeOrderId } from './order-numbers'
import { defaultWarehouse, priceOrder, type PricedOrder } from './order-pricing'
import { lockOrder, saveOrder, toColumns, type OrderRow } from './order-rows'
import {
  checkDrawer,
  checkDue,
  checkMethod,
  insertPayments,
  paymentEvent,
  paymentRow,
  type OrderContext,
  type PaymentRow
} from './payments'
import { addSale, paidOrderSale } from '../sales/rollup'
import { checkOrderCustomer, orderCustomerOf } from '../customers/customer-references'
import { loyalty, useRuleLimits } from '../pricing'
import { clerkOf, spendApproval } from '../pos/approvals'
import { checkAgeGate } from './age-gate'

/** What an online checkout adds to an order (decision 0109): delivery, priced by the server. */
export interface OrderExtras {
  shipping?: { method: string | null; name?: OrderLine['name']; fee: number } | null
  /**
   * A `discount` approval given at the till with a manager's PIN (decision 0135): spent in this
   * transaction (a replay spends nothing); the manager's limits and budget then cover the manual discount.
   */
  approvalAtTill?: string | null
  /**
   * A till's `serve` id (decision 0135): the colleague it names takes the order (`admin`) and their limits
   * and budget cover its manual discount; the signed-in account stays the caller everywhere else.
   */
  clerk?: string | null
  /** The language a storefront order is placed in, for the mails that follow it. */
  locale?: LocaleId | null
}

export interface CreatedOrder {
  order: OrderRow
  payments: PaymentRow[]
  /** A retry of a create already made: nothing new was written. */
  replayed: boolean
}

/** A replacement names an order of this shop that was paid for (spec §4.8); the source then names it. */
const checkReplaced = async (trx: Knex.Transaction, shop: string, replaces: string) => {
  const source = await lockOrder(trx, shop, replaces, 'replaces')
  if (source.status === 'unpaid' || source.status === 'void')
    throw new BadRequest('Only a paid order can be replaced', { key: 'order.replaceUnpaid', field: 'replaces' })
  if (source.replacedBy)
    throw new BadRequest('This order has been replaced already', { key: 'order.replacedAlready', field: 'replaces' })
  return source
}

/** Names a payment's field within the order's data: `payments.1.amount`. */
const withinPayment = async <T>(i: number, run: () => Promise<T> | T): Promise<T> => {
  try {
    return await run()
  } catch (error) {
    const data = (error as { data?: { field?: string } }).data
    if (data?.field && !data.field.startsWith('payments.')) data.field = `payments.${i}.${data.field}`
    throw error
  }
}

/**
 * What the engine's answer takes: a use of each limited rule (decision 0186), and from the customer the
 * coupons that unlocked rules and the points paid with.
 */
const consumeLoyalty = async (
  trx: Knex.Transaction,
  data: OrderData,
  priced: PricedOrder,
  order: string,
  ctx: OrderContext,
  now: Date,
  taker: string | null
) => {
  const { shop } = ctx
  await useRuleLimits(trx, shop, priced.pricing.applied, priced.rules.rules)
  const codes = priced.rules.coupons.map((coupon) => coupon.code)
  const customer = data.user ?? null
  if (codes.length)
    await loyalty.useCoupons(trx, shop, codes, {
      order,
      customer,
      admin: taker,
      cashier: data.cashier ?? null,
      now: now.toISOString()
    })
  for (const applied of priced.pricing.applied)
    if (applied.pointsUsed && applied.pointsUsed.points > 0 && customer)
      await loyalty.spendPoints(trx, shop, {
        user: customer,
        pointType: applied.pointsUsed.pointType,
        points: applied.pointsUsed.points,
        order
      })
}

/**
 * Takes an order in one transaction (decisions 0078, 0092): prices it (catalogue, discount rules,
 * manual discount within the staff's budget), uses the coupons and spends the points that pricing
 * took, checks the payments sent with
 * it (the POS checkout) against the total, holds the lines' stock — or, when those payments cover the
 * total with money in hand, holds and sells it in the same ledger pass — gives it the next order id,
 * and writes the order, its payments, its history and its sale. A refusal anywhere rolls all of it
 * back, order number included.
 */
export const createOrder = async (
  trx: Knex.Transaction,
  data: OrderData,
  ctx: OrderContext,
  approvedBy: string | null = null,
  extras: OrderExtras = {}
): Promise<CreatedOrder> => {
  const { shop } = ctx
  const existing = await findIdempotent<OrderRow>(trx, 'orders', shop, data.idempotencyKey)
  if (existing) {
    checkReplay(existing, data)
    const payments = (await trx('payments').where({ shop, order: existing._id }).orderBy('date')) as PaymentRow[]
    return { order: existing, payments, replayed: true }
  }
  const taker = extras.clerk ? await clerkOf(trx, { shop, id: extras.clerk, caller: ctx.user }) : (ctx.user ?? null)
  const managerAtTill = extras.approvalAtTill
    ? await spendApproval(trx, { shop, id: extras.approvalAtTill, cashier: ctx.user, action: 'discount' })
    : null
  const chosen = await checkOrderCustomer(trx, shop, data.user)
  const settings = await loadCheckoutSettings(trx, shop)
  await checkAgeGate(trx, shop, settings, data.products, data.ageConfirmed)
  const fallback = await defaultWarehouse(trx, shop, data.source, settings)
  const now = new Date()
  const _id = newObjectId()
  const priced = await priceOrder(trx, shop, data, settings, fallback, {
    now,
    staff: managerAtTill ?? taker,
    approvedBy: managerAtTill ?? approvedBy,
    managerBudget: !!managerAtTill,
    billing: ctx.billing
  })
  // Delivery is charged on top of the goods' price (never discounted or rounded by their rules).
  const shipping = extras.shipping ?? null
  const total = priced.total + (shipping?.fee ?? 0)
  await consumeLoyalty(trx, data, priced, _id, ctx, now, taker)
  const source = data.replaces ? await checkReplaced(trx, shop, data.replaces) : undefined

  const inputs = data.payments ?? []
  let taken = 0
  const statuses: ('paid' | 'pending')[] = []
  for (const [i, input] of inputs.entries()) {
    await withinPayment(i, () => checkDue(input.amount, total - taken))
    statuses.push(await withinPayment(i, () => checkMethod(input, settings)))
    taken += input.amount
  }
  await withinPayment(0, () => checkDrawer(trx, settings, shop, inputs, data.cashier))
  const paid = inputs.reduce((sum, input, i) => sum + (statuses[i] === 'paid' ? input.amount : 0), 0)
  // A free order (everything discounted) is paid the moment it is taken.
  const settled = paid >= total

  const reservations = await reserveMany(
    trx,
    priced.lines.map((line, i) => ({
      shop,
      warehouse: line.warehouse,
      product: line.product,
      sku: line.sku,
      quantity: line.quantity,
      source: { type: 'order', id: _id },
      fields: {
        warehouse: `products.${i}.warehouse`,
        product: `products.${i}.product`,
        sku: `products.${i}.sku`,
        quantity: `products.${i}.quantity`
      }
    })),
    { env: ctx.env, user: ctx.user, wall: ctx.wall, source: { type: 'order', id: _id } },
    { committed: settled }
  )
  const products: OrderLine[] = priced.lines.map(({ categories: _categories, brand: _brand, tags: _tags, ...line }, i) => ({
    ...line,
    reservation: reservations[i]._id,
    returned: 0
  }))

  const pos = inputs.find((input) => input.method === 'pos')
  const values: Record<string, unknown> = {
    _id,
    shop,
    date: now,
    user: data.user ?? null,
    customer: orderCustomerOf(data.customer, chosen),
    admin: taker,
    cashier: data.cashier ?? null,
    source: data.source,
    status: settled ? 'paid' : 'unpaid',
    warehouse: data.warehouse ?? fallback,
    products,
    subtotal: priced.subtotal,
    discount: priced.discount,
    rounding: priced.rounding,
    total,
    shipping,
    coupons: data.coupons ?? [],
    chosenDiscounts: data.chosenDiscounts ?? [],
    usePoints: data.usePoints ?? null,
    pricing: priced.pricing,
    amount: paid,
    refund: 0,
    methods: [...new Set(inputs.map((input) => input.method))],
    extraMethod: pos?.extraMethod ?? null,
    ship: data.ship ?? null,
    remarks: data.remarks ?? null,
    locale: extras.locale ?? null,
    replaces: data.replaces ?? null,
    ageConfirmed: data.ageConfirmed ?? null,
    idempotencyKey: data.idempotencyKey ?? null
  }
  // The shop's order counter is locked from the moment a number is taken until commit, so every
  // checkout of the shop waits for it: what needs no number (history, sales figures) is written
  // first. A card payment tells its provider the order's number, and a replacement names it in the
  // source's history: those take the number first, as does a gateway's charge (decision 0199).
  const numberFirst =
    Boolean(source) || inputs.some((input) => input.method === 'stripe' || gatewayOfMethod(input.method) !== undefined)
  let orderId = numberFirst ? (await takeOrderId(trx, shop, settings, now)).orderId : ''
  const rows: PaymentRow[] = []
  for (const [i, input] of inputs.entries())
    rows.push(
      await withinPayment(i, () =>
        paymentRow(trx, { _id, orderId, user: data.user, cashier: data.cashier }, input, statuses[i], i + 1, settings, ctx)
      )
    )

  const events: OrderEventInput[] = [
    { shop, order: _id, user: ctx.user, action: 'created', to: 'unpaid', detail: { total } },
    ...rows.map((payment) => paymentEvent(ctx, payment)),
    ...(settled ? [{ shop, order: _id, user: ctx.user, action: 'status' as const, from: 'unpaid', to: 'paid' }] : [])
  ]
  if (source) {
    await saveOrder(trx, source._id, { replacedBy: _id })
    events.push({ shop, order: source._id, user: ctx.user, action: 'replaced', detail: { replacement: _id, orderId } })
  }
  await recordEvents(trx, events)
  // The sales figures change in the same transaction (decision 0082).
  if (settled)
    await addSale(
      trx,
      paidOrderSale(
        { ...(values as Pick<OrderRow, '_id' | 'shop' | 'products'>), date: now.toISOString() } as OrderRow,
        rows.filter((payment) => payment.status === 'paid')
      )
    )

  // A counter sale paid on the spot counts towards the customer's rank at once (decision 0084),
  // before the shop's counter is locked: the order row is not written yet, so its money is given.
  if (settled && data.user)
    await recomputeRank(trx, shop, data.user, 'paid', {
      order: _id,
      wall: ctx.wall,
      env: ctx.env,
      pending: { date: now.toISOString(), amount: paid }
    })
  if (!numberFirst) {
    orderId = (await takeOrderId(trx, shop, settings, now)).orderId
    for (const [i, row] of rows.entries()) Object.assign(row, { orderId, tranID: `${orderId}-${i + 1}` })
  }
  const [order] = (await trx('orders')
    .insert(toColumns({ ...values, orderId }))
    .returning('*')) as OrderRow[]
  const payments = await insertPayments(trx, rows)
  // A counter sale paid on the spot earns its points at once, as a settled order does (decision 0091).
  if (settled) {
    await earnOrderPoints(trx, shop, order, ctx.env)
    // Its products' own points and coupon templates too (decision 0195).
    await earnProductPoints(trx, shop, order, ctx.env)
    await grantProductCoupons(trx, shop, order)
  }
  return { order, payments, replayed: false }
}
