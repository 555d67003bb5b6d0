import { benchUserToken } from './auth'
import type { ChildHandle } from './child'

export interface ShopOptions {
  products: number
  /** Units each product is restocked with (through `inventories`, as the web app does). */
  stock: number
  name?: string
  /** Price in cents of product i; 1000 for every product unless given. */
  price?: (i: number) => number
  /** Products made at once (the machine has 2 cores; a few in flight hide the round trips). */
  parallel?: number
  /** Sign in as this user's token instead of registering a new one (a second shop of the same merchant). */
  token?: string
}

export interface BenchShop {
  token: string
  shop: string
  warehouse: string
  products: string[]
  prices: number[]
}

/** A merchant's shop as the web app makes it: account, shop, products, one restock each into its warehouse. */
export const prepareShop = async (server: ChildHandle, options: ShopOptions): Promise<BenchShop> => {
  const token = options.token ?? (await benchUserToken(server.url))
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
  const create = async (path: string, body: unknown) => {
    const response = await fetch(`${server.url}/api/${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
    const json = (await response.json()) as { _id: string }
    if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(json)}`)
    return json._id
  }
  const name = options.name ?? 'Stock bench'
  const shop = await create('shops', { name, subdomain: `bench${Date.now()}${Math.random().toString(36).slice(2, 6)}` })
  // A new shop comes with a warehouse, the one orders take goods from by default; made here if not.
  const listed = await fetch(`${server.url}/api/warehouses?shop=${shop}&$sort[createdAt]=1&$sort[_id]=1&$limit=1`, { headers })
  const first = ((await listed.json()) as { data?: { _id: string }[] }).data?.[0]?._id
  const warehouse = first ?? (await create(`warehouses?shop=${shop}`, { name: 'Main' }))
  const prices = Array.from({ length: options.products }, (_, i) => options.price?.(i) ?? 1000)
  const products: string[] = new Array<string>(options.products)
  let next = 0
  const worker = async () => {
    while (next < options.products) {
      const i = next++
      const product = await create(`products?shop=${shop}`, { name: { en: `Bench product ${i}` }, price: prices[i] })
      await create(`inventories?shop=${shop}`, { warehouse, product, quantity: options.stock })
      products[i] = product
    }
  }
  await Promise.all(Array.from({ length: options.parallel ?? 1 }, worker))
  return { token, shop, warehouse, products, prices }
}
