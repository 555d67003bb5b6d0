import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Socket } from 'socket.io-client'
import { post, shopOwner } from '../../support/accounts'
import { call, connect } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { PATIENCE } from '../../support/waits'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Body = Record<string, unknown>
type Column = Body & { field: string; header: string }
type Answer = { status: number; body: Body & { counts: Record<string, number>; outcomes: Body[]; errorRows: Body[] } }

const names = (field: string, title: string): Column[] => [
  { field, header: `${title} (English)`, kind: 'translatable', lang: 'en' },
  { field, header: `${title} (繁體中文)`, kind: 'translatable', lang: 'cht' },
  { field, header: `${title} (简体中文)`, kind: 'translatable', lang: 'chs' }
]
const ID: Column = { field: '_id', header: 'ID', kind: 'text' }
const UPDATED: Column = { field: 'updatedAt', header: 'Updated', kind: 'date' }

/**
 * Each list's columns as the web's "All fields" export sends them (in English here): its ID, each editor
 * field (a text per language, choices as labels, references as names) and the list's own columns no field
 * covers. The import reads a file back through the same descriptions (decisions 0164, 0172).
 */
const COLUMNS: Record<string, Column[]> = {
  categories: [
    ID,
    ...names('name', 'Name'),
    { field: 'order', header: 'Order', kind: 'number' },
    ...names('desc', 'Description'),
    UPDATED
  ],
  brands: [ID, ...names('name', 'Name'), ...names('desc', 'Description'), UPDATED],
  shopUsers: [
    ID,
    { field: 'title', header: 'Title', kind: 'text' },
    { field: 'firstName', header: 'First name', kind: 'text' },
    { field: 'lastName', header: 'Last name', kind: 'text' },
    { field: 'type', header: 'Type', kind: 'text', enum: { normal: 'Individual', company: 'Company' } },
    { field: 'company', header: 'Company', ref: { path: 'companyUsers', textField: 'name' } },
    { field: 'email', header: 'E-mail', kind: 'text' },
    { field: 'region', header: 'Region', kind: 'text' },
    { field: 'phone', header: 'Phone', kind: 'text' },
    { field: 'date', header: 'Joined', kind: 'date' },
    { field: 'remarks', header: 'Remarks', kind: 'text' },
    { field: 'name', header: 'Name', kind: 'text' },
    { field: 'rank', header: 'Rank', kind: 'text', ref: { path: 'shopRanks', textField: 'name' } },
    { field: 'cachedAmount', header: 'Spent', kind: 'money' }
  ],
  companyUsers: [
    ID,
    { field: 'name', header: 'Name', kind: 'text' },
    { field: 'email', header: 'E-mail', kind: 'text' },
    { field: 'phone', header: 'Phone', kind: 'text' },
    { field: 'date', header: 'Date', kind: 'date' },
    { field: 'address', header: 'Address', kind: 'text' },
    { field: 'subsequentPaymentLimit', header: 'Credit limit', kind: 'money' },
    { field: 'subsequentPaymentPeriod', header: 'Payment period (days)', kind: 'number' },
    { field: 'remarks', header: 'Remarks', kind: 'text' },
    { field: 'outstanding', header: 'Outstanding', kind: 'money' },
    { field: 'payable', header: 'Payable', kind: 'money' },
    // The list's statement link is a column of the record's id.
    { field: '_id', header: 'Statement', kind: 'text' }
  ],
  discounts: [
    ID,
    ...names('name', 'Name'),
    ...names('desc', 'Description'),
    {
      field: 'type',
      header: 'Type',
      kind: 'text',
      enum: { percentage: 'Percentage off', bundle: 'Bundle', fixed: 'Amount off' }
    },
    { field: 'status', header: 'Status', kind: 'text', enum: { valid: 'Valid', draft: 'Draft', overlimit: 'Over limit' } },
    { field: 'avail', header: 'Available in', kind: 'text', enum: { pos: 'POS', eshop: 'Online shop', both: 'Both' } },
    { field: 'priority', header: 'Priority', kind: 'number' },
    { field: 'tag', header: 'Tag', kind: 'text' },
    { field: 'couponCode', header: 'Coupon code', kind: 'text' },
    { field: 'automatic', header: 'Automatic', kind: 'boolean' },
    { field: 'open', header: 'Public', kind: 'boolean' },
    { field: 'product', header: 'Product', ref: { path: 'products', textField: 'name' } },
    { field: 'quantity', header: 'Quantity', kind: 'number' },
    { field: 'percentageDiscount', header: 'Percentage off', kind: 'number' },
    { field: 'minPrice', header: 'Minimum amount', kind: 'money' },
    { field: 'validFrom', header: 'Valid from', kind: 'date' },
    { field: 'validTo', header: 'Valid to', kind: 'date' },
    { field: 'filters.categories', header: 'Categories', ref: { path: 'categories', textField: 'name' } },
    { field: 'exclusive', header: 'Exclusive', kind: 'boolean' }
  ],
  inventories: [
    ID,
    { field: 'warehouse', header: 'Warehouse', ref: { path: 'warehouses' } },
    { field: 'product', header: 'Product', ref: { path: 'products' } },
    { field: 'sku', header: 'SKU', ref: { path: 'products', from: 'product', list: 'skus' } },
    { field: 'quantity', header: 'Quantity', kind: 'number' },
    { field: 'unitPrice', header: 'Unit price', kind: 'money' },
    { field: 'totalPrice', header: 'Total price', kind: 'money' },
    { field: 'supplier', header: 'Supplier', kind: 'text' },
    { field: 'entryDate', header: 'Entry date', kind: 'date' },
    { field: 'expiryDate', header: 'Expiry date', kind: 'date' },
    { field: 'comment', header: 'Comment', kind: 'text' },
    { field: 'createdAt', header: 'Created', kind: 'date' }
  ]
}

