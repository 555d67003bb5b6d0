import type { Application, Params } from '@feathersjs/feathers'
import { servicePaths, toCents } from '@emporia/shared'

/** The demo account `npm run seed:demo` (or SEED_DEMO=1) creates; printed so a merchant can sign in. */
export const DEMO_ACCOUNT = { email: 'demo@emporia.local', password: 'emporia-demo' }

type Text = { en: string; cht: string; chs: string }
const text = (en: string, cht: string, chs: string): Text => ({ en, cht, chs })

const CATEGORIES = [text('Tea', '茶葉', '茶叶'), text('Teaware', '茶具', '茶具'), text('Snacks', '小食', '小食')]
const BRANDS = [text('Leaf & Co', '葉子', '叶子'), text('Harbour Kiln', '港窯', '港窑')]
/** Besides the main warehouse every new shop starts with (docs/decisions/0070). */
const BRANCHES = [text('Kwun Tong shop', '觀塘店', '观塘店')]

interface DemoProduct {
  name: Text
  price: string
  category: number
  brand: number
  posCode: string
  skus?: { name: Text; code: string; price: string }[]
  stock: number
}

const PRODUCTS: DemoProduct[] = [
  {
    name: text('Tieguanyin oolong 150 g', '鐵觀音 150克', '铁观音 150克'),
    price: '128',
    category: 0,
    brand: 0,
    posCode: '4890000000017',
    stock: 40
  },
  {
    name: text('Pu-erh cake 357 g', '普洱茶餅 357克', '普洱茶饼 357克'),
    price: '268',
    category: 0,
    brand: 0,
    posCode: '4890000000024',
    stock: 12
  },
  {
    name: text('Jasmine green tea 100 g', '茉莉綠茶 100克', '茉莉绿茶 100克'),
    price: '88',
    category: 0,
    brand: 0,
    posCode: '4890000000031',
    stock: 3
  },
  {
    name: text('Gaiwan', '蓋碗', '盖碗'),
    price: '180',
    category: 1,
    brand: 1,
    posCode: '4890000000048',
    skus: [
      { name: text('White', '白色', '白色'), code: '4890000000055', price: '180' },
      { name: text('Celadon', '青瓷', '青瓷'), code: '4890000000062', price: '220' }
    ],
    stock: 8
  },
  { name: text('Clay teapot', '紫砂壺', '紫砂壶'), price: '560', category: 1, brand: 1, posCode: '4890000000079', stock: 0 },
  { name: text('Almond cookies', '杏仁餅', '杏仁饼'), price: '45.5', category: 2, brand: 0, posCode: '4890000000086', stock: 60 }
]

/**
 * A demo shop with categories, brands, warehouses, products and stock, created through the services
 * (so every rule and ledger entry is as real as a merchant's). Running it twice changes nothing.
 */
