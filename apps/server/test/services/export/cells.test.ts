import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { post, shopOwner } from '../../support/accounts'
import { call, connect } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { eventHeard, PATIENCE } from '../../support/waits'
import { toCell } from '../../../src/services/export/cells'

type Owner = Awaited<ReturnType<typeof shopOwner>>

/** RFC 4180 fields of a CSV text (quotes doubled inside quoted fields). */
const parseCsv = (text: string): string[][] => {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"'
      i++
    } else if (c === '"') quoted = !quoted
    else if (quoted || (c !== ',' && !(c === '\r' && text[i + 1] === '\n'))) field += c
    else {
      row.push(field)
      field = ''
      if (c === '\r') {
        rows.push(row)
        row = []
        i++
      }
    }
  }
  if (field || row.length) rows.push([...row, field])
  return rows
}

const sheetOf = async (response: Response) => {
  const workbook = new ExcelJS.Workbook()
  // exceljs types want a Node Buffer of the older typing; the bytes are the same.
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as Parameters<typeof workbook.xlsx.load>[0])
  return workbook.worksheets[0]
}

const SPECIALS: { name: unknown; order: number }[] = [
  { name: '=HYPERLINK("http://evil.example","click")', order: 1 },
  { name: '+1+2', order: 2 },
  { name: '-3', order: 3 },
  { name: '@SUM(A1)', order: 4 },
  { name: '\tTabbed', order: 5 },
  { name: '\rReturned', order: 6 },
  { name: { en: 'Tea', cht: '茶', chs: '茶叶' }, order: 7 },
  { name: { en: 'Coffee' }, order: 8 },
  { name: { chs: '只有简体' }, order: 9 }
]

const COLUMNS = [
  { field: 'name', header: '名稱', kind: 'translatable' },
  { field: 'order', header: '排序', kind: 'number' },
  { field: 'order', header: '金額', kind: 'money' },
  { field: 'order', header: '等級', enum: { '1': '一級', '2': '二級' } },
  { field: 'createdAt', header: '建立時間', kind: 'date' }
]

