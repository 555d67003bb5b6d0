import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { client } from '../../support/catalogue-support'

/** What the rich-text editor writes (headings, lists, a link, a colour) next to what a hostile client adds. */
const EDITOR =
  '<h3>Brewing</h3><ul><li><p>Hot water</p></li></ul>' +
  '<p><a target="_blank" rel="noopener noreferrer" href="https://example.com/tea">guide</a> ' +
  '<span style="color: #f44336">red</span></p>'
const KEPT =
  '<h3>Brewing</h3><ul><li><p>Hot water</p></li></ul>' +
  '<p><a target="_blank" rel="noopener noreferrer" href="https://example.com/tea">guide</a> ' +
  '<span style="color:#f44336">red</span></p>'
const HOSTILE =
  '<p onmouseover="steal()">x<script>alert(1)</script></p><a href="javascript:alert(1)">y</a>' +
  '<span style="position:fixed;background-image:url(https://evil.example/x)">z</span><iframe src="https://evil.example"></iframe>'
const CLEANED = '<p>x</p><a>y</a><span>z</span>'

describe.each(await dialects())('product rich-text content (%s)', (dialect) => {
  let t: TestApp
  let api: ReturnType<typeof client>
  beforeAll(async () => {
    t = await startTestApp(dialect)
    api = client(t, await shopOwner(t.url, 'Rich text tea'))
  })
  afterAll(() => t.close())

  const stored = async (id: string) =>
    ((await t.db.knex('products').where({ _id: id }).first('content')) as { content: unknown }).content

  it('keeps the editor’s formatting and strips the rest on create, patch, $set and update', async () => {
    const { _id } = await api.made('products', { name: 'Oolong', price: 900, content: EDITOR + HOSTILE })
    expect(await stored(_id)).toBe(KEPT + CLEANED)

    await api.patch(`products/${_id}`, { content: { en: HOSTILE, cht: EDITOR } })
    expect(await stored(_id)).toEqual({ en: CLEANED, cht: KEPT })

    await api.patch(`products/${_id}`, { $set: { content: { chs: `${HOSTILE}<h6 onclick="x()">t</h6>` } } })
    expect(await stored(_id)).toEqual({ chs: `${CLEANED}<h6>t</h6>` })

    const replaced = await api.update(`products/${_id}`, { name: 'Oolong', price: 900, content: `<ol><li>${HOSTILE}</li></ol>` })
    expect(replaced.status).toBe(200)
    expect(await stored(_id)).toBe(`<ol><li>${CLEANED}</li></ol>`)
    expect((await api.get(`products/${_id}`)).body).toMatchObject({ content: `<ol><li>${CLEANED}</li></ol>` })
  })

  it('still refuses content the schema refuses', async () => {
    const refused = await api.create('products', { name: 'Too long', price: 1, content: 'x'.repeat(100_001) })
    expect(refused.status).toBe(400)
  })
})
