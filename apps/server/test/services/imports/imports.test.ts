import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportRunService } from '../../../src/services/imports/imports.class'
import { importBatchSize, runImportRun } from '../../../src/domains/imports/import-job'
import { post, shopOwner } from '../../support/accounts'
import { memberOf } from '../../support/catalogue-support'
import { call, connect } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { PATIENCE } from '../../support/waits'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Body = Record<string, unknown>
type Run = Body & {
  _id: string
  status: string
  counts: Record<string, number>
  outcomes: Body[]
  errorRows: Body[]
  records: number
  lastRow: number
  total?: number | null
  data?: Body
}

/** The products' columns as the web's "All fields" export sends them (in English here), and the import reads them back. */
const COLUMNS = [
  { field: '_id', header: 'ID', kind: 'text' },
  { field: 'name', header: 'Name (English)', kind: 'translatable', lang: 'en' },
  { field: 'name', header: 'Name (繁體中文)', kind: 'translatable', lang: 'cht' },
  { field: 'price', header: 'Price', kind: 'money' },
  { field: 'posCode', header: 'POS code', kind: 'text' },
  { field: 'brand', header: 'Brand', ref: { path: 'brands' } },
  { field: 'avail', header: 'Available in', kind: 'text', enum: { pos: 'POS', eshop: 'Online shop', both: 'Both' } },
  { field: 'skus.id', header: 'SKUs – ID' },
  { field: 'skus.name', header: 'SKUs – Name (English)', kind: 'translatable', lang: 'en' },
  { field: 'skus.price', header: 'SKUs – Price', kind: 'money' },
  { field: 'cachedInventory', header: 'Stock', kind: 'number' }
]
const FINISHED = ['done', 'failed', 'cancelled']
const newProducts = (count: number, prefix: string) =>
  ['Name (English),Price', ...Array.from({ length: count }, (_, i) => `${prefix} ${i + 1},${i + 1}`)].join('\n')

