import { readFile } from 'node:fs/promises'
import { describe, expect, it, inject } from 'vitest'
import yauzl from 'yauzl'
import { startMiniDouble } from '../../apps/server/test/support/mini-double'
import { DataTablePage } from '../pages/data-table'
import { Shell } from '../pages/shell'
import { merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { writePublishedTopic } from '../support/mini'
import { stockedProduct } from '../support/orders'
import { e2eServerEnv } from '../support/paid-features'
import { createRecord } from '../support/records'
import { startServer } from '../support/server'

// apps/web/src/features/mini-topics and mini-members messages, cht.
const TOPICS_EMPTY = '尚未有專題頁。已發佈的專題會在應用程式和小程序中顯示為活動頁。'
const PROGRAM_ID = 'wxe2e00000000001'
const SECRET = 'e2e-double-secret-0001'

/**
 * The mini-program in the back office (decisions 0204, 0205), in cht: a merchant in the trial (the app
 * feature with it) opens Mini → Topics from the drawer, writes a topic showing a product and sees it
 * listed; a shopper signs in through the mini-program (the platform's login exchanged with a local double)
 * and Mini → Members lists them with their channel.
 */
describe('mini-program topics and members', () => {
  let double: Awaited<ReturnType<typeof startMiniDouble>>
  const app = useApp({
    startServer: async () => {
      double = await startMiniDouble()
      double.program(PROGRAM_ID, SECRET)
      const server = await startServer({ env: { ...e2eServerEnv(inject('stripeDoubleUrl')), MINI_API_BASE: double.url } })
      return { ...server, stop: async () => (await server.stop(), await double.close()) }
    }
  })

  it('writes a topic with a product from the drawer, and lists a shopper signed in through the mini-program', async () => {
    const base = app.server.url
    const who = await merchant(base, 'mini')
    const shopId = who.shop!._id
    await stockedProduct(base, who, '凍頂烏龍', 12800, 5)
    await createRecord(base, who, 'mini/settings', { programId: PROGRAM_ID, secret: SECRET })

    const office = await app.openAs(who, `/${shopId}/dashboard`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const shell = new Shell(office)
    const table = new DataTablePage(office)
    await shell.menu('mini').first().click()
    await shell.menu('mini/topics').click()
    await expect.poll(() => shell.text(table.empty()), poll).toBe(TOPICS_EMPTY)
    expect(await shell.text(shell.title())).toBe('小程序專題')
    await writePublishedTopic(office, { name: '秋茶節', product: { search: '凍頂', pick: '凍頂烏龍' } })
    expect(await table.cellTexts('status')).toEqual(['已發佈'])
    expect(await table.cellTexts('products')).toEqual(['1'])

    // A shopper opens the mini-program: the platform hands it a login code, which the shop exchanges.
    const { subdomain } = who.shop as { subdomain: string }
    const signIn = await fetch(`${base}/s/${subdomain}/_commerce/mini/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: double.code(PROGRAM_ID, 'openid-e2e-0001'), nickname: '小明' })
    })
    expect(signIn.status).toBe(200)
    // The topic is the shop's campaign page for the app and the mini-program.
    const topics = (await (await fetch(`${base}/s/${subdomain}/_commerce/topics`)).json()) as { data: { name: string }[] }
    expect(topics.data.map((topic) => topic.name)).toEqual(['秋茶節'])

    await shell.menu('mini/members').click()
    await expect.poll(() => table.cellTexts('name'), poll).toEqual(['小明'])
    expect(await table.cellTexts('channel')).toEqual(['小程序'])
    await expect.poll(() => table.cellTexts('_id'), poll).toEqual(['0'])
  })

  it('saves the program id and secret on Mini → Settings, then downloads the package filled in for the shop', async () => {
    const base = app.server.url
    const who = await merchant(base, 'mini-package')
    const shopId = who.shop!._id
    const office = await app.openAs(who, `/${shopId}/dashboard`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const shell = new Shell(office)
    await shell.menu('mini').first().click()
    // The group and its first entry, the settings, share the key.
    await expect.poll(() => shell.menu('mini').count(), poll).toBe(2)
    await shell.menu('mini').last().click()
    const download = office.getByTestId('mini-package-download')
    // No program id yet: the button waits, and says why.
    await expect.poll(() => download.isDisabled(), poll).toBe(true)
    expect(await shell.text(office.getByTestId('mini-package-hint'))).toBe('請先儲存小程序編號，才可下載套件。')
    await office.getByTestId('field-programId').fill(PROGRAM_ID)
    await office.getByTestId('field-secret').fill(SECRET)
    await office.getByTestId('mini-settings-save').click()
    await expect.poll(() => download.isDisabled(), poll).toBe(false)

    const [file] = await Promise.all([office.waitForEvent('download'), download.click()])
    const entries = await unzip(await readFile((await file.path())!))
    const config = JSON.parse(entries.get('project.config.json') ?? '{}') as { appid?: string }
    expect(config.appid).toBe(PROGRAM_ID)
    expect(entries.has('app.json')).toBe(true)
    const holding = (part: string) => [...entries].filter(([, text]) => text.includes(part)).map(([name]) => name)
    // The shop's id and its storefront address are filled in; no placeholder and never the secret is left.
    expect(holding(shopId).length).toBeGreaterThan(0)
    const { subdomain } = who.shop as { subdomain: string }
    expect(holding(`/s/${subdomain}`).length).toBeGreaterThan(0)
    expect([...holding('@@EMPORIA_API_BASE@@'), ...holding('@@EMPORIA_SHOP@@'), ...holding(SECRET)]).toEqual([])
  })
})

/** Every file of a zip as text, by its name. */
const unzip = (bytes: Buffer) =>
  new Promise<Map<string, string>>((resolve, reject) => {
    const files = new Map<string, string>()
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'))
      zip.on('error', reject)
      zip.on('end', () => resolve(files))
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry()
        zip.openReadStream(entry, (failed, stream) => {
          if (failed || !stream) return reject(failed ?? new Error('unreadable entry'))
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('end', () => (files.set(entry.fileName, Buffer.concat(chunks).toString('utf8')), zip.readEntry()))
        })
      })
      zip.readEntry()
    })
  })
