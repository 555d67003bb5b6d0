import { BadRequest, Conflict } from '@feathersjs/errors'
import Ajv from 'ajv'
import type { Knex } from 'knex'
import {
  accountingActionSchema,
  type AccountingAction,
  type AccountingOptions,
  type AccountingSettingsData,
  type AccountingStatus
} from '@emporia/shared'
import { newAuthState, spendAuthState } from '../../domains/accounting/auth-states'
import {
  accessToken,
  CONNECTIONS,
  disconnect,
  isReady,
  readConnection,
  saveTokens,
  withSession
} from '../../domains/accounting/connection'
import { AccountingError, type AccountingProvider } from '../../domains/accounting/provider'
import { retryFailed, SYNCS } from '../../domains/accounting/sync'
import { shopOf, userOf } from '../../domains/stock/service-support'
import { assertValid } from '../../platform/records/validate-data'
import type { RecordParams } from '../../platform/records/record-service'

const ajv = new Ajv({ allErrors: true, strict: false })
const validAction = ajv.compile(accountingActionSchema)

/** The callback route of the web app (spec §2.2), under the shop: the only redirect address asked for. */
const CALLBACK = /^https?:\/\/[^/?#]+\/([0-9a-f]{24})\/settings\/xero\/callback$/

const asHttp = (error: unknown): never => {
  if (error instanceof AccountingError) {
    const message = error.message
    if (error.key === 'accounting.needsReconnect') throw new Conflict(message, { key: error.key })
    throw new BadRequest(message, { key: error.key })
  }
  throw error
}

export interface AccountingXeroDeps {
  knex: Knex
  /** Null when the operator has not set the app's client id: connecting is off. */
  provider: AccountingProvider | null
  now: () => Date
  /** Sends a sync job for the shop (or runs it, without a queue). */
  sync: (shop: string) => Promise<void>
}

/**
 * `accounting/xero` (decision 0197): `find` the screen's status; `create` one action: connect, callback,
 * options (the organisations, accounts and contacts to choose from), choose, sync, disconnect.
 * Tokens never leave the server: no answer carries one.
 */
export class AccountingXeroService {
  constructor(private readonly deps: AccountingXeroDeps) {}

  private provider() {
    if (!this.deps.provider) throw new BadRequest('The accounting service is not set up', { key: 'accounting.unavailable' })
    return this.deps.provider
  }

  async find(params: RecordParams = {}): Promise<AccountingStatus> {
    return this.status(shopOf(params))
  }

  async status(shop: string): Promise<AccountingStatus> {
    const { knex } = this.deps
    const row = await readConnection(knex, shop)
    const counts = (await knex(SYNCS).where({ shop }).groupBy('status').select('status').count({ n: '*' })) as {
      status: string
      n: string | number
    }[]
    const count = (status: string) => Number(counts.find((item) => item.status === status)?.n ?? 0)
    const recent = (await knex(SYNCS)
      .where({ shop })
      .orderBy('updatedAt', 'desc')
      .orderBy('_id', 'desc')
      .limit(10)
      .select('kind', 'reference', 'status', 'error', 'amount', 'syncedAt', 'updatedAt')) as AccountingStatus['recent']
    const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null)
    return {
      shop,
      state: !row || row.status === 'disconnected' ? 'notConnected' : row.status,
      available: Boolean(this.deps.provider),
      organisation: row?.status === 'disconnected' ? null : (row?.tenantName ?? null),
      settings: {
        salesAccount: row?.salesAccount ?? null,
        bankAccount: row?.bankAccount ?? null,
        defaultContact: row?.defaultContact ?? null,
        taxType: row?.taxType ?? 'NONE'
      },
      ready: isReady(row),
      lastSyncAt: iso(row?.lastSyncAt),
      synced: count('done'),
      failed: count('failed'),
      pending: count('pending') + count('pushing'),
      recent: recent.map((item) => ({ ...item, syncedAt: iso(item.syncedAt), updatedAt: iso(item.updatedAt)! }))
    }
  }

  private async options(shop: string): Promise<AccountingOptions> {
    const row = await readConnection(this.deps.knex, shop)
    if (!row || row.status !== 'connected')
      throw new Conflict('Connect the accounting service first', { key: 'accounting.notConnected' })
    const provider = this.provider()
    try {
      const tenants = await this.tenants(shop)
      if (!row.tenantId) return { tenants, salesAccounts: [], bankAccounts: [], contacts: [], taxTypes: [] }
      return await withSession(this.deps.knex, provider, shop, row.tenantId, this.deps.now, async (books) => {
        const accounts = await books.accounts()
        return {
          tenants,
          salesAccounts: accounts
            .filter((a) => a.type === 'REVENUE' || a.type === 'SALES')
            .map(({ code, name }) => ({ code, name })),
          bankAccounts: accounts.filter((a) => a.type === 'BANK').map(({ id, name }) => ({ id, name })),
          contacts: await books.contacts(),
          taxTypes: await books.taxTypes()
        }
      })
    } catch (error) {
      return asHttp(error)
    }
  }

  /** The organisations the tokens may reach (`/connections`). */
  private async tenants(shop: string) {
    const provider = this.provider()
    return provider.tenants(await accessToken(this.deps.knex, provider, shop, this.deps.now))
  }

  async create(data: AccountingAction, params: RecordParams = {}) {
    const shop = shopOf(params)
    const user = userOf(params) ?? ''
    assertValid(validAction, data)
    if (data.action === 'options') return this.options(shop)
    if (data.action === 'disconnect') {
      await disconnect(this.deps.knex, this.deps.provider, shop)
      return this.status(shop)
    }
    if (data.action === 'choose') {
      const { action, ...choices } = data
      void action
      return this.choose(shop, choices)
    }
    if (data.action === 'sync') {
      await retryFailed(this.deps.knex, shop)
      await this.deps.sync(shop)
      return this.status(shop)
    }
    const provider = this.provider()
    if (data.action === 'connect') {
      const match = CALLBACK.exec(data.redirectUri)
      if (!match || match[1] !== shop)
        throw new BadRequest('This is not the shop’s callback address', { key: 'format.invalid', field: 'redirectUri' })
      const { state, challenge } = await newAuthState(this.deps.knex, shop, user, data.redirectUri, this.deps.now())
      return {
        ...(await this.status(shop)),
        authorizeUrl: await provider.consentUrl({ state, challenge, redirectUri: data.redirectUri })
      }
    }
    const { verifier, redirectUri } = await spendAuthState(this.deps.knex, shop, user, data.state, this.deps.now())
    try {
      const tokens = await provider.exchange({ code: data.code, verifier, redirectUri, state: data.state })
      const tenants = await provider.tenants(tokens.accessToken)
      const existing = await readConnection(this.deps.knex, shop)
      // Reconnecting keeps the organisation chosen when the provider still grants it; else the first one.
      const tenant = tenants.find((item) => item.id === existing?.tenantId) ?? tenants[0]
      await saveTokens(this.deps.knex, shop, tokens, {
        status: 'connected',
        connectedBy: user,
        tenantId: tenant?.id ?? null,
        tenantName: tenant?.name ?? null
      })
    } catch (error) {
      return asHttp(error)
    }
    await this.deps.sync(shop)
    return this.status(shop)
  }

  /** Each account, contact and tax type chosen is one the organisation has (else nothing is pushable). */
  private async checkChoices(shop: string, tenantId: string, data: AccountingSettingsData) {
    const provider = this.provider()
    const known = await withSession(this.deps.knex, provider, shop, tenantId, this.deps.now, async (books) => {
      const accounts = await books.accounts()
      return {
        salesAccount: accounts.filter((a) => a.type === 'REVENUE' || a.type === 'SALES').map((a) => a.code),
        bankAccount: accounts.filter((a) => a.type === 'BANK').map((a) => a.id),
        defaultContact: data.defaultContact ? (await books.contacts()).map((c) => c.id) : [],
        taxType: data.taxType ? (await books.taxTypes()).map((t) => t.type) : []
      }
    }).catch(asHttp)
    for (const field of ['salesAccount', 'bankAccount', 'defaultContact', 'taxType'] as const) {
      const value = data[field]
      if (value && !known[field].includes(value))
        throw new BadRequest(`"${field}" is not one of the organisation's`, { key: 'format.invalid', field })
    }
  }

  private async choose(shop: string, data: AccountingSettingsData) {
    const row = await readConnection(this.deps.knex, shop)
    if (!row || row.status !== 'connected')
      throw new Conflict('Connect the accounting service first', { key: 'accounting.notConnected' })
    const change: Record<string, unknown> = { ...data }
    if (data.tenantId && data.tenantId !== row.tenantId) {
      const tenant = (await this.tenants(shop)).find((item) => item.id === data.tenantId)
      if (!tenant) throw new BadRequest('This organisation is not connected', { key: 'format.invalid', field: 'tenantId' })
      Object.assign(change, { tenantName: tenant.name, salesAccount: null, bankAccount: null, defaultContact: null, ...data })
    }
    const next = { ...row, ...change } as typeof row
    if (data.salesAccount || data.bankAccount || data.defaultContact || data.taxType)
      await this.checkChoices(shop, next.tenantId ?? '', data)
    if (isReady(next) && !row.syncFrom) change.syncFrom = this.deps.now()
    await this.deps
      .knex(CONNECTIONS)
      .where({ shop })
      .update({ ...change, updatedAt: this.deps.now() })
    if (isReady(next)) await this.deps.sync(shop)
    return this.status(shop)
  }
}