describe.each(await dialects())('imports (%s)', (dialect) => {
  let t: TestApp
  let a: Owner
  let b: Owner
  const made: string[] = []
  let brandB: string

  const api = (path: string, owner: Owner, init: RequestInit = {}) =>
    fetch(`${t.url}/api/${path}`, { ...init, headers: { ...(init.headers ?? {}), authorization: `Bearer ${owner.token}` } })
  const create = async (owner: Owner, path: string, data: Body) => {
    const response = await post(t.url, path, data, owner.token, `?shop=${owner.shopId}`)
    if (response.status !== 201) throw new Error(`${path}: ${JSON.stringify(response.body)}`)
    return response.body as Body & { _id: string }
  }
  const runOf = async (id: string, owner = a) => (await (await api(`imports/${id}?shop=${owner.shopId}`, owner)).json()) as Run
  const finished = async (id: string, owner = a) => {
    await expect
      .poll(async () => (await runOf(id, owner)).status, PATIENCE)
      .toSatisfy((status) => FINISHED.includes(String(status)))
    return runOf(id, owner)
  }
  const upload = async (content: string | Buffer, options: Body = {}, owner = a, name = 'products.csv') => {
    const form = new FormData()
    form.append('request', JSON.stringify({ shop: owner.shopId, target: 'products', columns: COLUMNS, ...options }))
    form.append('file', new Blob([content]), name)
    const response = await api('imports', owner, { method: 'POST', body: form })
    return { status: response.status, body: (await response.json()) as Run }
  }
  const startFrom = async (from: string, dryRun: boolean, owner = a, extra: Body = {}) => {
    const response = await api(`imports?shop=${owner.shopId}`, owner, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from, dryRun, ...extra })
    })
    return { status: response.status, body: (await response.json()) as Run }
  }
  /** Upload, preview to the end, and (with `dryRun: false`) import after it: answers the last run. */
  const importOf = async (content: string | Buffer, options: Body = {}, owner = a, name = 'products.csv') => {
    const { dryRun, ...rest } = options
    const uploaded = await upload(content, rest, owner, name)
    if (uploaded.status !== 201) return uploaded
    const preview = await finished(uploaded.body._id, owner)
    if (dryRun !== false) return { status: 200, body: preview }
    const started = await startFrom(preview._id, false, owner)
    expect(started.status).toBe(201)
    return { status: 200, body: await finished(started.body._id, owner) }
  }
  const exported = async (format: 'csv' | 'xlsx') => {
    const response = await api('export', a, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        path: 'products',
        query: { shop: a.shopId, $sort: { _id: 1 }, _id: { $in: made } },
        format,
        locale: 'en',
        columns: COLUMNS,
        rows: 'skus'
      })
    })
    expect(response.status).toBe(200)
    return Buffer.from(await response.arrayBuffer())
  }
  const exportCsv = async () => new TextDecoder().decode(await exported('csv'))
  const priceOf = async (id: string) => {
    const response = await api(`products/${id}?shop=${a.shopId}`, a)
    return ((await response.json()) as { price: number }).price
  }
  const productCount = async (owner: Owner, query = '') =>
    ((await (await api(`products?shop=${owner.shopId}&$limit=0${query}`, owner)).json()) as { total: number }).total
  const runs = () => t.app.service('imports') as unknown as ImportRunService
  /** An import's record started without its job (as a crash right after the start leaves it), and the jobs' env to run it by hand. */
  const startWithoutJob = async (from: string, owner: Owner) => {
    const service = runs()
    const { jobs } = service
    const env = service.env!
    service.jobs = undefined
    service.env = undefined
    try {
      return { run: (await startFrom(from, false, owner)).body, env }
    } finally {
      service.jobs = jobs
      service.env = env
    }
  }

  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Importer')
    b = await shopOwner(t.url, 'Other')
    const brand = await create(a, 'brands', { name: 'Acme' })
    brandB = (await create(b, 'brands', { name: 'Acme' }))._id
    for (let i = 1; i <= 3; i++)
      made.push(
        (
          await create(a, 'products', {
            name: { en: `Tea ${i}`, cht: `茶 ${i}` },
            price: 1000 + i,
            brand: brand._id,
            avail: 'both',
            skus:
              i === 1
                ? [
                    { id: 'S1', name: 'Small', price: 900 },
                    { id: 'L1', name: 'Large', price: 1200 }
                  ]
                : []
          })
        )._id
      )
  })
  afterAll(() => t?.close())

  it('uploads a file as a queued preview run, then imports it after the preview: its own export back is 0 new, two prices changed are 2 modified', async () => {
    const csv = await exportCsv()
    const uploaded = await upload(csv)
    expect(uploaded.status).toBe(201)
    expect(uploaded.body).toMatchObject({
      status: 'queued',
      dryRun: true,
      target: 'products',
      fileName: 'products.csv',
      sheets: []
    })
    const back = await finished(uploaded.body._id)
    expect(back).toMatchObject({ status: 'done', records: 3, counts: { new: 0, modified: 0, unchanged: 3, errors: 0 } })
    expect(back.startedAt).toBeTruthy()
    expect(back.finishedAt).toBeTruthy()

    const changed = csv.replace(',10.02,', ',12.50,').replace(',12.00,', ',13.00,')
    const preview = await importOf(changed)
    expect(preview.body.counts).toEqual({ new: 0, modified: 2, unchanged: 1, errors: 0 })
    expect(preview.body.outcomes.flatMap((o) => o.changes as Body[]).map((c) => [c.field, c.to])).toEqual(
      expect.arrayContaining([
        ['price', 1250],
        ['skus[L1].price', 1300]
      ])
    )
    // The dry run wrote nothing.
    expect(await priceOf(made[1])).toBe(1002)
    const started = await startFrom(preview.body._id, false)
    expect(started.status).toBe(201)
    expect(started.body).toMatchObject({ dryRun: false, preview: preview.body._id, total: 3, status: 'queued' })
    const done = await finished(started.body._id)
    expect(done.counts).toEqual({ new: 0, modified: 2, unchanged: 1, errors: 0 })
    expect(await priceOf(made[1])).toBe(1250)
    expect((await importOf(changed)).body.counts).toMatchObject({ modified: 0, unchanged: 3 })
    // Newest first.
    const listed = (await (await api(`imports?shop=${a.shopId}`, a)).json()) as { data: Run[] }
    expect(listed.data[0]._id).not.toBe(uploaded.body._id)
    expect(listed.data.map((run) => run._id)).toContain(started.body._id)
    // Only a finished preview is imported, and only a cancel is patched; runs are not removed.
    expect((await startFrom(started.body._id, false)).body.data).toMatchObject({ key: 'import.notPreview' })
    const patched = await api(`imports/${done._id}?shop=${a.shopId}`, a, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'done' })
    })
    expect(patched.status).toBe(400)
    expect((await api(`imports/${done._id}?shop=${a.shopId}`, a, { method: 'DELETE' })).status).toBe(405)
  })

  it('reads an XLSX export back, streamed, as unchanged, and lists its sheets', async () => {
    const back = await importOf(await exported('xlsx'), {}, a, 'products.xlsx')
    expect(back.body).toMatchObject({ status: 'done', sheets: ['Export'], sheetName: 'Export' })
    expect(back.body.counts).toEqual({ new: 0, modified: 0, unchanged: 3, errors: 0 })
    expect((await upload(await exported('xlsx'), { sheetName: 'Nope' }, a, 'products.xlsx')).body.data).toMatchObject({
      key: 'import.noSheet'
    })
  })

  it('lists bad rows with their reasons and writes none of them, nor half of one; the error sheet says why in the language asked', async () => {
    const before = await productCount(a)
    const csv = [
      'ID,Name (English),Price,Brand,Available in',
      ',New tea,abc,Acme,Both',
      ',Newer tea,5,Nobody,Both',
      ',Newest tea,5,Acme,Sometimes',
      `${made[2]},,-4,,`,
      ',Good tea,6.5,Acme,POS',
      ',=1+2,x,Acme,POS'
    ].join('\n')
    const run = await importOf(csv, { dryRun: false })
    expect(run.body.counts).toEqual({ new: 1, modified: 0, unchanged: 0, errors: 5 })
    expect(run.body.errorRows.map((row) => [row.row, (row.problems as Body[])[0].key])).toEqual([
      [2, 'import.number'],
      [3, 'import.refUnknown'],
      [4, 'import.enum'],
      [5, expect.any(String)],
      [7, 'import.number']
    ])
    expect((run.body.errorRows[0].cells as string[])[1]).toBe('New tea')
    expect(await productCount(a)).toBe(before + 1)
    expect(await priceOf(made[2])).toBe(1003)

    const sheet = await api(`imports/${run.body._id}/errors?shop=${a.shopId}&format=csv&locale=cht`, a)
    expect(sheet.status).toBe(200)
    const text = await sheet.text()
    const lines = text.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe('ID,Name (English),Price,Brand,Available in,原因')
    expect(lines[1]).toBe(',New tea,abc,Acme,Both,Price: 「abc」不是數字')
    expect(text).toContain('本店沒有名為「Nobody」的記錄')
    // A cell that would be a formula stays text.
    expect(text).toContain(",'=1+2,x,")
    const english = await (await api(`imports/${run.body._id}/errors?shop=${a.shopId}&format=csv&locale=en`, a)).text()
    expect(english).toContain('Price: ""abc"" is not a number')
    const xlsx = await api(`imports/${run.body._id}/errors?shop=${a.shopId}&format=xlsx&locale=chs`, a)
    expect(xlsx.status).toBe(200)
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString()
    ).toBe('PK')
  })

  it("never reaches another shop's record through a key, and refuses a name that finds two records, naming both", async () => {
    const other = await create(b, 'products', { name: 'Theirs', price: 100 })
    // Their ID in this shop's sheet makes a product of this shop, remembered under that ID (decision 0174)…
    const sneaky = await importOf(`ID,Name (English),Price\n${other._id},Mine,1\n`, { dryRun: false })
    expect(sneaky.body.counts).toEqual({ new: 1, modified: 0, unchanged: 0, errors: 0 })
    // …which the same sheet, edited, finds again: their product is never touched.
    const again = await importOf(`ID,Name (English),Price\n${other._id},Mine,2\n`, { dryRun: false })
    expect(again.body.counts).toEqual({ new: 0, modified: 1, unchanged: 0, errors: 0 })
    const theirs = await api(`products/${other._id}?shop=${b.shopId}`, b)
    expect(((await theirs.json()) as { price: number }).price).toBe(100)
    const mine = await api(`products?shop=${a.shopId}&$limit=100`, a)
    const found = ((await mine.json()) as { data: { _id: string; price: number; name: { en?: string } }[] }).data.filter(
      (product) => product.name.en === 'Mine'
    )
    expect(found.map((product) => product.price)).toEqual([200])
    expect(found[0]._id).not.toBe(other._id)

    // The other shop's brand of the same name is not a second match; a second one in this shop is.
    expect(brandB).toBeTruthy()
    const twin = await create(a, 'brands', { name: 'acme' })
    const twice = await importOf(`ID,Brand\n${made[0]},Acme\n`)
    const problem = (twice.body.errorRows[0].problems as Body[])[0]
    expect(problem.key).toBe('import.refAmbiguous')
    expect(String(problem.message)).toContain(twin._id)
    await api(`brands/${twin._id}?shop=${a.shopId}`, a, { method: 'DELETE' })
  })

  it("keeps another shop's runs out of reach: no get, cancel, run from it or error sheet (404); a member sees only runs of lists it may read", async () => {
    const run = await importOf(`ID,Price\n${made[0]},abc\n`)
    expect(run.body.counts.errors).toBe(1)
    expect((await api(`imports/${run.body._id}?shop=${b.shopId}`, b)).status).toBe(404)
    const cancel = await api(`imports/${run.body._id}?shop=${b.shopId}`, b, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cancel: true })
    })
    expect(cancel.status).toBe(404)
    expect((await startFrom(run.body._id, true, b)).status).toBe(404)
    expect((await api(`imports/${run.body._id}/errors?shop=${b.shopId}&format=csv`, b)).status).toBe(404)
    // Naming A's shop, B is no member of it.
    expect((await api(`imports/${run.body._id}/errors?shop=${a.shopId}&format=csv`, b)).status).toBe(403)
    const listed = (await (await api(`imports?shop=${b.shopId}`, b)).json()) as { data: Run[] }
    expect(listed.data.map((r) => r._id)).not.toContain(run.body._id)

    // A till member reads no runs; a back-office member only those of lists it may read (a run holds their rows).
    const pos = { ...(await memberOf(t, a, 'pos')), shopId: a.shopId } as unknown as Owner
    expect((await api(`imports/${run.body._id}?shop=${a.shopId}`, pos)).status).toBe(403)
    expect((await upload('Name,Price\nTea,1\n', {}, pos)).status).toBe(403)
    const staff = { ...(await memberOf(t, a, 'user')), shopId: a.shopId } as unknown as Owner
    expect((await api(`imports/${run.body._id}?shop=${a.shopId}`, staff)).status).toBe(200)
    const hidden = '0000000000000000000000aa'
    const stored = (await t.db.knex('imports').where({ _id: run.body._id }).first()) as Body
    await t.db.knex('imports').insert({
      ...Object.fromEntries(
        Object.entries(stored).map(([key, value]) => [
          key,
          value && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value
        ])
      ),
      _id: hidden,
      target: 'companyUsers'
    })
    expect((await api(`imports/${hidden}?shop=${a.shopId}`, staff)).status).toBe(404)
    expect((await api(`imports/${hidden}/errors?shop=${a.shopId}&format=csv`, staff)).status).toBe(404)
  })

  it('maps a sheet by a template: its title row, a key column, a title of several names, a constant and its words', async () => {
    await create(a, 'products', { name: 'Coded', price: 100, posCode: 'C-1', status: 'draft', avail: 'both' })
    const template = await create(a, 'importTemplates', {
      name: 'Supplier list',
      targetRoute: 'products',
      headerRow: 2,
      dataStartRow: 3,
      mappings: [
        { field: 'posCode', header: 'Code', sourceType: 'single', key: true },
        { field: 'price', header: 'Cost|Price', sourceType: 'variable' },
        { field: 'avail', sourceType: 'constant', value: 'pos' },
        { field: 'status', header: '狀態', sourceType: 'single', enumMap: [{ word: '有貨', value: 'selling', lang: 'cht' }] }
      ]
    })
    const sheet = ['Supplier price list,,', 'Code,Price,狀態', 'C-1,2.50,有貨', 'C-2,3,沒有這個'].join('\n')
    const preview = await importOf(sheet, { template: template._id })
    expect(preview.body.counts).toEqual({ new: 0, modified: 1, unchanged: 0, errors: 1 })
    expect(preview.body.errorRows.map((row) => row.row)).toEqual([4])
    expect(preview.body.outcomes[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'price', from: 100, to: 250 },
        { field: 'avail', from: 'both', to: 'pos' },
        { field: 'status', from: 'draft', to: 'selling' }
      ])
    )
    // Another shop's template is not found through this shop.
    const theirs = await create(b, 'importTemplates', {
      ...template,
      _id: undefined,
      shop: undefined,
      createdAt: undefined,
      updatedAt: undefined
    })
    expect((await upload(sheet, { template: theirs._id })).status).toBe(404)
  })

  it('treats a formula as text, and refuses a file that is not a spreadsheet', async () => {
    const formula = await importOf(`ID,Name (English)\n${made[0]},"=HYPERLINK(""http://evil.example"",""x"")"\n`, {
      dryRun: false
    })
    expect(formula.body.counts.modified).toBe(1)
    const stored = (await (await api(`products/${made[0]}?shop=${a.shopId}`, a)).json()) as { name: Body }
    expect(stored.name.en).toBe('=HYPERLINK("http://evil.example","x")')
    const csv = await exportCsv()
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`)

    const binary = await upload(Buffer.from([0, 1, 2, 3, 0, 9]), {}, a, 'photo.png')
    expect(binary.status).toBe(400)
    expect(binary.body.data).toMatchObject({ key: 'import.notSpreadsheet' })
  })

  it("tells its progress batch by batch on the shop's channel, and the import's total is its preview's records", async () => {
    const owner = await shopOwner(t.url, 'Progress')
    const socket = await connect(t.url)
    try {
      await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: owner.token })
      const heard: Run[] = []
      socket.on('imports patched', (run: Run) => heard.push(run))
      const preview = await importOf(newProducts(250, 'Bulk'), {}, owner)
      expect(preview.body).toMatchObject({ records: 250, lastRow: 251, counts: { new: 250, errors: 0 } })
      const started = await startFrom(preview.body._id, false, owner)
      expect(started.body.total).toBe(250)
      const done = await finished(started.body._id, owner)
      expect(done).toMatchObject({ status: 'done', records: 250, lastRow: 251, counts: { new: 250, modified: 0, errors: 0 } })
      // Batch by batch: a batch is importBatchSize records, or fewer while the test's own calls keep the
      // process busy (a crowd of calls: the import then gives way in small steps, decision 0176).
      await expect.poll(() => heard.filter((run) => run._id === started.body._id).at(-1)?.status, PATIENCE).toBe('done')
      const progress = heard.filter((run) => run._id === started.body._id && run.status === 'running').map((run) => run.records)
      expect(progress.filter((records) => records > 0).length).toBeGreaterThanOrEqual(
        Math.ceil(250 / importBatchSize(dialect)) - 1
      )
      expect(progress).toEqual([...progress].sort((x, y) => x - y))
      expect(progress.every((records) => records <= 250)).toBe(true)
      expect(heard.filter((run) => run._id === started.body._id).at(-1)).toMatchObject({ status: 'done', records: 250 })
      expect(await productCount(owner)).toBe(250)
    } finally {
      socket.close()
    }
  })

  it('creates a batch of new products together in a few statements, and one by one when one of them is refused (decision 0175)', async () => {
    const owner = await shopOwner(t.url, 'Together')
    const statements: string[] = []
    const listen = (query: { sql: string }) => {
      if (/"products"|products as p/.test(query.sql)) statements.push(query.sql)
    }
    t.db.knex.on('query', listen)
    try {
      const done = await importOf(newProducts(100, 'Batch'), { dryRun: false }, owner)
      expect(done.body.counts).toMatchObject({ new: 100, errors: 0 })
    } finally {
      t.db.knex.off('query', listen)
    }
    // Preview and import: one insert per batch of new products (one by one would be 100 inserts each). A
    // batch is importBatchSize records, or as few as 10 while the test's own calls keep the process busy.
    const inserts = statements.filter((sql) => /^insert into "products"/.test(sql)).length
    expect(inserts).toBeGreaterThanOrEqual(2 * Math.ceil(100 / importBatchSize(dialect)))
    expect(inserts).toBeLessThanOrEqual(2 * Math.ceil(100 / 10))
    expect(statements.length).toBeLessThan(10 * inserts)
    expect(await productCount(owner)).toBe(100)

    // Two rows with the same POS code: the batch goes in one by one, and only the second is refused.
    const columns = [...COLUMNS, { field: 'posCode', header: 'POS code', kind: 'text' }]
    const sheet = 'Name (English),Price,POS code\nOne,1,P-1\nTwo,2,P-2\nThree,3,P-1\nFour,4,P-4\n'
    const mixed = await importOf(sheet, { dryRun: false, columns }, owner)
    expect(mixed.body.counts).toMatchObject({ new: 3, errors: 1 })
    expect(mixed.body.errorRows.map((row) => row.row)).toEqual([4])
    expect((mixed.body.errorRows[0].problems as Body[])[0]).toMatchObject({ key: 'errors.duplicateCode', field: 'posCode' })
    expect(await productCount(owner)).toBe(103)
  })

  it('previews new products without their derived writes (keywords, status), which the import then makes (decision 0176)', async () => {
    const owner = await shopOwner(t.url, 'Derived')
    const updates: string[] = []
    const listen = (query: { sql: string }) => {
      if (/^update products as p/.test(query.sql)) updates.push(query.sql)
    }
    t.db.knex.on('query', listen)
    let preview: Awaited<ReturnType<typeof importOf>>
    try {
      preview = await importOf(newProducts(30, 'Derived'), {}, owner)
    } finally {
      t.db.knex.off('query', listen)
    }
    expect(preview.body.counts).toMatchObject({ new: 30, errors: 0 })
    expect(updates).toEqual([])
    t.db.knex.on('query', listen)
    try {
      const started = await startFrom(preview.body._id, false, owner)
      expect(await finished(started.body._id, owner)).toMatchObject({ status: 'done', counts: { new: 30 } })
    } finally {
      t.db.knex.off('query', listen)
    }
    expect(updates.some((sql) => /set keywords/.test(sql))).toBe(true)
    expect(updates.some((sql) => /"cachedInventory"/.test(sql))).toBe(true)
    const found = (await (
      await api(`products?shop=${owner.shopId}&$search=Derived 7&$select[]=name&$select[]=status`, owner)
    ).json()) as {
      data: { name: unknown; status: string }[]
    }
    // The search reads the keywords the import wrote.
    expect(found.data.map((product) => JSON.stringify(product.name))).toContain(JSON.stringify({ en: 'Derived 7' }))
  })

  it('stops at a cancel after the batch in progress, and keeps what the batches before it wrote', async () => {
    const owner = await shopOwner(t.url, 'Cancel')
    const preview = await importOf(newProducts(1000, 'Many'), {}, owner)
    expect(preview.body.counts.new).toBe(1000)
    // The merchant's cancel lands as the first batch's progress is heard.
    const listener = (run: Run) => {
      if (run.shop === owner.shopId && !run.dryRun && run.records > 0)
        void api(`imports/${run._id}?shop=${owner.shopId}`, owner, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ cancel: true })
        })
    }
    t.app.service('imports').on('patched', listener)
    try {
      const started = await startFrom(preview.body._id, false, owner)
      const run = await finished(started.body._id, owner)
      expect(run.status).toBe('cancelled')
      expect(run.cancel).toBe(true)
      expect(run.records).toBeGreaterThan(0)
      expect(run.records).toBeLessThan(1000)
      expect(run.counts.new).toBe(run.records)
      expect(await productCount(owner)).toBe(run.counts.new)
    } finally {
      t.app.service('imports').off('patched', listener)
    }
  })

  it('restarts after a crash from the stored restart point, adding to the counts already stored', async () => {
    const owner = await shopOwner(t.url, 'Restart')
    const preview = await importOf(newProducts(250, 'Again'), {}, owner)
    // The import's record without its job, as a crash after its first batch left it.
    const { run, env } = await startWithoutJob(preview.body._id, owner)
    for (let i = 1; i <= 100; i++)
      await t.app.service('products').create({ name: `Again ${i}`, price: i * 100 }, { query: { shop: owner.shopId } })
    await t.db
      .knex('imports')
      .where({ _id: run._id })
      .update({
        status: 'running',
        startedAt: new Date(),
        records: 100,
        lastRow: 101,
        counts: JSON.stringify({ new: 100, modified: 0, unchanged: 0, errors: 0 })
      })
    await runImportRun(env, { shop: owner.shopId, run: run._id })
    // A second delivery of the same job changes nothing more.
    await runImportRun(env, { shop: owner.shopId, run: run._id })
    const done = await runOf(run._id, owner)
    expect(done).toMatchObject({ status: 'done', records: 250, lastRow: 251, counts: { new: 250, modified: 0, errors: 0 } })
    const names = (
      (await (await api(`products?shop=${owner.shopId}&$limit=500&$select[]=name`, owner)).json()) as {
        data: { name: unknown }[]
      }
    ).data.map((product) => JSON.stringify(product.name))
    expect(names).toHaveLength(250)
    expect(new Set(names).size).toBe(250)
  })

  it('gives way to a crowd of callers: while they keep the process busy it imports in steps of 10 (decision 0176)', async () => {
    const owner = await shopOwner(t.url, 'Give way')
    const preview = await importOf(newProducts(45, 'Yield'), {}, owner)
    const { run, env } = await startWithoutJob(preview.body._id, owner)
    const inserts: string[] = []
    const listen = (query: { sql: string }) => {
      if (/^insert into "products"/.test(query.sql)) inserts.push(query.sql)
    }
    t.db.knex.on('query', listen)
    try {
      await runImportRun({ ...env, giveWayTo: { busy: () => true, busyFor: () => 1_000 } }, { shop: owner.shopId, run: run._id })
    } finally {
      t.db.knex.off('query', listen)
    }
    expect(await runOf(run._id, owner)).toMatchObject({ status: 'done', records: 45, counts: { new: 45, errors: 0 } })
    expect(inserts).toHaveLength(5)
    expect(await productCount(owner)).toBe(45)
  })

  it('refuses a second import into the same list while one waits or runs (409 import.busy); a preview runs beside it', async () => {
    const owner = await shopOwner(t.url, 'Busy')
    const preview = await importOf(newProducts(5, 'Busy'), {}, owner)
    const service = runs()
    const jobs = service.jobs
    const env = service.env!
    service.jobs = undefined
    service.env = undefined
    let answers: { status: number; body: Run }[]
    try {
      answers = await Promise.all([startFrom(preview.body._id, false, owner), startFrom(preview.body._id, false, owner)])
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
      expect(answers.find((answer) => answer.status === 409)!.body.data).toMatchObject({ key: 'import.busy' })
      expect((await startFrom(preview.body._id, true, owner)).status).toBe(201)
    } finally {
      service.jobs = jobs
      service.env = env
    }
    const first = answers.find((answer) => answer.status === 201)!.body
    await runImportRun(env, { shop: owner.shopId, run: first._id })
    expect((await runOf(first._id, owner)).counts.new).toBe(5)
    // Once it ended, the next import may start.
    expect((await startFrom(preview.body._id, false, owner)).status).toBe(201)
  })

  it("clears the shop's records the sheet does not name, only in this shop, when the template says so; the preview counts them", async () => {
    const owner = await shopOwner(t.url, 'Clear')
    const keep = await create(owner, 'products', { name: 'Keep', price: 100, posCode: 'K-1' })
    const gone = await create(owner, 'products', { name: 'Gone', price: 100, posCode: 'G-1' })
    const bs = await create(b, 'products', { name: 'B keeps', price: 100, posCode: 'G-2' })
    const template = await create(owner, 'importTemplates', {
      name: 'Full list',
      targetRoute: 'products',
      headerRow: 1,
      dataStartRow: 2,
      clearPrevious: true,
      mappings: [
        { field: 'posCode', header: 'Code', sourceType: 'single', key: true },
        { field: 'name', header: 'Name', sourceType: 'single' },
        { field: 'price', header: 'Price', sourceType: 'single' }
      ]
    })
    const sheet = ['Code,Name,Price', 'K-1,Keep,2', 'N-1,New one,3'].join('\n')
    const preview = await importOf(sheet, { template: template._id }, owner)
    expect(preview.body.counts).toEqual({ new: 1, modified: 1, unchanged: 0, errors: 0, removed: 1 })
    expect(await productCount(owner)).toBe(2)
    const started = await startFrom(preview.body._id, false, owner)
    const done = await finished(started.body._id, owner)
    expect(done.counts).toEqual({ new: 1, modified: 1, unchanged: 0, errors: 0, removed: 1 })
    expect((await api(`products/${gone._id}?shop=${owner.shopId}`, owner)).status).toBe(404)
    expect((await api(`products/${keep._id}?shop=${owner.shopId}`, owner)).status).toBe(200)
    expect(await productCount(owner, '&posCode=N-1')).toBe(1)
    expect((await api(`products/${bs._id}?shop=${b.shopId}`, b)).status).toBe(200)
  })
})
