import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, memberOf, type Owner } from '../../support/catalogue-support'
import { shopOwner } from '../../support/accounts'
import { json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { shopByVerifiedDomain } from '../../../src/domains/eshop/domains/shop-by-domain'
import { makeResolver } from '../../../src/domains/eshop/domains/dns-check'
import { recheckDomains } from '../../../src/domains/eshop/domains/domain-recheck'
import { startDnsServer } from './domains-dns'

type Body = Record<string, unknown>
const PUBLIC_HOST = 'shops.test'
const unique = () => Math.random().toString(36).slice(2, 10)

describe.each(await dialects())('domains: park, verify by DNS, alias, register (%s)', (dialect) => {
  let t: TestApp
  let dns: Awaited<ReturnType<typeof startDnsServer>>
  let a: Owner
  let b: Owner
  let apiA: ReturnType<typeof client>
  let apiB: ReturnType<typeof client>
  let subdomainA: string

  beforeAll(async () => {
    dns = await startDnsServer()
    t = await startTestApp(dialect, {
      config: { dnsServers: [dns.server], domainRegistrar: 'local', publicHost: PUBLIC_HOST }
    })
    a = await shopOwner(t.url, 'Domains A')
    b = await shopOwner(t.url, 'Domains B')
    apiA = client(t, a)
    apiB = client(t, b)
    subdomainA = ((await shopOf(a)).body as { subdomain: string }).subdomain
  })
  afterAll(async () => {
    await t.close()
    await dns.close()
  })

  const shopOf = (owner: Owner) => json(`${t.url}/api/shops/${owner.shopId}`, { token: owner.token })
  const shopPatch = (owner: Owner, body: unknown) =>
    json(`${t.url}/api/shops/${owner.shopId}`, { method: 'PATCH', token: owner.token, body: JSON.stringify(body) })
  const park = async (api: ReturnType<typeof client>, name: string) => api.made('domains', { name })
  const verify = (api: ReturnType<typeof client>, id: string) => api.create('domains/verify', { domain: id })
  const refused = (status: number, field: string, key: string) => ({ status, body: { data: { field, key } } })

  it('parks a typed host as a lowercased, pending, external domain with the records to add', async () => {
    const name = `shop-${unique()}.example.org`
    const domain = await park(apiA, `  https://${name.toUpperCase()}./  `)
    expect(domain).toMatchObject({ name, status: 'pending', type: 'external', shop: a.shopId })
    expect(domain.token).toMatch(/^[0-9a-f]{32}$/)
    expect((domain.manualConfig as Body).records).toEqual([
      { name, type: 'TXT', value: `emporia-verify=${domain.token}`, status: 'missing', added: null },
      { name, type: 'CNAME', value: `${subdomainA.toLowerCase()}.${PUBLIC_HOST}`, status: 'missing', added: null }
    ])
    for (const bad of ['localhost', 'no spaces.com', '-dash.com', 'a..b.com', `${'x'.repeat(64)}.com`, 'shop.123'])
      expect(await apiA.create('domains', { name: bad })).toMatchObject(refused(400, 'name', 'domain.invalidName'))
    expect(await apiA.create('domains', { name: `mine.${PUBLIC_HOST}` })).toMatchObject(refused(400, 'name', 'domain.ourHost'))
  })

  it('verifies by the TXT record only when it is right, saying why it is still pending', async () => {
    const name = `txt-${unique()}.example.org`
    const domain = await park(apiA, name)
    // Nothing at the name yet.
    const missing = await verify(apiA, domain._id)
    expect(missing).toMatchObject({ status: 201, body: { status: 'pending', checkReason: 'domain.check.noRecord' } })
    // A proof with another token (another shop's, an old one).
    dns.zone.set(name, { txt: ['v=spf1 -all', 'emporia-verify=0123456789abcdef0123456789abcdef'] })
    const wrong = await verify(apiA, domain._id)
    expect(wrong.body).toMatchObject({ status: 'pending', checkReason: 'domain.check.wrongTxt' })
    expect(((wrong.body?.manualConfig as Body).records as Body[])[0]).toMatchObject({
      type: 'TXT',
      status: 'wrong',
      seen: ['emporia-verify=0123456789abcdef0123456789abcdef']
    })
    // A DNS host that fails is not "no record".
    dns.zone.set(name, { fail: true })
    expect((await verify(apiA, domain._id)).body).toMatchObject({ status: 'pending', checkReason: 'domain.check.dnsFailed' })
    dns.zone.set(name, { txt: ['v=spf1 -all', `emporia-verify=${domain.token}`] })
    const right = await verify(apiA, domain._id)
    expect(right.body).toMatchObject({ status: 'verified' })
    expect(right.body?.checkReason ?? null).toBeNull()
    expect(right.body?.verifiedAt).toBeTruthy()
    expect(((right.body?.manualConfig as Body).records as Body[])[0]).toMatchObject({ type: 'TXT', status: 'found' })
    expect((await apiA.get(`domains/${domain._id}`)).body).toMatchObject({ status: 'verified' })
  })

  it('verifies by a CNAME to the shop’s own storefront address, not another one', async () => {
    const name = `www.cname-${unique()}.example.org`
    const domain = await park(apiA, name)
    dns.zone.set(name, { cname: `someone-else.${PUBLIC_HOST}` })
    expect((await verify(apiA, domain._id)).body).toMatchObject({ status: 'pending', checkReason: 'domain.check.wrongCname' })
    dns.zone.set(name, { cname: `${subdomainA.toLowerCase()}.${PUBLIC_HOST}` })
    const right = await verify(apiA, domain._id)
    expect(right.body).toMatchObject({ status: 'verified' })
    expect(((right.body?.manualConfig as Body).records as Body[])[1]).toMatchObject({ type: 'CNAME', status: 'found' })
  })

  it('lets shops claim one name unproven; the first to prove it wins and the other claims go', async () => {
    const name = `claimed-${unique()}.example.org`
    const domain = await park(apiA, name)
    // An unproven claim blocks nobody (issue 28): B may claim it too, whatever the case or a trailing dot.
    const rival = await park(apiB, `${name.toUpperCase()}.`)
    expect(rival).toMatchObject({ name, status: 'pending', shop: b.shopId })
    expect(rival.token).not.toBe(domain.token)
    // One claim of a name per shop.
    expect(await apiA.create('domains', { name: `${name}.` })).toMatchObject(refused(409, 'name', 'domain.taken'))
    // Neither shop sees or touches the other's claim.
    expect((await apiB.get(`domains/${domain._id}`)).status).toBe(404)
    expect((await verify(apiB, domain._id)).status).toBe(404)
    expect((await apiB.create('domains/alias', { domain: domain._id })).status).toBe(404)
    expect((await apiB.remove(`domains/${domain._id}`)).status).toBe(404)
    expect((await apiB.get('domains', `&name=${name}`)).body).toMatchObject({ total: 1, data: [{ _id: rival._id }] })
    // B's proof is not A's: A's token at the name verifies A only.
    dns.zone.set(name, { txt: [`emporia-verify=${domain.token}`] })
    expect((await verify(apiB, rival._id)).body).toMatchObject({ status: 'pending', checkReason: 'domain.check.wrongTxt' })
    const proven = await verify(apiA, domain._id)
    expect(proven.body).toMatchObject({ status: 'verified', shop: a.shopId })
    // Proven, it no longer lapses.
    expect(proven.body?.expiresAt ?? null).toBeNull()
    // Proven: the other claims are dropped, and the name is taken for everyone else.
    expect((await apiB.get(`domains/${rival._id}`)).status).toBe(404)
    expect((await apiB.get('domains', `&name=${name}`)).body).toMatchObject({ total: 0 })
    for (const typed of [name, name.toUpperCase(), `${name}.`])
      expect(await apiB.create('domains', { name: typed })).toMatchObject(refused(409, 'name', 'domain.taken'))
    expect((await apiB.get('domains/availability', `&name=${name}`)).body).toMatchObject({ available: false, reason: 'taken' })
    expect(await apiB.create('domains/register', { name, years: 1, price: 10_800, agreeTerms: true })).toMatchObject(
      refused(409, 'name', 'domain.taken')
    )
  })

  it('lets one of two shops proving a name at once win, never both', async () => {
    const name = `race-${unique()}.example.org`
    const first = await park(apiA, name)
    const second = await park(apiB, name)
    // Both proofs at the name (a DNS host would not allow both; ours does, to race them).
    dns.zone.set(name, { txt: [`emporia-verify=${first.token}`, `emporia-verify=${second.token}`] })
    const answers = await Promise.all([verify(apiA, first._id), verify(apiB, second._id)])
    const won = answers.filter((answer) => answer.status === 201 && answer.body?.status === 'verified')
    expect(won).toHaveLength(1)
    for (const answer of answers.filter((one) => !won.includes(one))) expect([404, 409]).toContain(answer.status)
    const rows = (await t.db.knex('domains').where({ name }).select('status')) as { status: string }[]
    expect(rows).toEqual([{ status: 'verified' }])
  })

  it('sells a name another shop only claimed, and drops that claim with the purchase', async () => {
    const name = `bought-${unique()}.com`
    const claim = await park(apiB, name)
    expect((await apiA.get('domains/availability', `&name=${name}`)).body).toMatchObject({ available: true })
    const bought = await apiA.create('domains/register', { name, years: 1, price: 9_800, agreeTerms: true })
    expect(bought).toMatchObject({ status: 201, body: { name, status: 'verified', shop: a.shopId } })
    expect((await apiB.get(`domains/${claim._id}`)).status).toBe(404)
    expect(await apiB.create('domains', { name })).toMatchObject(refused(409, 'name', 'domain.taken'))
  })

  it('lapses a claim left unproven for 7 days: it cannot be verified and another claim of it goes on', async () => {
    const name = `lapsed-${unique()}.example.org`
    const domain = await park(apiA, name)
    const days = (new Date(domain.expiresAt as string).getTime() - new Date(domain.createdAt as string).getTime()) / 86_400_000
    expect(days).toBeCloseTo(7, 3)
    // A week later, still unproven.
    await t.db
      .knex('domains')
      .where({ _id: domain._id })
      .update({ expiresAt: new Date(Date.now() - 1000).toISOString() })
    dns.zone.set(name, { txt: [`emporia-verify=${domain.token}`] })
    expect(await verify(apiA, domain._id)).toMatchObject(refused(409, 'domain', 'domain.claimExpired'))
    expect((await apiA.get(`domains/${domain._id}`)).body).toMatchObject({ status: 'expired' })
    expect(await shopByVerifiedDomain(t.app, name)).toBeUndefined()
    // The shop may claim it again (the lapsed claim is swept), and prove it then.
    const again = await park(apiA, name)
    expect(again._id).not.toBe(domain._id)
    expect((await apiA.get(`domains/${domain._id}`)).status).toBe(404)
    dns.zone.set(name, { txt: [`emporia-verify=${again.token}`] })
    expect((await verify(apiA, again._id)).body).toMatchObject({ status: 'verified' })
  })

  it('re-checks daily: a verified domain that stops pointing here stays verified, its admins told once; a bought one warned before it ends, then expired (decision 0158)', async () => {
    const resolver = makeResolver([dns.server])
    const mailsAbout = async (type: string, name: string) =>
      ((await t.db.knex('mailOutbox').where({ type, shop: a.shopId })) as { values: unknown }[]).filter((row) =>
        JSON.stringify(row.values).includes(name)
      ).length
    const name = `daily-${unique()}.example.org`
    const domain = await park(apiA, name)
    dns.zone.set(name, { txt: [`emporia-verify=${domain.token}`] })
    expect((await verify(apiA, domain._id)).body).toMatchObject({ status: 'verified' })
    await recheckDomains(t.app as never, t.context, resolver)
    const fine = (await apiA.get(`domains/${domain._id}`)).body as Body
    expect([fine.status, fine.checkReason ?? null]).toEqual(['verified', null])
    expect(await mailsAbout('domainFailing', name)).toBe(0)
    // The merchant's DNS changed: still verified (its proof was seen), the finding shown, the admins told once.
    dns.zone.delete(name)
    for (let run = 0; run < 2; run++) await recheckDomains(t.app as never, t.context, resolver)
    expect((await apiA.get(`domains/${domain._id}`)).body).toMatchObject({
      status: 'verified',
      checkReason: 'domain.check.noRecord'
    })
    expect(await mailsAbout('domainFailing', name)).toBe(1)
    // Put right, then broken again: a new streak, a new warning.
    dns.zone.set(name, { txt: [`emporia-verify=${domain.token}`] })
    await recheckDomains(t.app as never, t.context, resolver)
    dns.zone.delete(name)
    await recheckDomains(t.app as never, t.context, resolver)
    expect(await mailsAbout('domainFailing', name)).toBe(2)

    // A bought domain: warned 30 and 7 days before its registration ends, once each, then expired.
    const bought = `ending-${unique()}.com`
    const made = (await apiA.create('domains/register', { name: bought, years: 1, price: 9_800, agreeTerms: true })).body as Body
    const end = new Date(made.expiresAt as string)
    const at = (daysBefore: number) => new Date(end.getTime() - daysBefore * 86_400_000)
    await recheckDomains(t.app as never, t.context, resolver, at(40))
    expect(await mailsAbout('domainExpiring', bought)).toBe(0)
    for (const days of [29, 20, 6, 5]) await recheckDomains(t.app as never, t.context, resolver, at(days))
    expect(await mailsAbout('domainExpiring', bought)).toBe(2)
    expect((await apiA.get(`domains/${made._id}`)).body).toMatchObject({
      status: 'verified',
      expiryWarned: `${end.toISOString()}:7`
    })
    await recheckDomains(t.app as never, t.context, resolver, at(-1))
    expect((await apiA.get(`domains/${made._id}`)).body).toMatchObject({ status: 'expired' })
    expect(await shopByVerifiedDomain(t.app, bought)).toBeUndefined()
  })

  it('never verifies by hand: plain fields, operators and a whole-record write are all refused or ignored', async () => {
    // Not when parking either: a new domain is pending and external whatever the data says.
    const parked = await apiA.made('domains', {
      name: `made-${unique()}.example.org`,
      status: 'verified',
      type: 'registered',
      verifiedAt: new Date().toISOString(),
      expiresAt: '2030-01-01T00:00:00.000Z',
      token: 'f'.repeat(32)
    })
    expect(parked).toMatchObject({ status: 'pending', type: 'external' })
    expect(parked.token).not.toBe('f'.repeat(32))
    expect(parked.verifiedAt ?? null).toBeNull()
    // Its expiry is the claim's week (decision 0121), not the one sent.
    expect(parked.expiresAt).not.toBe('2030-01-01T00:00:00.000Z')
    const domain = await park(apiA, `hand-${unique()}.example.org`)
    const id = domain._id
    await apiA.patch(`domains/${id}`, { status: 'verified', type: 'registered', verifiedAt: new Date().toISOString() })
    await apiA.patch(`domains/${id}`, { $set: { status: 'verified' } })
    expect((await apiA.patch(`domains/${id}`, { $unset: { status: '' } })).status).toBe(400)
    expect((await apiA.patch(`domains/${id}`, { $push: { 'manualConfig.records': { status: 'found' } } })).status).toBe(400)
    await apiA.update(`domains/${id}`, { ...domain, status: 'verified', token: 'f'.repeat(32) })
    expect((await apiA.get(`domains/${id}`)).body).toMatchObject({ status: 'pending', type: 'external', token: domain.token })
    // The name is what was proven: it does not change afterwards.
    expect(await apiA.patch(`domains/${id}`, { name: `other-${unique()}.example.org` })).toMatchObject(
      refused(400, 'name', 'domain.nameFixed')
    )
    expect(await apiA.create('domains/alias', { domain: id })).toMatchObject(refused(400, 'domain', 'domain.aliasNeedsVerified'))
  })

  it('sets only a verified domain as the alias, removes it with null, and by no side door', async () => {
    const pending = await park(apiA, `pending-${unique()}.example.org`)
    const name = `alias-${unique()}.example.org`
    const domain = await park(apiA, name)
    dns.zone.set(name, { txt: [`emporia-verify=${domain.token}`] })
    await verify(apiA, domain._id)
    // The shops patch is no way round: plain, $set, another shop's name, a pending one.
    for (const patch of [{ alias: 'anything.example.com' }, { $set: { alias: pending.name } }, { alias: pending.name }])
      expect(await shopPatch(a, patch)).toMatchObject(refused(400, 'alias', 'domain.aliasNeedsVerified'))
    expect(await shopPatch(b, { alias: name })).toMatchObject(refused(400, 'alias', 'domain.aliasNeedsVerified'))
    expect(await apiA.create('domains/alias', { domain: pending._id })).toMatchObject(
      refused(400, 'domain', 'domain.aliasNeedsVerified')
    )

    expect(await apiA.create('domains/alias', { domain: domain._id })).toMatchObject({ status: 201, body: { alias: name } })
    expect((await shopOf(a)).body).toMatchObject({ alias: name })
    expect(await apiA.create('domains/alias', { domain: null })).toMatchObject({ status: 201, body: { alias: null } })
    expect((await shopOf(a)).body?.alias ?? null).toBeNull()
    // Its own verified domain through the shops patch is as good; removing the domain removes the alias.
    expect((await shopPatch(a, { alias: name })).status).toBe(200)
    expect((await apiA.remove(`domains/${domain._id}`)).status).toBe(200)
    expect((await shopOf(a)).body?.alias ?? null).toBeNull()
  })

  it('answers availability and price, and buys through the registrar at the price shown', async () => {
    const name = `brand-${unique()}.com`
    expect((await apiA.get('domains/availability', `&name=${name.toUpperCase()}`)).body).toEqual({
      shop: a.shopId,
      name,
      available: true,
      price: 9_800,
      currency: 'HKD'
    })
    expect((await apiA.get('domains/availability', '&name=taken.com')).body).toMatchObject({ available: false, reason: 'taken' })
    expect((await apiA.get('domains/availability', '&name=brand.notatld')).body).toMatchObject({
      available: false,
      reason: 'unsupportedTld'
    })
    expect(await apiA.get('domains/availability', '&name=not a name')).toMatchObject(refused(400, 'name', 'domain.invalidName'))

    const order = { name, years: 2, price: 9_800, agreeTerms: true }
    expect(await apiA.create('domains/register', { ...order, agreeTerms: false })).toMatchObject(
      refused(400, 'agreeTerms', 'domain.agreeTerms')
    )
    expect(await apiA.create('domains/register', { ...order, price: 100 })).toMatchObject(
      refused(400, 'price', 'domain.priceChanged')
    )
    expect((await apiA.create('domains/register', { ...order, years: 11 })).status).toBe(400)
    // Only admins spend the shop's money.
    const staff = await memberOf(t, a, 'user')
    expect((await client(t, { token: staff.token, shopId: a.shopId }).create('domains/register', order)).status).toBe(403)

    const bought = await apiA.create('domains/register', order)
    expect(bought).toMatchObject({ status: 201, body: { name, type: 'registered', status: 'verified', shop: a.shopId } })
    const years = (new Date(bought.body?.expiresAt as string).getTime() - Date.now()) / (365 * 86_400_000)
    expect(years).toBeGreaterThan(1.99)
    expect(years).toBeLessThan(2.01)
    expect(bought.body?.whois).toMatchObject({ registrar: expect.stringContaining('double'), nameservers: expect.any(Array) })
    // Sold is sold: to this shop again, and to anyone else.
    expect((await apiA.get('domains/availability', `&name=${name}`)).body).toMatchObject({ available: false })
    expect(await apiB.create('domains/register', order)).toMatchObject(refused(409, 'name', 'domain.taken'))
    // A registrar that does not answer is a 503 and nothing is recorded.
    const down = `shop.registrar-down.com`
    expect(await apiA.create('domains/register', { ...order, name: down })).toMatchObject({
      status: 503,
      body: { data: { key: 'domain.registrarDown' } }
    })
    expect((await apiA.get('domains', `&name=${down}`)).body).toMatchObject({ total: 0 })
  })

  it('keeps DNS records at the provider only once its setup is agreed', async () => {
    const domain = await park(apiA, `zone-${unique()}.example.org`)
    const records = [{ id: 'r1', name: 'www', type: 'CNAME', content: `${subdomainA}.${PUBLIC_HOST}`, ttl: 300, proxied: false }]
    expect(await apiA.patch(`domains/${domain._id}`, { dnsRecords: records })).toMatchObject(
      refused(400, 'dnsRecords', 'domain.dnsNotManaged')
    )
    const setup = { name: domain.name, forwardRoot: true, forwardWWW: true, proxied: false, agreeTerms: false }
    expect(await apiA.patch(`domains/${domain._id}`, { dnsSetup: setup })).toMatchObject(
      refused(400, 'dnsSetup.agreeTerms', 'domain.agreeTerms')
    )
    const agreed = await apiA.patch(`domains/${domain._id}`, { dnsSetup: { ...setup, agreeTerms: true } })
    expect(agreed.status).toBe(200)
    expect((await apiA.get(`domains/${domain._id}`)).body?.nameservers).toEqual([
      'ns1.registrar-double.test',
      'ns2.registrar-double.test'
    ])
    const saved = await apiA.patch(`domains/${domain._id}`, { dnsRecords: records })
    expect(saved).toMatchObject({ status: 200, body: { dnsRecords: records } })
    expect((await apiA.patch(`domains/${domain._id}`, { dnsRecords: [{ ...records[0], type: 'BOGUS' }] })).status).toBe(400)
    expect((await apiA.patch(`domains/${domain._id}`, { dnsRecords: [records[0], records[0]] })).status).toBe(400)
  })

  it('serves a storefront host and answers the TLS proxy only for verified domains and real subdomains', async () => {
    const name = `store-${unique()}.example.org`
    const domain = await park(apiA, name)
    const ask = async (host: string) => (await json(`${t.url}/api/domains/ask?domain=${encodeURIComponent(host)}`)).status
    expect(await shopByVerifiedDomain(t.app, name)).toBeUndefined()
    expect(await ask(name)).toBe(404)
    dns.zone.set(name, { txt: [`emporia-verify=${domain.token}`] })
    await verify(apiA, domain._id)
    expect(await shopByVerifiedDomain(t.app, `${name.toUpperCase()}:443`)).toMatchObject({ _id: a.shopId, domain: name })
    expect(await ask(name)).toBe(200)
    expect(await ask(`${subdomainA}.${PUBLIC_HOST}`)).toBe(200)
    expect(await ask(`${subdomainA.toUpperCase()}.${PUBLIC_HOST}`)).toBe(200)
    expect(await ask(`nobody-${unique()}.${PUBLIC_HOST}`)).toBe(404)
    expect(await ask(`unknown-${unique()}.example.org`)).toBe(404)
    expect(await ask('')).toBe(400)
  })

  /** A storefront request as a browser at that host sends it (fetch cannot set Host). */
  const visit = (host: string, path = '/') =>
    new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: t.port, path, headers: { host } }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }))
      })
      req.on('error', reject)
      req.end()
    })

  it('serves the shop’s storefront at a verified domain, and nothing at a pending one', async () => {
    expect((await apiA.create('themes/install', { template: 'harbour' })).status).toBe(201)
    const home = await visit(`${subdomainA}.${PUBLIC_HOST}`)
    expect(home).toMatchObject({ status: 200, type: expect.stringContaining('text/html') })
    const name = `www.front-${unique()}.example.org`
    const domain = await park(apiA, name)
    // Asked before it is verified: not this shop's storefront (and that answer is not kept).
    const before = await visit(name)
    expect(before.status).not.toBe(200)
    expect(before.body).not.toContain('Domains A')
    dns.zone.set(name, { cname: `${subdomainA.toLowerCase()}.${PUBLIC_HOST}` })
    expect((await verify(apiA, domain._id)).body).toMatchObject({ status: 'verified' })
    const after = await visit(name.toUpperCase())
    expect(after).toMatchObject({ status: 200, type: expect.stringContaining('text/html') })
    // The shop's own site.
    expect(home.body).toContain('aria-label="Domains A"')
    expect(after.body).toContain('aria-label="Domains A"')
    // Removed, it serves nothing again.
    expect((await apiA.remove(`domains/${domain._id}`)).status).toBe(200)
    expect((await visit(name)).status).not.toBe(200)
  })
})
