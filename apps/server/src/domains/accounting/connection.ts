import type { Knex } from 'knex'
import type { AccountingConnection } from '@emporia/shared'
import { newObjectId } from '../../platform/http/object-id'
import { readShopSecret, writeShopSecrets } from '../../platform/secrets/shop-secrets'
import { AccountingError, type AccountingProvider, type AccountingSession, type Tokens } from './provider'

/*
 * A shop's connection (decision 0197): its row in `accountingConnections`, its tokens as sealed shop
 * secrets. A token is refreshed a minute before it expires and once more when the provider answers 401.
 * Refreshing holds the connection's row lock, so two syncs never spend the same (rotating) refresh token;
 * a refresh refused (revoked at the provider) marks the connection `needsReconnect` and keeps the rest.
 */

export const CONNECTIONS = 'accountingConnections'
const EARLY_MS = 60_000

export type ConnectionRow = Omit<AccountingConnection, 'syncFrom' | 'tokenExpiresAt' | 'lastSyncAt'> & {
  syncFrom: Date | string | null
  tokenExpiresAt: Date | string | null
  lastSyncAt: Date | string | null
}

export const readConnection = async (knex: Knex, shop: string) =>
  ((await knex(CONNECTIONS).where({ shop }).first()) as ConnectionRow | undefined) ?? null

/** All four chosen: there is somewhere to push to. */
export const isReady = (row: ConnectionRow | null): row is ConnectionRow =>
  Boolean(row && row.status === 'connected' && row.tenantId && row.salesAccount && row.bankAccount && row.defaultContact)

/** Stores new tokens (and the connection row, made on the first connect) in one transaction. */
export const saveTokens = async (
  knex: Knex,
  shop: string,
  tokens: Tokens,
  also: Partial<Record<keyof ConnectionRow, unknown>> = {}
) =>
  knex.transaction(async (trx) => {
    await writeShopSecrets(trx, shop, { xeroAccessToken: tokens.accessToken, xeroRefreshToken: tokens.refreshToken })
    const change = { ...also, tokenExpiresAt: tokens.expiresAt, updatedAt: trx.fn.now() }
    const updated = await trx(CONNECTIONS).where({ shop }).update(change)
    if (!updated) await trx(CONNECTIONS).insert({ _id: newObjectId(), shop, taxType: 'NONE', status: 'connected', ...change })
  })

export const markNeedsReconnect = (knex: Knex, shop: string) =>
  knex(CONNECTIONS).where({ shop }).update({ status: 'needsReconnect', updatedAt: knex.fn.now() })

/**
 * A valid access token: the stored one, or a refreshed one when it is about to expire or `stale` (the
 * token a call was refused with) is still the stored one. Under the row's lock: a second caller waits,
 * then finds the token already new and uses it.
 */
export const accessToken = async (
  knex: Knex,
  provider: AccountingProvider,
  shop: string,
  now: () => Date,
  stale?: string
): Promise<string> =>
  knex
    .transaction(async (trx) => {
      const row = (await trx(CONNECTIONS).where({ shop }).forUpdate().first()) as ConnectionRow | undefined
      if (!row || row.status !== 'connected')
        throw new AccountingError('accounting.needsReconnect', 'The accounting service is not connected')
      const current = await readShopSecret(trx, shop, 'xeroAccessToken')
      const refresh = await readShopSecret(trx, shop, 'xeroRefreshToken')
      const expires = row.tokenExpiresAt ? new Date(row.tokenExpiresAt).getTime() : 0
      if (current && current !== stale && expires - EARLY_MS > now().getTime()) return current
      if (!refresh) throw new AccountingError('accounting.needsReconnect', 'No refresh token is stored')
      let tokens: Tokens
      try {
        tokens = await provider.refresh(refresh)
      } catch (error) {
        if (
          error instanceof AccountingError &&
          (error.key === 'accounting.needsReconnect' || error.key === 'accounting.rejected')
        ) {
          await trx(CONNECTIONS).where({ shop }).update({ status: 'needsReconnect', updatedAt: trx.fn.now() })
          return ''
        }
        throw error
      }
      await writeShopSecrets(trx, shop, { xeroAccessToken: tokens.accessToken, xeroRefreshToken: tokens.refreshToken })
      await trx(CONNECTIONS).where({ shop }).update({ tokenExpiresAt: tokens.expiresAt, updatedAt: trx.fn.now() })
      return tokens.accessToken
    })
    .then((token) => {
      if (!token) throw new AccountingError('accounting.needsReconnect', 'The provider refused the refresh token')
      return token
    })

/** Runs `work` on the organisation's books; on a 401 the token is refreshed and `work` runs once more. */
export const withSession = async <T>(
  knex: Knex,
  provider: AccountingProvider,
  shop: string,
  tenantId: string,
  now: () => Date,
  work: (session: AccountingSession) => Promise<T>
): Promise<T> => {
  const token = await accessToken(knex, provider, shop, now)
  try {
    return await work(provider.session(token, tenantId))
  } catch (error) {
    if (!(error instanceof AccountingError) || error.key !== 'accounting.unauthorized') throw error
    const fresh = await accessToken(knex, provider, shop, now, token)
    try {
      return await work(provider.session(fresh, tenantId))
    } catch (again) {
      if (again instanceof AccountingError && again.key === 'accounting.unauthorized') {
        await markNeedsReconnect(knex, shop)
        throw new AccountingError('accounting.needsReconnect', 'The provider refused a fresh token')
      }
      throw again
    }
  }
}

/**
 * Disconnect: the tokens revoked at the provider (best effort) and forgotten. The row stays, marked
 * `disconnected`, with the choices and `syncFrom`: after reconnecting, what was paid meanwhile is pushed.
 */
export const disconnect = async (knex: Knex, provider: AccountingProvider | null, shop: string) => {
  const refresh = await readShopSecret(knex, shop, 'xeroRefreshToken')
  if (refresh && provider) await provider.revoke(refresh).catch(() => undefined)
  await knex.transaction(async (trx) => {
    await writeShopSecrets(trx, shop, { xeroAccessToken: null, xeroRefreshToken: null })
    await trx(CONNECTIONS).where({ shop }).update({ status: 'disconnected', tokenExpiresAt: null, updatedAt: trx.fn.now() })
  })
}
