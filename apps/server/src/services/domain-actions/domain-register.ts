import { BadRequest } from '@feathersjs/errors'
import type { Application } from '@feathersjs/feathers'
import { servicePaths, type Domain, type DomainRegisterData } from '@emporia/shared'
import { initialManualConfig } from '../../domains/eshop/domains/dns-check'
import { announceDropped, takeName, takenError } from '../../domains/eshop/domains/domain-claims'
import { registrarFromConfig, requireRegistrar } from '../../domains/eshop/domains/registrar'
import { storefrontHost } from '../../domains/eshop/domains/storefront-host'
import { noEvent, shopOf } from '../../domains/stock/service-support'
import type { ServiceContext } from '../../platform/http/service-context'
import type { RecordParams } from '../../platform/records/record-service'
import { fieldsOf } from '../../platform/records/validate-data'
import { registerShopPath } from '../../platform/records/shop-scoped'
import { domainNameOf } from '../../domains/eshop/domains/domain-name'
import { randomBytes } from 'node:crypto'

const MAX_YEARS = 10

/**
 * `domains/register` create `{name, years, price, agreeTerms}` (decision 0112): buys the name through the
 * registrar at the price the merchant saw and records it, verified (the purchase proves it is the shop's),
 * with its expiry and whois. A name a shop here proved is refused before anything is bought.
 */
export const domainRegister = (context: ServiceContext) => (app: Application) => {
  const registrar = registrarFromConfig(context.config)
  const service = {
    async create(data: DomainRegisterData, params: RecordParams = {}): Promise<Domain> {
      const input = fieldsOf(data)
      const name = domainNameOf(input.name, context.config)
      const years = input.years ?? 1
      if (typeof years !== 'number' || !Number.isInteger(years) || years < 1 || years > MAX_YEARS)
        throw new BadRequest(`"years" must be a whole number from 1 to ${MAX_YEARS}`, {
          key: 'format.shouldLessOrEqual',
          field: 'years',
          values: { value: MAX_YEARS }
        })
      if (typeof input.price !== 'number' || !Number.isInteger(input.price) || input.price < 0)
        throw new BadRequest('"price" must be the price shown, in cents', { key: 'format.integer', field: 'price' })
      if (input.agreeTerms !== true)
        throw new BadRequest('Agree to the registrar’s terms first', { key: 'domain.agreeTerms', field: 'agreeTerms' })
      const shop = shopOf(params)
      const knex = context.db.knex
      // Only a proven name is taken; unproven claims of it (this shop's too) go once it is bought (decision 0121).
      if (await knex('domains').where({ name, status: 'verified' }).first('_id')) throw takenError()
      const owner = await knex('shops').where({ _id: shop }).first('name', 'subdomain', 'shopEmail')
      const registration = await requireRegistrar(registrar).purchase({
        name,
        years,
        price: input.price,
        registrant: String(owner?.shopEmail ?? owner?.subdomain ?? shop)
      })
      const token = randomBytes(16).toString('hex')
      const now = new Date().toISOString()
      // After the purchase: the one write, internal (server-owned fields), in the caller's shop; every
      // unproven claim of the name goes with it.
      const { created, dropped } = await knex.transaction(async (trx) => {
        const dropped = await takeName(trx, name)
        const created = (await app.service(servicePaths.domains).create(
          {
            name,
            type: 'registered',
            status: 'verified',
            verifiedAt: now,
            expiresAt: registration.expiresAt,
            whois: registration.whois,
            nameservers: registration.whois.nameservers,
            token,
            manualConfig: initialManualConfig(
              name,
              token,
              storefrontHost(context.config, String(owner?.subdomain ?? '')),
              context.config.publicIp
            ),
            dnsRecords: []
          } as Partial<Domain>,
          { query: { shop }, transaction: trx } as RecordParams
        )) as Domain
        return { created, dropped }
      })
      announceDropped(app, dropped)
      return created
    }
  }
  registerShopPath(app, context.directory, servicePaths.domainRegister, service, ['create'])
  // The domain's own `created` event announces it.
  app.service(servicePaths.domainRegister).hooks({ after: { create: [noEvent] } })
}