export const seedDemo = async (app: Application, log: (line: string) => void = console.log) => {
  const users = app.service(servicePaths.users)
  const found = (await users.find({ query: { email: DEMO_ACCOUNT.email, $limit: 1 }, paginate: false })) as { _id: string }[]
  if (found.length) {
    log(`Demo shop already seeded: sign in as ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`)
    return
  }
  const created = (await users.create({ ...DEMO_ACCOUNT, agreeTerms: true })) as { _id: string; email: string }
  // No one reads demo@emporia.local: the account is verified here, or invitations and other
  // verified-only flows would refuse the demo merchant (decision 0067).
  const user = (await users.patch(created._id, { verified: true })) as { _id: string; email: string }
  // Calls run as the demo merchant would make them (provider set, already authenticated), so the
  // same hooks, rules and ledger entries apply as to a signed-in request.
  const as: Params & { user: { _id: string } } = { user, provider: 'seed', authenticated: true }
  const shop = (await app
    .service(servicePaths.shops)
    .create({ name: text('Emporia Tea House', 'Emporia 茶館', 'Emporia 茶馆'), subdomain: 'demo' }, as)) as { _id: string }
  const inShop: Params = { ...as, query: { shop: shop._id } }
  const make = async (path: string, records: Record<string, unknown>[]) =>
    (await app.service(path).create(
      records.map((record) => ({ ...record, shop: shop._id })),
      inShop
    )) as { _id: string }[]

  const categories = await make(
    servicePaths.categories,
    CATEGORIES.map((name, order) => ({ name, order }))
  )
  const brands = await make(
    servicePaths.brands,
    BRANDS.map((name) => ({ name }))
  )
  const [main] = (await app
    .service(servicePaths.warehouses)
    .find({ ...inShop, query: { shop: shop._id, $sort: { createdAt: 1 }, $limit: 1 }, paginate: false })) as { _id: string }[]
  const warehouses = [
    main,
    ...(await make(
      servicePaths.warehouses,
      BRANCHES.map((name) => ({ name }))
    ))
  ]
  await app.service(servicePaths.shops).patch(
    shop._id,
    {
      posWarehouse: warehouses[1]._id,
      eshopWarehouse: warehouses[0]._id,
      lowStock: true,
      lowStockThres: 5,
      posExtraPaymentMethods: [{ name: 'Octopus' }],
      bankTransfer: {
        enabled: true,
        accounts: [{ bankName: 'HSBC', name: 'Emporia Tea House Ltd', no: '004-123-456789-001', enabled: true }]
      }
    },
    as
  )
  const sold: { _id: string; price: number }[] = []

  for (const product of PRODUCTS) {
    const created = (await app.service(servicePaths.products).create(
      {
        shop: shop._id,
        name: product.name,
        price: toCents(product.price),
        categories: [categories[product.category]._id],
        category: categories[product.category]._id,
        brand: brands[product.brand]._id,
        posCode: product.posCode,
        skus: product.skus?.map((sku, i) => ({ id: `sku${i + 1}`, name: sku.name, code: sku.code, price: toCents(sku.price) }))
      },
      inShop
    )) as { _id: string; skus?: unknown[] }
    if (!product.stock) continue
    if (!product.skus) sold.push({ _id: created._id, price: toCents(product.price) })
    for (const sku of product.skus?.map((_, i) => `sku${i + 1}`) ?? ['']) {
      await app.service(servicePaths.inventories).create(
        {
          shop: shop._id,
          warehouse: warehouses[0]._id,
          product: created._id,
          sku,
          quantity: product.stock,
          unitPrice: Math.round(toCents(product.price) / 2),
          supplier: 'Demo supplier'
        },
        inShop
      )
    }
  }
  // A few orders, so the dashboard, the lists and the charts have something to show (decision 0078).
  const orders = app.service(servicePaths.orders)
  const line = (i: number, quantity: number) => ({ product: sold[i % sold.length]._id, quantity, warehouse: warehouses[0]._id })
  const total = (lines: { product: string; quantity: number }[]) =>
    lines.reduce((sum, l) => sum + (sold.find((p) => p._id === l.product)?.price ?? 0) * l.quantity, 0)
  const counter = [line(0, 2), line(1, 1)]
  await orders.create(
    { source: 'pos', products: counter, payments: [{ method: 'pos', extraMethod: 'Octopus', amount: total(counter) }] },
    inShop
  )
  const online = [line(2, 1)]
  // Only the server itself makes online orders (decision 0117): these two are its own calls.
  const byServer: Params = { ...inShop, provider: undefined }
  const paid = (await orders.create(
    { source: 'eshop', products: online, payments: [{ method: 'credit', amount: total(online) }] },
    byServer
  )) as {
    _id: string
  }
  await orders.patch(paid._id, { status: 'prepare' }, inShop)
  await orders.create(
    { source: 'eshop', products: [line(3, 3)], customer: { name: 'Chan Tai Man', phone: '9123 4567' } },
    byServer
  )
  log(`Demo shop seeded: sign in as ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`)
}
