import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { post, shopOwner } from '../../support/accounts'
import { call, connect } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { PATIENCE } from '../../support/waits'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Body = Record<string, unknown>
/** The products' descriptions as the web's import screen sends them: the kinds the script's fields are read as. */
const COLUMNS = [
  { field: 'name', header: 'Name (English)', kind: 'translatable', lang: 'en' },
  { field: 'name', header: 'Name (繁體中文)', kind: 'translatable', lang: 'cht' },
  { field: 'price', header: 'Price', kind: 'money' },
  { field: 'popular', header: 'Popular', kind: 'boolean' }
]
type Run = Body & { status: string; counts: Record<string, number>; outcomes: Body[]; errorRows: Body[]; headers: string[] }

/** A supplier's sheet no export wrote: its own titles, prices in dollars, a row to skip. */
const SHEET = ['Item,Dollars,Note', 'Green tea,12.5,', 'Oolong,18,', 'Old stock,3,skip', 'Spinner,1,spin', 'Broken,x,'].join('\n')
const SCRIPT = `if (row.Note === 'skip') return null
if (row.Note === 'spin') { while (true) {} }
if (isNaN(Number(row.Dollars))) throw new Error('no price for ' + row.Item)
return { 'name.en': row.Item, 'name.cht': row.Item, price: Number(row.Dollars), popular: rowNumber === 2 }`

describe.each(await dialects())('imports with a script template (decision 0171, %s)', (dialect) => {
  let t: TestApp
  let a: Owner

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${t.url}/api/${path}`, { ...init, headers: { ...(init.headers ?? {}), authorization: `Bearer ${a.token}` } })
  const finished = async (run: Body): Promise<Run> => {
    let body = run as Run
    await expect
      .poll(async () => {
        body = (await (await api(`imports/${String(run._id)}?shop=${a.shopId}`)).json()) as Run
        return ['done', 'failed', 'cancelled'].includes(body.status)
      }, PATIENCE)
      .toBe(true)
    return body
  }
  const upload = async (template: string) => {
    const form = new FormData()
    form.append('request', JSON.stringify({ shop: a.shopId, target: 'products', columns: COLUMNS, template }))
    form.append('file', new Blob([SHEET]), 'supplier.csv')
    const response = await api('imports', { method: 'POST', body: form })
    expect(response.status).toBe(201)
    return finished((await response.json()) as Body)
  }
  const names = async () =>
    ((await (await api(`products?shop=${a.shopId}&$limit=50`)).json()) as { data: { name: Body; price: number }[] }).data
      .map((product) => [product.name.en, product.price])
      .sort()

  beforeAll(async () => {
    t = await startTestApp(dialect)
    a = await shopOwner(t.url, 'Scripted')
  })
  afterAll(() => t?.close())

  it("previews a supplier's sheet through the script, a row that never ends and a throw as row errors, then imports the rest", async () => {
    const saved = await post(
      t.url,
      'importTemplates',
      { name: 'Supplier', targetRoute: 'products', headerRow: 1, dataStartRow: 2, mappings: [], script: SCRIPT },
      a.token,
      `?shop=${a.shopId}`
    )
    expect(saved.status).toBe(201)
    const template = String((saved.body as Body)._id)

    const preview = await upload(template)
    expect(preview.status).toBe('done')
    expect(preview.headers).toEqual(['name.en', 'name.cht', 'price', 'popular'])
    expect(preview.counts).toMatchObject({ new: 2, modified: 0, unchanged: 0, errors: 2 })
    expect(preview.errorRows.map((row) => [row.row, (row.problems as Body[])[0].key])).toEqual([
      [5, 'import.scriptTimeout'],
      [6, 'import.scriptError']
    ])
    expect(((preview.errorRows[1].problems as Body[])[0] as Body).message).toMatch(/no price for Broken/)
    expect(await names()).toEqual([])

    // The import after its preview: a run over the preview's file, created as the screen does, over its socket.
    const socket = await connect(t.url)
    await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: a.token })
    const run = await call(socket, 'create', 'imports', { from: preview._id, dryRun: false }, { shop: a.shopId })
    socket.disconnect()
    const done = await finished(run as Body)
    expect(done.counts).toMatchObject({ new: 2, errors: 2 })
    expect(await names()).toEqual([
      ['Green tea', 1250],
      ['Oolong', 1800]
    ])
  })
})
