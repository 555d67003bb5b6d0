import dns2 from 'dns2'
import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { startServer } from '../support/server'

// apps/web/src/features/eshop-domains/eshop-domains.messages.ts, cht.
const EMPTY = '還沒有網域。加入你擁有的網域，或購買新網域。'
const PENDING = '待驗證'
const VERIFIED = '已驗證'
const NO_RECORD = '兩項記錄都找不到。DNS 變更可能需要幾分鐘至幾小時才會生效。'
const PUBLIC_HOST = 'shops.test'

/** A real DNS server on loopback: the app's domain check asks it (DNS_SERVERS), as it would ask any resolver. */
const txtRecords = new Map<string, string[]>()
let dnsAddress = ''
const startDns = async () => {
  const { Packet } = dns2
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request)
      const [question] = request.questions
      for (const data of txtRecords.get(question.name.toLowerCase()) ?? [])
        if (question.type === Packet.TYPE.TXT)
          response.answers.push({
            name: question.name,
            type: Packet.TYPE.TXT,
            class: Packet.CLASS.IN,
            ttl: 1,
            data
          } as unknown as (typeof response.answers)[number])
      send(response)
    }
  })
  const addresses = (await server.listen({ udp: { port: 0, address: '127.0.0.1' } })) as unknown as { udp: { port: number } }
  dnsAddress = `127.0.0.1:${addresses.udp.port}`
  return server
}

/** Domains (spec §3.13, decision 0112) as a merchant uses them in cht: park, verify, alias, buy. */
describe('domains', () => {
  const app = useApp({
    startServer: async () => {
      const dns = await startDns()
      const server = await startServer({ env: { DOMAIN_REGISTRAR: 'local', DNS_SERVERS: dnsAddress, PUBLIC_HOST } })
      return { ...server, stop: async () => (await server.stop(), await dns.close()) }
    }
  })
  let owner: Merchant
  const ownerOnce = async () => (owner ??= await merchant(app.server.url, 'domains'))

  it('parks a domain, verifies it by its TXT record and makes it the alias, asking before removing it', async () => {
    const who = await ownerOnce()
    const page = await app.openAs(who, `/${who.shop!._id}/eshop/domains`, { lang: 'cht', viewport: { width: 1440, height: 900 } })
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    const editor = new EditorPage(page)
    await expect.poll(() => shell.text(table.empty()), poll).toBe(EMPTY)
    await table.emptyAction().click()
    await expect.poll(() => editor.mode(), poll).toBe('new')
    const name = `shop-${Date.now().toString(36)}.example.org`
    await editor.fill('name', `  ${name.toUpperCase()} `)
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await expect.poll(() => table.cellTexts('name'), poll).toEqual([name])
    expect(await table.cellTexts('status')).toEqual([PENDING])

    await table.editRow(0)
    await expect.poll(() => shell.text(page.getByTestId('domain-status')), poll).toBe(PENDING)
    // Nothing at the name yet: still pending, and why.
    await page.getByTestId('domain-verify').click()
    await expect.poll(() => shell.text(page.getByTestId('domain-reason')), poll).toContain(NO_RECORD)
    expect(await shell.text(page.getByTestId('domain-record-TXT-status'))).toBe('找不到')
    // The merchant adds the exact record shown, and checks again.
    const value = (await page.getByTestId('domain-record-TXT-value').textContent()) ?? ''
    expect(value).toMatch(/^emporia-verify=[0-9a-f]{32}$/)
    txtRecords.set(name, [value])
    await page.getByTestId('domain-verify').click()
    await expect.poll(() => shell.text(page.getByTestId('domain-status')), poll).toBe(VERIFIED)
    expect(await shell.text(page.getByTestId('domain-record-TXT-status'))).toBe('已找到')

    await page.getByTestId('domain-set-alias').click()
    await expect.poll(() => shell.text(page.getByTestId('domain-notice')), poll).toBe(`商店別名現為 ${name}`)
    await expect.poll(() => page.getByTestId('domain-is-alias').count(), poll).toBe(1)
    await page.getByTestId('domain-remove-alias').click()
    await expect.poll(() => shell.text(page.getByTestId('confirm-text')), poll).toContain(`移除 ${name} 作為商店別名？`)
    await page.getByTestId('confirm-ok').click()
    await expect.poll(() => shell.text(page.getByTestId('domain-notice')), poll).toBe('商店現在沒有別名')
    await expect.poll(() => page.getByTestId('domain-set-alias').count(), poll).toBe(1)
    await page.screenshot({ path: '/tmp/domains-editor-cht.png' })
    await editor.close()
    await expect.poll(() => table.cellTexts('status'), poll).toEqual([VERIFIED])
  })

  it('searches a name, shows availability and price, and buys it only once the terms are agreed and confirmed', async () => {
    const who = await ownerOnce()
    const page = await app.openAs(who, `/${who.shop!._id}/eshop/domains/purchase`, { lang: 'cht' })
    const shell = new Shell(page)
    await page.getByTestId('domain-search').fill('taken.com')
    await page.getByTestId('domain-search-button').click()
    await expect.poll(() => shell.text(page.getByTestId('domain-unavailable')), poll).toBe('taken.com 無法購買 已有人使用。')

    const name = `brand-${Date.now().toString(36)}.com`
    await page.getByTestId('domain-search').fill(name)
    await page.getByTestId('domain-search-button').click()
    await expect.poll(() => shell.text(page.getByTestId('domain-available')), poll).toBe(`${name} 可以購買`)
    expect(await shell.text(page.getByTestId('domain-price'))).toBe('每年 $98.00 HKD')
    expect(await page.getByTestId('domain-buy').isDisabled()).toBe(true)
    await page.getByTestId('domain-agree').check()
    await page.getByTestId('domain-buy').click()
    await expect
      .poll(() => shell.text(page.getByTestId('confirm-text')), poll)
      .toBe(`以 $98.00 HKD 購買 ${name}，為期 1 年？此操作無法復原。`)
    await page.getByTestId('confirm-ok').click()
    await expect.poll(() => shell.text(page.getByTestId('domain-bought')), poll).toContain(`${name} 已屬於你`)
    await page.getByTestId('domain-open').click()
    await expect.poll(() => shell.text(page.getByTestId('domain-status')), poll).toBe(VERIFIED)
    await page.screenshot({ path: '/tmp/domains-purchase-cht.png' })
  })
})
