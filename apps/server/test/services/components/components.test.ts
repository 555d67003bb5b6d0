import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { shopOwner } from '../../support/accounts'
import { call, connect } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { PATIENCE } from '../../support/waits'
import { client, type Owner } from '../../support/catalogue-support'
import { componentOf, fields, html, placed, text } from '../../support/site-support'

type Body = Record<string, unknown>

describe.each(await dialects())('components (%s)', (dialect) => {
  let t: TestApp
  let owner: Owner
  let other: Owner
  let api: ReturnType<typeof client>
  beforeAll(async () => {
    t = await startTestApp(dialect)
    owner = await shopOwner(t.url, 'Components')
    other = await shopOwner(t.url, 'Other')
    api = client(t, owner)
  })
  afterAll(() => t.close())

  it('refuses what the page model finds wrong, each problem on its field, through every door', async () => {
    const bad = componentOf('Bad', [
      { id: 'a', type: 'text', props: { text: 'Hi', nosuch: 1 } },
      { id: 'a', type: 'nosuch', props: {} }
    ])
    const refused = await api.create('components', bad)
    expect(refused.status).toBe(400)
    expect(fields(refused.body)).toEqual([
      'content.0.props.nosuch format.unknownField',
      'content.1.id pages.duplicateId',
      'content.1.type pages.unknownComponent'
    ])
    const good = await api.made('components', componentOf('Good', [text('a')]))
    // A plain patch, an operator, a replace and a batch create: the same rule, nothing stored.
    expect(fields((await api.patch(`components/${good._id}`, { content: [text('a', 5)] })).body)).toEqual([
      'content.0.props.text format.invalid'
    ])
    expect(fields((await api.patch(`components/${good._id}`, { $push: { content: text('a') } })).body)).toEqual([
      'content.1.id pages.duplicateId'
    ])
    expect(fields((await api.patch(`components/${good._id}`, { $set: { content: [text('a', 7)] } })).body)).toContain(
      'content.0.props.text format.invalid'
    )
    expect(
      fields((await api.update(`components/${good._id}`, componentOf('Good', [{ id: 'x', type: 'zzz', props: {} }]))).body)
    ).toEqual(['content.0.type pages.unknownComponent'])
    const batch = await api.create('components', [componentOf('One', [text('a')]), componentOf('Two', [text('a', 3)])])
    expect(batch.status).toBe(400)
    expect((await api.get('components', '&name=One')).body?.total).toBe(0)
    expect((await api.get(`components/${good._id}`)).body).toMatchObject({ content: [text('a')] })
    // Multi patch is no door at all.
    expect((await api.patch('components', { name: 'All' })).status).toBe(405)
  })

  it('checks over the socket as over REST', async () => {
    const socket = await connect(t.url)
    try {
      await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: owner.token })
      const made = await call(socket, 'create', 'components', componentOf('Socket', [text('a')]), { shop: owner.shopId })
      const error = await call(
        socket,
        'patch',
        'components',
        made._id,
        { content: [text('a', 1)] },
        { shop: owner.shopId }
      ).catch((e: Body) => e)
      expect(error).toMatchObject({ code: 400, errors: [{ field: 'content.0.props.text', key: 'format.invalid' }] })
    } finally {
      socket.close()
    }
  })

  it('places only components of the shop, never itself, directly or in a cycle', async () => {
    const foreign = await client(t, other).made('components', componentOf('Theirs', [text('a')]))
    expect(fields((await api.create('components', componentOf('Uses', [placed('p', foreign._id)]))).body)).toEqual([
      'content.0.component pages.noSuchComponent'
    ])
    const a = await api.made('components', componentOf('A', [text('t')]))
    const b = await api.made('components', componentOf('B', [placed('p', a._id)]))
    expect(fields((await api.patch(`components/${a._id}`, { content: [placed('self', a._id)] })).body)).toEqual([
      'content.0.component pages.componentLoop'
    ])
    expect(
      fields(
        (
          await api.patch(`components/${a._id}`, {
            content: [{ id: 'box', type: 'container', props: {}, children: [placed('p', b._id)] }]
          })
        ).body
      )
    ).toEqual(['content.0.children.0.component pages.componentLoop'])
    // A placed component's props are checked by the types it declares.
    const card = await api.made('components', componentOf('Card', [], { props: { title: { type: 'tran', default: '' } } }))
    expect(
      fields((await api.create('components', componentOf('Uses card', [placed('c', card._id, { title: 3 })]))).body)
    ).toEqual(['content.0.props.title format.invalid'])
  })

  it('sanitises rich text on write: the record, the answer and the event carry the clean text', async () => {
    const socket = await connect(t.url)
    const heard: Body[] = []
    socket.on('components patched', (data: Body) => heard.push(data))
    await call(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: owner.token })
    try {
      const dirty =
        '<p style="color:red;position:fixed" onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>'
      const made = await api.made(
        'components',
        componentOf('Rich', [html('h', { en: dirty, cht: '<img src="data:x" alt="a"><b>粗</b>' })], {
          dataType: { intro: 'html', plain: 'string' },
          data: { intro: '<h2 onmouseover="y()">Intro</h2>', plain: '<b>kept</b>' },
          props: { body: { type: 'html', default: '<iframe src="https://x"></iframe><em>ok</em>' } }
        })
      )
      const clean = {
        content: [html('h', { en: '<p style="color:red">Hi</p><a>x</a>', cht: '<b>粗</b>' })],
        data: { intro: '<h2>Intro</h2>', plain: '<b>kept</b>' },
        props: { body: { type: 'html', default: '<em>ok</em>' } }
      }
      expect(made).toMatchObject(clean)
      expect((await api.get(`components/${String(made._id)}`)).body).toMatchObject(clean)
      // An operator's text is sanitised too, and the event says what was stored.
      const patched = await api.patch(`components/${String(made._id)}`, {
        $set: { data: { intro: '<h3>New</h3><script>x</script>', plain: '' } },
        $push: { content: html('more', '<b onclick="z()">More</b>') }
      })
      const after = { data: { intro: '<h3>New</h3>' }, content: [clean.content[0], html('more', '<b>More</b>')] }
      expect(patched.body).toMatchObject(after)
      // This test's only patch: its event comes once, whenever a busy machine delivers it.
      await vi.waitFor(() => expect(heard).not.toEqual([]), PATIENCE)
      expect(heard.at(-1)).toMatchObject(after)
      const row = (await t.db.knex('components').where({ _id: made._id }).first()) as Body
      expect(row).toMatchObject(after)
    } finally {
      socket.close()
    }
  })

  it('refuses to remove a component a page shows or another component places, naming it', async () => {
    const shown = await api.made('components', componentOf('Shown', [text('a')]))
    const page = await api.made('pages', { name: { en: 'About us' }, path: '/about-shown', component: shown._id })
    expect(await api.remove(`components/${shown._id}`)).toMatchObject({
      status: 409,
      body: { data: { key: 'pages.componentInUse', values: { name: 'About us' } } }
    })
    const inner = await api.made('components', componentOf('Inner', [text('a')]))
    const outer = await api.made(
      'components',
      componentOf('Outer', [{ id: 'box', type: 'container', props: {}, children: [placed('p', inner._id)] }])
    )
    expect(await api.remove(`components/${inner._id}`)).toMatchObject({
      status: 409,
      body: { data: { key: 'pages.componentInUse', values: { name: 'Outer' } } }
    })
    expect((await api.remove(`pages/${page._id}`)).status).toBe(200)
    expect((await api.remove(`components/${shown._id}`)).status).toBe(200)
    expect((await api.remove(`components/${outer._id}`)).status).toBe(200)
    expect((await api.remove(`components/${inner._id}`)).status).toBe(200)
  })
})