describe.each(await dialects())('import targets (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let b: Owner
  /** Shop b's record of each list: no key of it may reach it from shop a. */
  const theirs: Record<string, Body & { _id: string }> = {}
  let warehouseA: string
  let teaA: Body & { _id: string }

  const api = (path: string, owner: Owner, init: RequestInit = {}) =>
    fetch(`${t.url}/api/${path}`, { ...init, headers: { ...(init.headers ?? {}), authorization: `Bearer ${owner.token}` } })
  const create = async (owner: Owner, path: string, data: Body) => {
    const response = await post(t.url, path, data, owner.token, `?shop=${owner.shopId}`)
    if (response.status !== 201) throw new Error(`${path}: ${JSON.stringify(response.body)}`)
    return response.body as Body & { _id: string }
  }
  const read = async (owner: Owner, path: string, id: string) =>
    (await (await api(`${path}/${id}?shop=${owner.shopId}`, owner)).json()) as Body
  const total = async (owner: Owner, path: string) =>
    ((await (await api(`${path}?shop=${owner.shopId}&$limit=0`, owner)).json()) as { total: number }).total
  const exported = async (target: string, format: 'csv' | 'xlsx', owner = a) => {
    const response = await api('export', owner, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        path: target,
        query: { shop: owner.shopId, $sort: { _id: 1 } },
        format,
        locale: 'en',
        columns: COLUMNS[target]
      })
    })
    expect(response.status).toBe(200)
    return Buffer.from(await response.arrayBuffer())
  }
  const exportCsv = async (target: string, owner = a) => new TextDecoder().decode(await exported(target, 'csv', owner))
  const sockets = new Map<Owner, Promise<Socket>>()
  const socketOf = (owner: Owner) => {
    if (!sockets.has(owner))
      sockets.set(
        owner,
        connect(t.url).then(async (socket) => {
          await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: owner.token })
          return socket
        })
      )
    return sockets.get(owner)!
  }
  /** A run (decision 0170) once its job has finished. */
  const finished = async (run: Body, owner: Owner): Promise<Answer> => {
    let body: Answer['body'] = run as Answer['body']
    await expect
      .poll(async () => {
        body = (await (await api(`imports/${String(run._id)}?shop=${owner.shopId}`, owner)).json()) as Answer['body']
        return ['done', 'failed', 'cancelled'].includes(String(body.status))
      }, PATIENCE)
      .toBe(true)
    return { status: 200, body }
  }
  /** Uploads the sheet as a preview and, with `dryRun: false`, imports it after that preview. */
  const importOf = async (
    target: string,
    content: string | Buffer,
    options: Body = {},
    owner = a,
    name = `${target}.csv`
  ): Promise<Answer> => {
    const { dryRun = true, ...rest } = options
    const form = new FormData()
    form.append('request', JSON.stringify({ shop: owner.shopId, target, columns: COLUMNS[target], dryRun, ...rest }))
    form.append('file', new Blob([content]), name)
    const response = await api('imports', owner, { method: 'POST', body: form })
    const body = (await response.json()) as Answer['body']
    // An answer of its own (200) is the summary itself; a run (201) is followed until its job is done.
    if (response.status !== 201) return { status: response.status, body }
    const preview = await finished(body, owner)
    if (dryRun) return preview
    // The import after its preview: a run over the preview's file, created as the screen does, over its socket.
    const run = await call(await socketOf(owner), 'create', 'imports', { from: body._id, dryRun: false }, { shop: owner.shopId })
    return finished(run, owner)
  }
  const problems = (answer: Answer) => answer.body.errorRows.map((row) => (row.problems as Body[])[0])

  /** Exported, then read back as its preview: nothing new, nothing modified, every record unchanged. */
  const roundTrip = async (target: string) => {
    const csv = await exportCsv(target)
    const records = await total(a, target)
    expect(records).toBeGreaterThan(0)
    const back = await importOf(target, csv)
    expect(back.status).toBe(200)
    expect(back.body.errorRows).toEqual([])
    expect(back.body.counts).toEqual({ new: 0, modified: 0, unchanged: records, errors: 0 })
    return csv
  }
  /**
   * Shop b's record through its ID from shop a: never found in shop a, and left as it was. Where a list
   * keeps external IDs (decision 0174) the row is a record of shop a's own (new, or refused for what it
   * lacks); stock entries refuse the ID.
   */
  const notTheirs = async (target: string, field: string, value: string) => {
    const header = COLUMNS[target].find((column) => column.field === field)!.header
    const before = await read(b, target, theirs[target]._id)
    const sneaky = await importOf(target, `ID,${header}\n${theirs[target]._id},${value}\n`, { dryRun: false })
    expect(sneaky.body.counts.modified + sneaky.body.counts.unchanged).toBe(0)
    expect(sneaky.body.counts.new + sneaky.body.counts.errors).toBe(1)
    if (target === 'inventories') expect(problems(sneaky)[0].key).toBe('import.keyUnknown')
    else expect(problems(sneaky).map((problem) => problem.key)).not.toContain('import.keyUnknown')
    expect(await read(b, target, theirs[target]._id)).toEqual(before)
  }

  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Importer')
    b = await shopOwner(t.url, 'Other')
    warehouseA = (await create(a, 'warehouses', { name: 'Main' }))._id
    teaA = await create(a, 'products', {
      name: { en: 'Tea', cht: '茶' },
      price: 1000,
      skus: [
        { id: 'S', name: 'Small', price: 900 },
        { id: 'L', name: 'Large', price: 1200 }
      ]
    })
    theirs.categories = await create(b, 'categories', { name: { en: 'Cocoa', cht: '可可' }, order: 1 })
    theirs.brands = await create(b, 'brands', { name: 'Theirs' })
    theirs.shopUsers = await create(b, 'shopUsers', { firstName: 'Bea', email: 'bea@example.com', phone: '91234567' })
    theirs.companyUsers = await create(b, 'companyUsers', { name: 'Their Ltd', subsequentPaymentLimit: 100 })
    theirs.discounts = await create(b, 'discounts', {
      name: 'Theirs',
      type: 'percentage',
      status: 'draft',
      avail: 'both',
      percentageDiscount: 5,
      couponCode: 'THEIRS'
    })
    const warehouseB = (await create(b, 'warehouses', { name: 'Main' }))._id
    const productB = (await create(b, 'products', { name: 'Tea', price: 1 }))._id
    theirs.inventories = await create(b, 'inventories', { warehouse: warehouseB, product: productB, quantity: 3, supplier: 'B' })
  })
  afterAll(async () => {
    for (const socket of sockets.values()) (await socket).close()
    await t?.close()
  })

  it('categories: round trip, found by name in any language, a name of two records refused naming both', async () => {
    const tea = await create(a, 'categories', { name: { en: 'Tea', cht: '茶', chs: '茶' }, order: 2, desc: 'Leaves' })
    await create(a, 'categories', { name: 'Coffee', order: 3 })
    await roundTrip('categories')

    // No ID column: the name finds the record (in any of its languages); an unknown name is a new one.
    const byName = await importOf('categories', 'Name (繁體中文),Order\n茶,7\nJuice,1\n', { dryRun: false })
    expect(byName.body.counts).toEqual({ new: 1, modified: 1, unchanged: 0, errors: 0 })
    expect((await read(a, 'categories', tea._id)).order).toBe(7)

    const twin = await create(a, 'categories', { name: 'tea' })
    const twice = await importOf('categories', 'Name (English),Order\nTea,8\n')
    expect(problems(twice)[0].key).toBe('import.refAmbiguous')
    expect(String(problems(twice)[0].message)).toContain(tea._id)
    expect(String(problems(twice)[0].message)).toContain(twin._id)

    // A template's key column of the name (no language given) finds the record by name too.
    const template = await create(a, 'importTemplates', {
      name: 'Category sheet',
      targetRoute: 'categories',
      headerRow: 1,
      dataStartRow: 2,
      mappings: [
        { field: 'name', header: 'Category', sourceType: 'single', key: true },
        { field: 'order', header: 'Sort', sourceType: 'single' }
      ]
    })
    const templated = await importOf('categories', 'Category,Sort\ncoffee,4\n', { template: template._id })
    expect(templated.body.counts).toEqual({ new: 0, modified: 1, unchanged: 0, errors: 0 })
    expect(templated.body.outcomes[0].changes).toEqual(expect.arrayContaining([{ field: 'order', from: 3, to: 4 }]))

    await notTheirs('categories', 'order', '9')
    // Their category's name is not a record of this shop: a new one here, theirs untouched.
    const named = await importOf('categories', 'Name (English),Order\nCocoa,9\n')
    expect(named.body.counts).toEqual({ new: 1, modified: 0, unchanged: 0, errors: 0 })
  })

  it('brands: round trip, found by name, a name of two records refused naming both', async () => {
    const acme = await create(a, 'brands', { name: { en: 'Acme', cht: '艾美' }, desc: { en: 'Tools' } })
    await roundTrip('brands')
    const changed = await importOf('brands', 'Name (English),Description (English)\nAcme,Better tools\n', { dryRun: false })
    expect(changed.body.counts).toEqual({ new: 0, modified: 1, unchanged: 0, errors: 0 })
    expect((await read(a, 'brands', acme._id)).desc).toMatchObject({ en: 'Better tools' })

    const twin = await create(a, 'brands', { name: 'ACME' })
    const twice = await importOf('brands', 'Name (English),Description (English)\nacme,x\n')
    expect(problems(twice)[0].key).toBe('import.refAmbiguous')
    expect(String(problems(twice)[0].message)).toContain(twin._id)
    await notTheirs('brands', 'name', 'Mine now')
  })

  it('customers: round trip, found by e-mail or phone, a company name of two records refused naming both', async () => {
    const company = await create(a, 'companyUsers', { name: 'Acme Ltd' })
    const ann = await create(a, 'shopUsers', {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '61234567',
      type: 'company',
      company: company._id,
      date: '2026-01-02T03:04:05.000Z'
    })
    await create(a, 'shopUsers', { firstName: 'Ben', phone: '62345678' })
    await roundTrip('shopUsers')

    const byKeys = await importOf('shopUsers', 'E-mail,Phone,Remarks\nann@example.com,,VIP\n,62345678,Regular\n,63456789,New\n', {
      dryRun: false
    })
    expect(byKeys.body.counts).toEqual({ new: 1, modified: 2, unchanged: 0, errors: 0 })
    expect((await read(a, 'shopUsers', ann._id)).remarks).toBe('VIP')
    // Without an ID, an e-mail and a phone of two different customers name no one record.
    const both = await importOf('shopUsers', 'E-mail,Phone,Remarks\nann@example.com,62345678,Both\n')
    expect(problems(both)[0].key).toBe('import.keyConflict')

    const twin = await create(a, 'companyUsers', { name: 'acme ltd' })
    const twice = await importOf('shopUsers', `ID,Company\n${ann._id},Acme Ltd\n`)
    expect(problems(twice)[0].key).toBe('import.refAmbiguous')
    expect(String(problems(twice)[0].message)).toContain(company._id)
    expect(String(problems(twice)[0].message)).toContain(twin._id)
    await api(`companyUsers/${twin._id}?shop=${a.shopId}`, a, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Acme Holdings' })
    })

    await notTheirs('shopUsers', 'remarks', 'Mine now')
    // Their customer's e-mail finds nothing here: a customer of this shop is made, theirs is untouched.
    const mail = await importOf('shopUsers', 'E-mail,Remarks\nbea@example.com,Mine\n')
    expect(mail.body.counts).toEqual({ new: 1, modified: 0, unchanged: 0, errors: 0 })
  })

  it('company users: round trip, found by name, a name of two records refused naming both', async () => {
    const supplier = await create(a, 'companyUsers', {
      name: 'Leaf Supply',
      email: 'leaf@example.com',
      subsequentPaymentLimit: 50000,
      subsequentPaymentPeriod: 30,
      date: '2026-02-01T00:00:00.000Z'
    })
    await roundTrip('companyUsers')
    const byName = await importOf('companyUsers', 'Name,Credit limit\nLeaf Supply,600.00\n', { dryRun: false })
    expect(byName.body.counts).toEqual({ new: 0, modified: 1, unchanged: 0, errors: 0 })
    expect((await read(a, 'companyUsers', supplier._id)).subsequentPaymentLimit).toBe(60000)

    const twin = await create(a, 'companyUsers', { name: 'Leaf Supply' })
    const twice = await importOf('companyUsers', 'Name,Credit limit\nLeaf Supply,1\n')
    expect(problems(twice)[0].key).toBe('import.keyAmbiguous')
    expect(String(problems(twice)[0].message)).toContain(supplier._id)
    expect(String(problems(twice)[0].message)).toContain(twin._id)
    await notTheirs('companyUsers', 'subsequentPaymentLimit', '1')
  })

  it('discounts: round trip, found by coupon code, a product name of two records refused naming both', async () => {
    const category = await create(a, 'categories', { name: 'Herbal' })
    const rule = await create(a, 'discounts', {
      name: { en: '10% off', cht: '九折' },
      type: 'percentage',
      status: 'valid',
      avail: 'both',
      percentageDiscount: 10,
      couponCode: 'TEN',
      validFrom: '2026-01-01T00:00:00.000Z',
      filters: { categories: [category._id] }
    })
    await roundTrip('discounts')
    const byCode = await importOf('discounts', 'Coupon code,Percentage off\nTEN,15\n', { dryRun: false })
    expect(byCode.body.counts).toEqual({ new: 0, modified: 1, unchanged: 0, errors: 0 })
    expect((await read(a, 'discounts', rule._id)).percentageDiscount).toBe(15)

    // A property of an object field (the goods filters' categories) is written into it, the rest kept.
    const green = await create(a, 'categories', { name: 'Green' })
    const goods = await importOf('discounts', `ID,Categories\n${rule._id},"Herbal, Green"\n`, { dryRun: false })
    expect(goods.body.counts).toEqual({ new: 0, modified: 1, unchanged: 0, errors: 0 })
    expect((await read(a, 'discounts', rule._id)).filters).toMatchObject({ categories: [category._id, green._id] })
    expect((await importOf('discounts', await exportCsv('discounts'))).body.counts).toMatchObject({ new: 0, modified: 0 })

    const rooibos = await create(a, 'products', { name: 'Rooibos', price: 1 })
    const twin = await create(a, 'products', { name: { en: 'Red tea', cht: 'rooibos' }, price: 1 })
    const twice = await importOf('discounts', `ID,Product\n${rule._id},Rooibos\n`)
    expect(problems(twice)[0].key).toBe('import.refAmbiguous')
    expect(String(problems(twice)[0].message)).toContain(rooibos._id)
    expect(String(problems(twice)[0].message)).toContain(twin._id)
    await notTheirs('discounts', 'percentageDiscount', '50')
  })

  it('stock entries: round trip, a new row restocks through the ledger, an entry keeps its quantity', async () => {
    const stockOf = async () => {
      const page = (await (await api(`stocks?shop=${a.shopId}&product=${teaA._id}&sku=L`, a)).json()) as {
        data: { quantity: number }[]
      }
      return page.data.reduce((sum, row) => sum + row.quantity, 0)
    }
    const entry = await create(a, 'inventories', {
      warehouse: warehouseA,
      product: teaA._id,
      sku: 'S',
      quantity: 4,
      unitPrice: 250,
      supplier: 'Leaf Supply'
    })
    const csv = await roundTrip('inventories')
    expect(csv).toContain('Small')
    const logs = await total(a, 'inventoryLogs')

    // A new row (no ID) names warehouse, product and SKU: one restock in the ledger, stock up by 5.
    const before = await stockOf()
    const added = await importOf('inventories', 'Warehouse,Product,SKU,Quantity,Unit price\nMain,Tea,Large,5,2.00\n', {
      dryRun: false
    })
    expect(added.body.counts).toEqual({ new: 1, modified: 0, unchanged: 0, errors: 0 })
    expect(await stockOf()).toBe(before + 5)
    expect(await total(a, 'inventoryLogs')).toBe(logs + 1)

    // An existing entry takes its paperwork, never another quantity.
    const paper = await importOf('inventories', `ID,Supplier\n${entry._id},Tea House\n`, { dryRun: false })
    expect(paper.body.counts).toEqual({ new: 0, modified: 1, unchanged: 0, errors: 0 })
    const more = await importOf('inventories', `ID,Quantity\n${entry._id},40\n`, { dryRun: false })
    expect(problems(more)[0]).toMatchObject({ key: 'import.notChangeable', field: 'quantity' })
    expect((await read(a, 'inventories', entry._id)).quantity).toBe(4)

    // A SKU name the product does not have, and a warehouse name of two warehouses.
    const unknown = await importOf('inventories', 'Warehouse,Product,SKU,Quantity\nMain,Tea,Huge,1\n')
    expect(problems(unknown)[0]).toMatchObject({ key: 'import.refUnknown', field: 'SKU' })
    const twin = await create(a, 'warehouses', { name: 'main' })
    const twice = await importOf('inventories', 'Warehouse,Product,SKU,Quantity\nMain,Tea,Large,1\n')
    expect(problems(twice)[0].key).toBe('import.refAmbiguous')
    expect(String(problems(twice)[0].message)).toContain(warehouseA)
    expect(String(problems(twice)[0].message)).toContain(twin._id)
    await api(`warehouses/${twin._id}?shop=${a.shopId}`, a, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Back room' })
    })
    await notTheirs('inventories', 'supplier', 'A')
  })

  it("reads each list's XLSX export back as unchanged: dates as date cells, amounts as numbers", async () => {
    for (const target of Object.keys(COLUMNS)) {
      const back = await importOf(target, await exported(target, 'xlsx'), {}, a, `${target}.xlsx`)
      // The run's state first: a run that failed says why (its problem), not only that it counted nothing.
      expect({ status: back.body.status, problem: back.body.problem ?? null }, target).toEqual({ status: 'done', problem: null })
      expect(back.body.errorRows, target).toEqual([])
      expect(back.body.counts, target).toEqual({ new: 0, modified: 0, unchanged: await total(a, target), errors: 0 })
    }
  })
})
