import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { call, connect } from '../../support/clients'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { client, putStock, type Owner } from '../../support/catalogue-support'

type Page = { total: number; data: { _id: string; name?: unknown; inventories?: unknown[]; skus?: { quantity?: number }[] }[] }

describe.each(await dialects())('product lists, search and batch status (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let api: ReturnType<typeof client>
  const ids: Record<string, string> = {}
  let tea = ''
  let cake = ''
  let brand = ''
  let tag = ''
  let warehouse = ''

  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Lists')
    api = client(t, owner)
    tea = (await api.made('categories', { name: 'Tea' }))._id
    cake = (await api.made('categories', { name: 'Cake' }))._id
    brand = (await api.made('brands', { name: 'Leaf' }))._id
    tag = (await api.made('tags', { name: 'New' }))._id
    warehouse = (await api.made('warehouses', { name: 'Main' }))._id
    const make = async (key: string, body: Record<string, unknown>) => (ids[key] = (await api.made('products', body))._id)
    await make('jasmine', {
      name: { en: 'Jasmine Green Tea', cht: '茉莉綠茶', chs: '茉莉绿茶' },
      price: 100,
      posCode: 'JGT-01',
      categories: [tea],
      brand,
      tags: [tag],
      avail: 'pos'
    })
    await make('oolong', {
      name: { en: 'Milk Oolong', cht: '奶香烏龍' },
      price: 200,
      categories: [tea],
      skus: [{ id: 'tin', name: { en: 'Gift tin', cht: '禮盒' }, code: 'MO-TIN' }]
    })
    await make('cake', { name: 'Mooncake 100% lotus', price: 300, categories: [cake], status: 'draft', avail: 'eshop' })
    await make('under', { name: 'Under_score cake', price: 400, categories: [cake, tea] })
    await make('dots', { name: 'Dot.star*cake', price: 500 })
    await t.db.knex('products').where({ _id: ids.oolong }).update({ cachedInventory: 12 })
    await putStock(t, { shop: owner.shopId, warehouse, product: ids.oolong, sku: 'tin', quantity: 12 })
    await putStock(t, { shop: owner.shopId, warehouse, product: ids.jasmine, quantity: 3.5 })
  })
  afterAll(() => t.close())

  const find = async (query: string) => {
    const answer = await api.get('products', `${query}&$sort[price]=1`)
    if (answer.status !== 200) throw new Error(`find ${query}: ${answer.status} ${JSON.stringify(answer.body)}`)
    return answer.body as unknown as Page
  }
  const names = async (query: string) => {
    const byId = Object.fromEntries(Object.entries(ids).map(([key, id]) => [id, key]))
    return (await find(query)).data.map((product) => byId[product._id])
  }
  const search = (text: string, more = '') => names(`&$search=${encodeURIComponent(text)}${more}`)

  it('searches names in every language, posCodes, SKU names and codes, ignoring case', async () => {
    expect(await search('jasmine')).toEqual(['jasmine'])
    expect(await search('綠茶')).toEqual(['jasmine'])
    expect(await search('绿茶')).toEqual(['jasmine'])
    expect(await search('jgt-0')).toEqual(['jasmine'])
    expect(await search('GIFT TIN')).toEqual(['oolong'])
    expect(await search('禮盒')).toEqual(['oolong'])
    expect(await search('mo-tin')).toEqual(['oolong'])
    expect(await search('cake')).toEqual(['cake', 'under', 'dots'])
    expect(await search('tea milk')).toEqual([])
    expect(await search('oolong milk')).toEqual(['oolong'])
    expect((await find('&$search=cake&$limit=1')).total).toBe(3)
    // Full-width letters and digits are the same words (NFKC), one Chinese character is a word too,
    // and a code is found by any part of it.
    expect(await search('ＪＧＴ－０１')).toEqual(['jasmine'])
    expect(await search('綠')).toEqual(['jasmine'])
    expect(await search('烏龍 禮盒')).toEqual(['oolong'])
    expect(await search('tin')).toEqual(['oolong'])
    expect(await search('100%')).toEqual(['cake'])
    expect(await search('\\')).toEqual([])
  })

  it('treats wildcard and pattern characters as plain text', async () => {
    expect(await search('%')).toEqual(['cake'])
    expect(await search('_')).toEqual(['under'])
    expect(await search('.')).toEqual(['dots'])
    expect(await search('*')).toEqual(['dots'])
    expect(await search('d.t')).toEqual([])
    expect(await search('(')).toEqual([])
    expect((await api.get('products', `&$search=${'x'.repeat(101)}`)).status).toBe(400)
    expect((await api.get('products', '&$search[$ne]=x')).status).toBe(400)
  })

  it('filters by category, brand, tags, status, avail and stock, with a search', async () => {
    expect(await names(`&categories=${tea}`)).toEqual(['jasmine', 'oolong', 'under'])
    expect(await names(`&categories[$in][]=${cake}&categories[$in][]=${tea}`)).toEqual(['jasmine', 'oolong', 'cake', 'under'])
    expect(await names(`&categories=${cake}&$search=under`)).toEqual(['under'])
    expect(await names(`&brand=${brand}`)).toEqual(['jasmine'])
    expect(await names(`&tags=${tag}`)).toEqual(['jasmine'])
    expect(await names('&status=draft')).toEqual(['cake'])
    expect(await names('&status[$ne]=draft&$search=cake')).toEqual(['under', 'dots'])
    expect(await names('&avail[$in][]=pos&avail[$in][]=both')).toEqual(['jasmine', 'oolong', 'under', 'dots'])
    expect(await names('&cachedInventory[$gt]=0')).toEqual(['oolong'])
    expect(await names('&cachedInventory[$lte]=0&$search=tea')).toEqual(['jasmine'])
  })

  it('adds stock from the stock table with one query per page, unless $select leaves it out', async () => {
    const statements: string[] = []
    const listen = (query: { sql: string }) => statements.push(query.sql)
    t.db.knex.on('query', listen)
    const page = await find('&$limit=10')
    t.db.knex.removeListener('query', listen)
    expect(statements.filter((sql) => /from "stocks"/.test(sql))).toHaveLength(1)
    const byId = new Map(page.data.map((product) => [product._id, product]))
    expect(byId.get(ids.oolong)).toMatchObject({
      inventories: [{ warehouse, sku: 'tin', quantity: 12, reserved: 0 }],
      skus: [{ id: 'tin', quantity: 12 }]
    })
    expect(byId.get(ids.jasmine)?.inventories).toEqual([{ warehouse, sku: '', quantity: 3.5, reserved: 0 }])
    expect(byId.get(ids.dots)?.inventories).toEqual([])

    statements.length = 0
    t.db.knex.on('query', listen)
    const slim = await find('&$select[]=name&$select[]=price')
    const withStock = await find('&$select[]=name&$select[]=inventories')
    t.db.knex.removeListener('query', listen)
    expect(statements.filter((sql) => /from "stocks"/.test(sql))).toHaveLength(1)
    expect(slim.data.every((product) => !('inventories' in product))).toBe(true)
    expect(withStock.data.find((product) => product._id === ids.oolong)).toEqual({
      _id: ids.oolong,
      name: { en: 'Milk Oolong', cht: '奶香烏龍' },
      inventories: [{ warehouse, sku: 'tin', quantity: 12, reserved: 0 }]
    })
  })

  it('answers a search with the same rows and stock as a list, the stock read with the rows', async () => {
    const statements: string[] = []
    const listen = (query: { sql: string }) => statements.push(query.sql)
    const plain = await find('&$limit=10')
    const total = (await find('&$search=o&$limit=10')).total
    t.db.knex.on('query', listen)
    const searched = await find('&$search=o&$limit=10')
    t.db.knex.removeListener('query', listen)
    expect(searched.total).toBe(total)
    const expected = plain.data.filter((product) => searched.data.some((found) => found._id === product._id))
    expect(searched.data).toEqual(expected)
    expect(searched.data.find((product) => product._id === ids.oolong)).toMatchObject({
      inventories: [{ warehouse, sku: 'tin', quantity: 12, reserved: 0 }],
      skus: [{ id: 'tin', quantity: 12 }]
    })
    expect(searched.data.some((product) => 'keywords' in product)).toBe(false)
    // The ids (and a cached total), then the rows with their stock: no statement of its own for stock
    // behind the wall (PGlite has no wall and reads a page as a list does).
    // Not the job queue's polls nor the mail drain's claims, which run beside the call.
    const reads = statements.filter(
      (sql) => !/^(begin|commit|rollback)\b/i.test(sql.trim()) && !/set_config|pgboss|"mailOutbox"/.test(sql)
    )
    expect(reads.length).toBeLessThanOrEqual(dialect === 'postgres' ? 2 : 3)
  })

  it('answers a search with $select as a list with the same $select: those columns, no stock read unless asked', async () => {
    const statements: string[] = []
    const listen = (query: { sql: string }) => statements.push(query.sql)
    const select = '&$select[]=name&$select[]=price&$select[]=images&$select[]=cachedInventory&$select[]=keywords'
    const plain = await find(`&$limit=10${select}`)
    const total = (await find('&$search=o&$limit=10')).total
    t.db.knex.on('query', listen)
    const searched = await find(`&$search=o&$limit=10${select}`)
    t.db.knex.removeListener('query', listen)
    expect(searched.total).toBe(total)
    expect(searched.data.length).toBeGreaterThan(1)
    expect(searched.data).toEqual(plain.data.filter((product) => searched.data.some((found) => found._id === product._id)))
    // Only what was selected (the id always), never keywords: the list shows cachedInventory, not stock rows.
    for (const product of searched.data)
      expect(Object.keys(product).every((key) => ['_id', 'name', 'price', 'cachedInventory'].includes(key))).toBe(true)
    expect(searched.data.find((product) => product._id === ids.oolong)).toEqual({
      _id: ids.oolong,
      name: { en: 'Milk Oolong', cht: '奶香烏龍' },
      price: 200,
      cachedInventory: 12
    })
    expect(statements.filter((sql) => /"stocks"/.test(sql))).toHaveLength(0)
    // Behind the wall (PostgreSQL) the page is one prepared statement, its name the same for every page.
    if (dialect === 'postgres') {
      const names: unknown[] = []
      const named = (query: { sql: string; options?: { name?: string } }) => {
        if (/= any\(\$\d+::bpchar\[\]\)/.test(query.sql)) names.push(query.options?.name)
      }
      t.db.knex.on('query', named)
      await find(`&$search=o&$limit=2${select}`)
      await find(`&$search=o&$limit=2&$skip=2${select}`)
      t.db.knex.removeListener('query', named)
      expect(names).toHaveLength(2)
      expect(names[0]).toMatch(/^emporia_search_page_[0-9a-f]{40}$/)
      expect(names[1]).toBe(names[0])
    }

    // Stock is read when the selection names it: SKU quantities with `skus`, the stock rows with `inventories`.
    const stocked = await find('&$search=oolong&$select[]=skus&$select[]=inventories')
    expect(stocked.data).toEqual([
      {
        _id: ids.oolong,
        skus: [{ id: 'tin', name: { en: 'Gift tin', cht: '禮盒' }, code: 'MO-TIN', quantity: 12 }],
        inventories: [{ warehouse, sku: 'tin', quantity: 12, reserved: 0 }]
      }
    ])
    // A field the record has not is refused before anything is searched, whether or not something matches.
    expect((await api.get('products', '&$search=oolong&$select[]=nothing')).status).toBe(400)
    expect((await api.get('products', '&$search=zzz&$select[]=nothing')).status).toBe(400)
    expect((await api.get('products', '&$search=oolong&$select[$ne]=name')).status).toBe(400)
  })

  it('answers a search with $select over the socket as over REST', async () => {
    const socket = await connect(t.url)
    onTestFinished(() => void socket.close())
    await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: owner.token })
    const query = {
      shop: owner.shopId,
      $search: 'o',
      $limit: 10,
      $sort: { price: 1 },
      $select: ['name', 'keywords', 'cachedInventory']
    }
    const viaSocket = await call<Page>(socket, 'find', 'products', query)
    const viaRest = await find('&$search=o&$limit=10&$select[]=name&$select[]=keywords&$select[]=cachedInventory')
    expect(viaSocket.data).toEqual(viaRest.data)
    expect(viaSocket.data.some((product) => 'keywords' in product || 'inventories' in product)).toBe(false)
    await expect(call(socket, 'find', 'products', { ...query, $select: ['keywords.x', 'nothing'] })).rejects.toMatchObject({
      code: 400
    })
  })

  it('changes the status of many products at once, and nothing else', async () => {
    const list = [ids.jasmine, ids.dots].map((id) => `&_id[$in][]=${id}`).join('')
    const changed = await api.patch('products', { status: 'discontinued' }, list)
    expect(changed.status).toBe(200)
    expect((changed.body as unknown as { _id: string; status: string }[]).map((p) => p.status)).toEqual([
      'discontinued',
      'discontinued'
    ])
    expect(await names('&status=discontinued')).toEqual(['jasmine', 'dots'])
    expect(await api.patch('products', { status: 'selling', price: 1 }, list)).toMatchObject({
      status: 400,
      body: { data: { field: 'price' } }
    })
    expect(await api.patch('products', { status: 'auto_soldOut' }, list)).toMatchObject({
      status: 400,
      body: { data: { field: 'status' } }
    })
    expect(await api.patch('products', { status: 'selling' })).toMatchObject({ status: 400, body: { data: { field: '_id' } } })
    const tooMany = Array.from({ length: 101 }, () => `&_id[$in][]=${ids.jasmine}`).join('')
    expect((await api.patch('products', { status: 'selling' }, tooMany)).status).toBe(400)
    expect((await api.patch('products', { status: 'selling' }, list)).status).toBe(200)
    expect(await names('&status=discontinued')).toEqual([])
  })
})
