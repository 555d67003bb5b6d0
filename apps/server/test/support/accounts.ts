import type { Knex } from 'knex'
import { mailBodyOf, type OutboxRow } from '../../src/platform/mail/outbox'
import { activeSecretsKeyring } from '../../src/platform/secrets/secrets-key'
import { json } from './clients'

/** The newest code mailed to an address (read from the outbox, as a user reads their inbox: opened, decision 0215). */
export const lastCode = async (knex: Knex, to: string, type: string) => {
  const row = (await knex('mailOutbox').where({ to, type }).orderBy('createdAt', 'desc').orderBy('_id', 'desc').first()) as
    OutboxRow | undefined
  const code = row && mailBodyOf(activeSecretsKeyring, row).text.match(/\b\d{6}\b/)?.[0]
  if (!code) throw new Error(`no ${type} code mailed to ${to}`)
  return code
}

export const login = (base: string, email: string, password: string, headers: Record<string, string> = {}) =>
  json(`${base}/api/authentication`, { method: 'POST', headers, body: JSON.stringify({ strategy: 'local', email, password }) })

export const register = (base: string, body: Record<string, unknown>) =>
  json(`${base}/api/users`, { method: 'POST', body: JSON.stringify({ agreeTerms: true, password: 'secret-123', ...body }) })

export const post = (base: string, path: string, body: unknown, token?: string, query = '') =>
  json(`${base}/api/${path}${query}`, { method: 'POST', body: JSON.stringify(body), token })

/** A signed-in account with a shop of its own. */
export const shopOwner = async (base: string, name = 'Shop') => {
  const email = `${name.toLowerCase().replace(/\W/g, '')}-${Math.random().toString(36).slice(2)}@example.com`
  await register(base, { email })
  const { body } = await login(base, email, 'secret-123')
  const token = body?.accessToken as string
  const userId = (body?.user as { _id: string })._id
  const shop = await post(base, 'shops', { name, subdomain: `s${Math.random().toString(36).slice(2, 10)}` }, token)
  if (shop.status !== 201) throw new Error(`shop create failed: ${JSON.stringify(shop.body)}`)
  return { email, token, userId, shopId: (shop.body as { _id: string })._id }
}

/** Verifies the account's e-mail with the code mailed to it, as its owner would. */
export const verifyEmail = async (base: string, knex: Knex, email: string, token: string) => {
  const verified = await post(base, 'users/verify', { token: await lastCode(knex, email, 'verify') }, token)
  if (verified.status !== 201) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`)
}
