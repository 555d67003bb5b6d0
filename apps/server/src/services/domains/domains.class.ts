import { randomBytes } from 'node:crypto'
import { BadRequest } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import { type Domain, type DnsRecord, type DnsSetup } from '@emporia/shared'
import type { Knex } from 'knex'
import type { AppConfig } from '../../config'
import { initialManualConfig } from '../../domains/eshop/domains/dns-check'
import { announceDropped, claimExpiry, clearForClaim } from '../../domains/eshop/domains/domain-claims'
import { domainNameOf, explainConflict } from '../../domains/eshop/domains/domain-name'
import { requireRegistrar, type DomainRegistrar } from '../../domains/eshop/domains/registrar'
import { storefrontHost } from '../../domains/eshop/domains/storefront-host'
import { CheckedRecordService } from '../../platform/records/checked-write'
import type { RecordOptions, RecordParams } from '../../platform/records/record-service'
import { stripReadOnly } from '../../platform/records/validate-data'
import { announceShop } from '../../platform/tenancy'

type Row = Record<string, unknown>

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** The shop's subdomain, which its domains' CNAME records point under. */
const subdomainOf = async (knex: Knex, shop: string) =>
  ((await knex('shops').where({ _id: shop }).first('subdomain')) as { subdomain: string } | undefined)?.subdomain ?? ''

/**
 * Domains (spec §3.13; decisions 0112, 0121). Creating one parks the merchant's own domain: pending for
 * 7 days, with a token to prove it; other shops may claim the same name until one proves it. Clients change only its DNS records and DNS-provider setup, which go to the provider
 * in the write's transaction (a provider refusing rolls the write back); status, type, expiry and whois
 * are the server's, changed by `domains/verify` and `domains/register` (internal calls here).
 */
export class DomainService extends CheckedRecordService<Domain> {
  constructor(
    options: RecordOptions,
    private readonly config: AppConfig,
    private readonly registrar: DomainRegistrar | undefined
  ) {
    super(options)
  }

  protected readonly check = async (after: Row, before: Row | undefined, trx: Knex.Transaction) => {
    if (before && before.name !== after.name)
      throw new BadRequest('A domain’s name cannot change; add the new name as another domain', {
        key: 'domain.nameFixed',
        field: 'name'
      })
    const setup = after.dnsSetup as DnsSetup | null | undefined
    if (setup && !same(setup, before?.dnsSetup)) {
      if (setup.agreeTerms !== true)
        throw new BadRequest('Agree to the DNS provider’s terms first', {
          key: 'domain.agreeTerms',
          field: 'dnsSetup.agreeTerms'
        })
      const { nameservers } = await requireRegistrar(this.registrar).setupZone(after.name as string, setup)
      await trx('domains')
        .where({ _id: after._id })
        .update({ nameservers: JSON.stringify(nameservers) })
    }
    const records = (after.dnsRecords as DnsRecord[] | null | undefined) ?? []
    if (!same(records, before?.dnsRecords ?? [])) {
      if (after.type !== 'registered' && !setup)
        throw new BadRequest('Its DNS is not kept by our provider: set up the DNS provider first', {
          key: 'domain.dnsNotManaged',
          field: 'dnsRecords'
        })
      const ids = new Set(records.map((record) => record.id))
      if (ids.size !== records.length)
        throw new BadRequest('Two DNS records have one id', { key: 'format.unique', field: 'dnsRecords' })
      await requireRegistrar(this.registrar).setRecords(after.name as string, records)
    }
  }

  override async create(data: Partial<Domain> | Partial<Domain>[], params: RecordParams = {}): Promise<Domain | Domain[]> {
    if (!params.provider) return this.explained(() => super.create(data, params))
    if (Array.isArray(data)) throw new BadRequest('Add one domain at a time')
    const input = (data ?? {}) as Row
    const name = domainNameOf(input.name, this.config)
    const shop = params.shop as string
    // A name some shop proved is taken; lapsed claims of it go (decision 0121).
    announceDropped(this.app, await clearForClaim(this.options.db.knex, name))
    const token = randomBytes(16).toString('hex')
    const record: Row = {
      // Only what a client owns; the server-owned fields are set below.
      ...stripReadOnly(this.model, input),
      name,
      type: 'external',
      status: 'pending',
      // Unproven for 7 days, the claim lapses (decision 0121).
      expiresAt: claimExpiry(),
      token,
      manualConfig: initialManualConfig(
        name,
        token,
        storefrontHost(this.config, await subdomainOf(this.options.db.knex, shop)),
        this.config.publicIp
      )
    }
    // Server-owned fields are set here, so the write itself runs as an internal call (the shops' pattern).
    return this.explained(() => super.create(record as Partial<Domain>, { ...params, provider: undefined }))
  }

  override async update(id: Id, data: Partial<Domain>, params: RecordParams = {}): Promise<Domain> {
    return this.explained(() => super.update(id, data, params))
  }

  override async patch(id: NullableId, data: Partial<Domain>, params: RecordParams = {}): Promise<Domain | Domain[]> {
    return this.explained(() => super.patch(id, data, params))
  }

  /** Removing the shop's alias domain removes the alias with it, in the same transaction. */
  override async remove(id: NullableId, params: RecordParams = {}): Promise<Domain | Domain[]> {
    const run = async (trx: Knex.Transaction) => {
      const removed = await super.remove(id, { ...params, transaction: trx })
      for (const domain of Array.isArray(removed) ? removed : [removed])
        await trx('shops').where({ _id: domain.shop, alias: domain.name }).update({ alias: null, updatedAt: trx.fn.now() })
      return removed
    }
    const removed = params.transaction ? await run(params.transaction) : await this.options.db.knex.transaction(run)
    // The shop's members see its alias go (their shop record is refreshed by the event).
    for (const domain of Array.isArray(removed) ? removed : [removed]) await announceShop(this.app, domain.shop)
    return removed
  }

  private async explained<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error) {
      throw explainConflict(error)
    }
  }
}
