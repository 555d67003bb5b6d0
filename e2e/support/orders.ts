import type { Merchant } from './api'
import { seedProduct, seedRestock } from './catalogue'
import { createRecord } from './records'

/** Orders and payments made over REST, where the UI is not what a test is about (decision 0078). */
export interface OrderRecord {
  _id: string
  orderId: string
  status: string
  total: number
  amount: number
  refund: number
  products: { product: string; name: unknown; quantity: number; returned?: number }[]
}

export interface PaymentRecord {
  _id: string
  order: string
  tranID: string
  method: string
  amount: number
  status: string
  change?: number | null
}

/** The shop's first warehouse (a new shop starts with its main one). */
export const mainWarehouse = async (baseUrl: string, who: Merchant) => {
  const response = await fetch(`${baseUrl}/api/warehouses?shop=${who.shop!._id}&$sort[createdAt]=1&$limit=1`, {
    headers: { authorization: `Bearer ${who.session.accessToken}` }
  })
  const page = (await response.json()) as { data: { _id: string }[] }
  if (!page.data?.[0]) throw new Error('The shop has no warehouse')
  return page.data[0]._id
}

/** A product with stock in the shop's main warehouse. */
export const stockedProduct = async (baseUrl: string, who: Merchant, name: string, price: number, quantity: number) => {
  const product = await seedProduct(baseUrl, who, { name: { en: name }, price })
  await seedRestock(baseUrl, who, { warehouse: await mainWarehouse(baseUrl, who), product: product._id, quantity })
  return product
}

export const createOrder = async (baseUrl: string, who: Merchant, data: Record<string, unknown>) =>
  (await createRecord(baseUrl, who, 'orders', data)) as unknown as OrderRecord

/**
 * An online order as a customer places it: through the storefront's checkout, cash on pick-up (the
 * orders service takes no `eshop` orders from outside, decision 0117). The order starts in `prepare`.
 */
export const onlineOrder = async (baseUrl: string, who: Merchant, lines: { product: string; quantity: number }[]) => {
  await patchShop(baseUrl, who, { pickUp: { enabled: true, address: '1 Queen’s Road' } })
  const response = await fetch(`${baseUrl}/s/${who.shop!.subdomain}/_commerce/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      lines,
      customer: { firstName: 'Mei', lastName: 'Chan', email: 'mei@example.com', phone: '+852 9123 4567' },
      payment: 'cash',
      idempotencyKey: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`
    })
  })
  if (response.status !== 201) throw new Error(`checkout answered ${response.status}: ${await response.text()}`)
  return ((await response.json()) as { order: OrderRecord }).order
}

export const pay = async (baseUrl: string, who: Merchant, data: Record<string, unknown>) =>
  (await createRecord(baseUrl, who, 'payments', data)) as unknown as PaymentRecord

/** Shop settings the order screens read (address, contact, invoiceType, payment methods). */
export const patchShop = async (baseUrl: string, who: Merchant, data: Record<string, unknown>) => {
  const response = await fetch(`${baseUrl}/api/shops/${who.shop!._id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${who.session.accessToken}` },
    body: JSON.stringify(data)
  })
  if (!response.ok) throw new Error(`PATCH shops answered ${response.status}: ${await response.text()}`)
}
