import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../../src/config'
import { LocalRegistrar } from '../../../../src/domains/eshop/domains/local-registrar'
import { registrarFromConfig, requireRegistrar } from '../../../../src/domains/eshop/domains/registrar'

describe('the registrar is chosen by configuration only (decision 0112)', () => {
  it('has none unless DOMAIN_REGISTRAR=local, refuses an unknown one at start-up, and says 503 without one', () => {
    expect(loadConfig({}).domainRegistrar).toBeUndefined()
    expect(registrarFromConfig(loadConfig({}))).toBeUndefined()
    expect(registrarFromConfig(loadConfig({ DOMAIN_REGISTRAR: 'local' }))).toBeInstanceOf(LocalRegistrar)
    expect(() => loadConfig({ DOMAIN_REGISTRAR: 'godaddy' })).toThrow(/DOMAIN_REGISTRAR=godaddy/)
    expect(() => requireRegistrar(undefined)).toThrow(expect.objectContaining({ code: 503, data: { key: 'domain.noRegistrar' } }))
    expect(loadConfig({ DNS_SERVERS: '127.0.0.1:5300, 10.0.0.2' }).dnsServers).toEqual(['127.0.0.1:5300', '10.0.0.2'])
  })

  it('behaves like a registrar: prices by TLD, taken names, sold names stay taken, the price shown, failures', async () => {
    const registrar = new LocalRegistrar()
    expect(await registrar.check('mine.com.hk')).toEqual({ name: 'mine.com.hk', available: true, price: 24_000, currency: 'HKD' })
    expect(await registrar.check('mine.hk')).toMatchObject({ available: true, price: 32_000 })
    expect(await registrar.check('mine.example')).toEqual({ name: 'mine.example', available: false, reason: 'unsupportedTld' })
    expect(await registrar.check('taken.com')).toMatchObject({ available: false, reason: 'taken' })
    await expect(registrar.purchase({ name: 'mine.com', years: 1, price: 1, registrant: 'a' })).rejects.toMatchObject({
      code: 400,
      data: { key: 'domain.priceChanged' }
    })
    const sold = await registrar.purchase({ name: 'mine.com', years: 3, price: 9_800, registrant: 'shop@example.com' })
    expect(sold.whois).toMatchObject({ registrant: 'shop@example.com', nameservers: expect.any(Array) })
    expect(await registrar.check('mine.com')).toMatchObject({ available: false, reason: 'taken' })
    await expect(registrar.purchase({ name: 'mine.com', years: 1, price: 9_800, registrant: 'b' })).rejects.toMatchObject({
      code: 409
    })
    await expect(registrar.check('shop.registrar-down.com')).rejects.toMatchObject({
      code: 503,
      data: { key: 'domain.registrarDown' }
    })
  })
})