describe.each(await dialects())('export (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let b: Owner
  let specialShop: string

  const exportOf = (body: Record<string, unknown>, token?: string) =>
    fetch(`${t.url}/api/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body)
    })
  const csvOf = async (body: Record<string, unknown>, token = a.token) => {
    const response = await exportOf({ format: 'csv', locale: 'cht', columns: COLUMNS, ...body }, token)
    // response.text() would drop the byte-order mark this test looks for.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())
    return { response, text, rows: parseCsv(text.replace(/^\uFEFF/, '')) }
  }

  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Export A')
    b = await shopOwner(t.url, 'Export B')
    const special = await post(
      t.url,
      'shops',
      { name: 'Specials', subdomain: `x${Math.random().toString(36).slice(2, 10)}` },
      a.token
    )
    specialShop = (special.body as { _id: string })._id
    for (const record of SPECIALS)
      expect((await post(t.url, 'categories', record, a.token, `?shop=${specialShop}`)).status).toBe(201)
    // A refund-like negative amount: the schema forbids it for `order`, the exporter must still keep it numeric.
    await t.db.knex.raw(
      `insert into categories ("_id", shop, name, "order") values ('eeee' || lpad(to_hex(99), 20, '0'), ?, '"Refund"', -1234)`,
      [specialShop]
    )
    // 2,500 rows in shop A, five pages and more; B has rows of its own that A must never see.
    await t.db.knex.raw(
      `insert into categories ("_id", shop, name, "order")
       select 'aaaa' || lpad(to_hex(i), 20, '0'), ?, jsonb_build_object('en', 'Category ' || i, 'cht', '分類 ' || i), i from generate_series(1, 2500) i`,
      [a.shopId]
    )
    await t.db.knex.raw(
      `insert into categories ("_id", shop, name, "order") select 'bbbb' || lpad(to_hex(i), 20, '0'), ?, '"B secret"', i from generate_series(1, 30) i`,
      [b.shopId]
    )
    t.counts.invalidate('categories', null)
  })
  afterAll(() => t.close())

  it('streams CSV with a BOM, translated headers, enum labels, locale fallbacks and neutralised formulas', async () => {
    const { response, text, rows } = await csvOf({
      path: 'categories',
      query: { shop: specialShop, $sort: { order: 1 } },
      fileName: '分類'
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''%E5%88%86%E9%A1%9E.csv`)
    expect(response.headers.get('x-export-total')).toBe('10')
    expect(text.startsWith('\uFEFF')).toBe(true)
    expect(rows[0]).toEqual(['名稱', '排序', '金額', '等級', '建立時間'])
    expect(rows.slice(1).map((r) => r[0])).toEqual([
      'Refund',
      `'=HYPERLINK("http://evil.example","click")`,
      `'+1+2`,
      `'-3`,
      `'@SUM(A1)`,
      `'\tTabbed`,
      `'\rReturned`,
      '茶',
      'Coffee',
      '只有简体'
    ])
    expect(rows[1].slice(1, 4)).toEqual(['-1234', '-12.34', '-1234'])
    expect(rows[2].slice(1, 4)).toEqual(['1', '0.01', '一級'])
    expect(rows[3][3]).toBe('二級')
    expect(rows[2][4]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    // Numbers are bare (never quoted) so that a spreadsheet reads them as numbers.
    expect(text).toMatch(/\r\nRefund,-1234,-12\.34,-1234,/)
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")",1,0.01,一級,`)
  })

  it('streams XLSX whose numbers are numeric cells and whose formula-like texts are plain strings', async () => {
    const response = await exportOf(
      { path: 'categories', query: { shop: specialShop, $sort: { order: 1 } }, format: 'xlsx', locale: 'en', columns: COLUMNS },
      a.token
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename\*=UTF-8''categories-\d{4}-\d\d-\d\d\.xlsx$/
    )
    const sheet = await sheetOf(response)
    expect(sheet.rowCount).toBe(11)
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['名稱', '排序', '金額', '等級', '建立時間'])
    const refund = sheet.getRow(2)
    expect(refund.getCell(2).type).toBe(ExcelJS.ValueType.Number)
    expect(refund.getCell(2).value).toBe(-1234)
    expect(refund.getCell(3).type).toBe(ExcelJS.ValueType.Number)
    expect(refund.getCell(3).value).toBe(-12.34)
    expect(refund.getCell(3).numFmt).toBe('#,##0.00;-#,##0.00')
    expect(refund.getCell(5).type).toBe(ExcelJS.ValueType.Date)
    const link = sheet.getRow(3).getCell(1)
    expect(link.type).toBe(ExcelJS.ValueType.String)
    expect(link.formula).toBeUndefined()
    expect(link.value).toBe(`'=HYPERLINK("http://evil.example","click")`)
    const names = [4, 5, 6, 7, 8].map((r) => sheet.getRow(r).getCell(1))
    expect(names.map((c) => c.type)).toEqual(Array(5).fill(ExcelJS.ValueType.String))
    expect(names.map((c) => String(c.value)[0])).toEqual(Array(5).fill("'"))
    expect(sheet.getRow(9).getCell(1).value).toBe('Tea')
    expect(sheet.getRow(11).getCell(1).value).toBe('只有简体')
  })

  it('exports every matching row in sort order, past many pages, ignoring the list page', async () => {
    const { response, rows } = await csvOf({
      path: 'categories',
      query: { shop: a.shopId, $sort: { order: -1 }, $limit: 10, $skip: 20 },
      columns: [
        { field: 'order', header: 'Order', kind: 'number' },
        { field: 'name', header: 'Name' },
        { field: 'shop', header: 'Shop' }
      ]
    })
    expect(response.headers.get('x-export-total')).toBe('2500')
    expect(rows).toHaveLength(2501)
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(Array.from({ length: 2500 }, (_, i) => 2500 - i))
    expect(rows[1][1]).toBe('分類 2500')
    expect(new Set(rows.slice(1).map((r) => r[2]))).toEqual(new Set([a.shopId]))

    const xlsx = await exportOf(
      {
        path: 'categories',
        query: { shop: a.shopId },
        format: 'xlsx',
        locale: 'en',
        columns: [{ field: 'name.en', header: 'Name' }]
      },
      a.token
    )
    expect((await sheetOf(xlsx)).rowCount).toBe(2501)
  })

  it("never includes another shop's rows: a foreign shop is refused and filters cannot widen the scope", async () => {
    const foreign = await exportOf(
      { path: 'categories', query: { shop: b.shopId }, format: 'csv', locale: 'en', columns: COLUMNS },
      a.token
    )
    expect(foreign.status).toBe(403)
    expect(await foreign.json()).toMatchObject({ name: 'Forbidden', data: { key: 'errors.notMember' } })
    const widened = await exportOf(
      { path: 'categories', query: { shop: { $in: [a.shopId, b.shopId] } }, format: 'csv', locale: 'en', columns: COLUMNS },
      a.token
    )
    expect(widened.status).toBe(400)
    const { rows } = await csvOf({
      path: 'categories',
      query: { shop: specialShop, $or: [{ shop: b.shopId }, { order: { $gte: 0 } }] },
      columns: [
        { field: 'shop', header: 'Shop' },
        { field: 'name', header: 'Name' }
      ]
    })
    expect(rows.length).toBe(10)
    expect(rows.slice(1).every((r) => r[0] === specialShop && r[1] !== 'B secret')).toBe(true)
  })

  it('answers like the list: 401 without or with a bad token, 404 for an unknown path, 400 for what is not a list', async () => {
    const body = { path: 'categories', query: { shop: a.shopId }, format: 'csv', locale: 'en', columns: COLUMNS }
    expect((await exportOf(body)).status).toBe(401)
    expect((await exportOf(body, 'not-a-token')).status).toBe(401)
    const unknown = await exportOf({ ...body, path: 'nothing-here' }, a.token)
    expect(unknown.status).toBe(404)
    expect((await exportOf({ ...body, path: 'health' }, a.token)).status).toBe(400)
    expect((await exportOf({ ...body, path: 'export' }, a.token)).status).toBe(400)
    expect(await (await exportOf({ ...body, format: 'pdf' }, a.token)).json()).toMatchObject({
      code: 400,
      data: { field: 'format' }
    })
    expect((await exportOf({ ...body, query: {} }, a.token)).status).toBe(400)
    expect((await fetch(`${t.url}/api/export`)).status).toBe(405)
  })

  it("sends progress to the exporting account's connections only", async () => {
    const mine = await connect(t.url)
    const theirs = await connect(t.url)
    try {
      await call(mine, 'create', 'authentication', { strategy: 'jwt', accessToken: a.token })
      await call(theirs, 'create', 'authentication', { strategy: 'jwt', accessToken: b.token })
      const heard: { exportId: string; done: number; total: number }[] = []
      const overheard: unknown[] = []
      // Their marker is the progress of an export of their own, made after A's (support/waits.ts: why it comes after a leak).
      const marker = (data: { exportId?: string }) => data.exportId === 'export-b'
      mine.on('export progress', (data: (typeof heard)[number]) => heard.push(data))
      theirs.on('export progress', (data: { exportId?: string }) => marker(data) || overheard.push(data))
      const theirMarker = eventHeard(theirs, 'export progress', marker)
      const { rows } = await csvOf({ path: 'categories', query: { shop: a.shopId }, exportId: 'export-1' })
      expect(rows).toHaveLength(2501)
      await expect.poll(() => heard.at(-1)?.done, PATIENCE).toBe(2500)
      expect(heard.at(-1)).toEqual({ exportId: 'export-1', done: 2500, total: 2500 })
      expect(heard.length).toBeLessThanOrEqual(6)
      expect(heard.map((p) => p.done)).toEqual([...heard.map((p) => p.done)].sort((x, y) => x - y))
      await csvOf({ path: 'categories', query: { shop: b.shopId }, exportId: 'export-b' }, b.token)
      await theirMarker
      expect(overheard).toEqual([])
      // Clients can call nothing on the export service.
      await expect(call(mine, 'find', 'export', {})).rejects.toMatchObject({ code: 405 })
    } finally {
      mine.disconnect()
      theirs.disconnect()
    }
  })
})

describe('export cells', () => {
  const column = (kind?: 'boolean' | 'date' | 'text') => ({ field: 'v', header: 'V', kind })
  it('writes booleans as the locale yes/no, lists joined, dates as dates, objects never as [object Object]', () => {
    expect(toCell({ v: true }, column('boolean'), 'cht')).toEqual({ type: 'text', value: '是' })
    expect(toCell({ v: false }, column(), 'en')).toEqual({ type: 'text', value: 'No' })
    expect(toCell({ v: ['a', '=b'] }, column(), 'en')).toEqual({ type: 'text', value: 'a, =b' })
    expect(toCell({ v: { x: 1 } }, column('text'), 'en')).toEqual({ type: 'text', value: '{"x":1}' })
    expect(toCell({ v: '2026-11-21T10:00:00Z' }, column('date'), 'en')).toEqual({
      type: 'date',
      value: new Date('2026-11-21T10:00:00Z')
    })
    expect(toCell({ v: -5 }, column(), 'en')).toEqual({ type: 'number', value: -5 })
    expect(toCell({ v: '' }, column(), 'en')).toEqual({ type: 'empty' })
  })
})
