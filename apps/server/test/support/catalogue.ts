import { newObjectId } from '../../src/platform/http/object-id'
import type { shopOwner } from './accounts'
import { json } from './clients'
import type { TestApp } from './test-app'

type Owner = Pick<Awaited<ReturnType<typeof shopOwner>>, 'token' | 'shopId'>

/** A warehouse of the owner's shop, made over REST as a merchant makes one. */
export const makeWarehouse = async (t: TestApp, owner: Owner, name = 'Main store') => {
  const made = await json(`${t.url}/api/warehouses?shop=${owner.shopId}`, {
    method: 'POST',
    token: owner.token,
    body: JSON.stringify({ name })
  })
  if (made.status !== 201) throw new Error(`warehouse create failed: ${JSON.stringify(made.body)}`)
  return (made.body as { _id: string })._id
}

/**
 * A product of the owner's shop: over REST when the products service exists, else a row written
 * straight to the table (the inventory only needs the row; the catalogue service came later).
 */
export const makeProduct = async (t: TestApp, owner: Owner, fields: Record<string, unknown> = {}): Promise<string> => {
  const data = { name: { en: 'Jasmine tea' }, price: 1500, ...fields }
  if (t.app.services.products) {
    const made = await json(`${t.url}/api/products?shop=${owner.shopId}`, {
      method: 'POST',
      token: owner.token,
      body: JSON.stringify(data)
    })
    if (made.status !== 201) throw new Error(`product create failed: ${JSON.stringify(made.body)}`)
    return (made.body as { _id: string })._id
  }
  const row: Record<string, unknown> = { _id: newObjectId(), shop: owner.shopId }
  for (const [key, value] of Object.entries(data))
    row[key] = value !== null && typeof value === 'object' ? JSON.stringify(value) : value
  await t.db.knex('products').insert(row)
  return String(row._id)
}

/** A warehouse, a product and some stock of it in the owner's shop (restocked through `inventories`). */
export const stockedProduct = async (t: TestApp, owner: Owner, quantity = 10, fields: Record<string, unknown> = {}) => {
  const warehouse = await makeWarehouse(t, owner)
  const product = await makeProduct(t, owner, fields)
  const entry = await json(`${t.url}/api/inventories?shop=${owner.shopId}`, {
    method: 'POST',
    token: owner.token,
    body: JSON.stringify({ warehouse, product, quantity })
  })
  if (entry.status !== 201) throw new Error(`restock failed: ${JSON.stringify(entry.body)}`)
  return {
    warehouse,
    product,
    inventory: (entry.body as { _id: string; lot?: string })._id,
    lot: (entry.body as { lot?: string }).lot
  }
}
