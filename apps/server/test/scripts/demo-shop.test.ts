import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { DEMO_ACCOUNT, seedDemo } from '../../src/scripts/demo-shop'
import { startTestApp, type TestApp } from '../support/test-app'

type Row = Record<string, unknown>
const all = async (app: Application, path: string, query: Row) =>
  (await app.service(path).find({ query, paginate: false })) as Row[]

describe('npm run seed:demo', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp('pglite', { listen: false })
  })
  afterAll(() => t.close())

  it('makes a shop the demo merchant owns, with catalogue, stock and ledger, through the services; a second run changes nothing', async () => {
    const lines: string[] = []
    await seedDemo(t.app as unknown as Application, (line) => lines.push(line))
    const app = t.app as unknown as Application
    const [user] = await all(app, servicePaths.users, { email: DEMO_ACCOUNT.email })
    const [shop] = await all(app, servicePaths.shops, { subdomain: 'demo' })
    expect((shop.users as Row[]).map((member) => [member.user, member.role])).toEqual([[user._id, 'admin']])

    // The main warehouse is the one every shop starts with, not a second one of the same name.
    const warehouses = await all(app, servicePaths.warehouses, { shop: shop._id, $sort: { createdAt: 1 } })
    expect(warehouses.map((w) => (w.name as Row).en)).toEqual(['Main warehouse', 'Kwun Tong shop'])
    expect(shop.eshopWarehouse).toBe(warehouses[0]._id)
    expect(shop.posWarehouse).toBe(warehouses[1]._id)

    const products = await all(app, servicePaths.products, { shop: shop._id })
    expect(products).toHaveLength(6)
    const gaiwan = products.find((p) => (p.name as Row).en === 'Gaiwan') as Row
    expect(gaiwan.cachedInventory).toBe(16)
    // Every unit of stock came in through the ledger, one restock per product and SKU.
    const logs = await all(app, servicePaths.inventoryLogs, { shop: shop._id })
    const stocks = await all(app, servicePaths.stocks, { shop: shop._id })
    expect(logs.filter((log) => log.type !== 'sale')).toHaveLength(stocks.length)
    // Three demo orders: two paid (4 units sold, one sale row per line), one unpaid holding 3 units.
    const orders = await all(app, servicePaths.orders, { shop: shop._id, $sort: { orderId: 1 } })
    expect(orders.map((o) => o.status)).toEqual(['paid', 'prepare', 'unpaid'])
    expect(logs.filter((log) => log.type === 'sale')).toHaveLength(3)
    expect(stocks.reduce((sum, s) => sum + Number(s.quantity), 0)).toBe(40 + 12 + 3 + 16 + 60 - 4)
    expect(stocks.reduce((sum, s) => sum + Number(s.reserved), 0)).toBe(3)

    await seedDemo(app, (line) => lines.push(line))
    expect(await all(app, servicePaths.products, { shop: shop._id })).toHaveLength(6)
    expect(lines[1]).toMatch(/already seeded/)
  })

  it("marks the demo merchant's e-mail verified (nobody reads demo@emporia.local)", async () => {
    const app = t.app as unknown as Application
    await seedDemo(app, () => undefined)
    const [user] = await all(app, servicePaths.users, { email: DEMO_ACCOUNT.email })
    expect(user.verified).toBe(true)
  })
})
