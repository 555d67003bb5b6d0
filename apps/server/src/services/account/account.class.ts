import { BadRequest, NotAuthenticated } from '@feathersjs/errors'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { displayName, isLocaleId, pickLocale, servicePaths, type LocaleId, type User } from '@emporia/shared'
import type { MailType } from '../../platform/mail/mailer'
import { hashPassword, verifyPassword, loginKeys, Throttle } from '../authentication/authentication'
import type { ServiceContext } from '../../platform/http/service-context'
import type { App } from '../../platform/http/server-services'
import type { RecordParams } from '../../platform/records/record-service'
import type { ResetRequest } from './account.schema'
import { AccountCodes, assertCodeFormat, CODE_TTL_MINUTES, invalidCode, type CodePurpose } from './account-codes'

type Caller = Params & {
  user?: User
  address?: string
  headers?: Record<string, string | string[] | undefined>
  /** The socket's connection when the call came over one (Feathers sets it). */
  connection?: { authentication?: { strategy?: string; accessToken?: string } }
}
type Secret = User & { password?: string }

const passwordField = (password: unknown, field = 'password'): string => {
  if (typeof password !== 'string' || !password) throw new BadRequest('Required', { key: 'format.required', field })
  if (password.length < 6) throw new BadRequest('At least 6 characters', { key: 'format.length', field, values: { length: 6 } })
  if (password.length > 200)
    throw new BadRequest('At most 200 characters', { key: 'format.tooLong', field, values: { length: 200 } })
  return password
}

/**
 * The account flows of spec §4.4 / §7.2: verification, resend, password change and reset. Every
 * flow is one transaction with its mail (the outbox row commits with the change or not at all).
 */
export class AccountService {
  private readonly codes = new AccountCodes()
  private readonly throttle: Throttle

  constructor(
    private readonly app: App,
    private readonly context: ServiceContext
  ) {
    this.throttle = new Throttle(context.db.knex, context.config.loginLimits)
  }

  private get knex() {
    return this.context.db.knex
  }

  /**
   * The users service as the account flows use it from inside: they set server-owned fields (password,
   * `verified`, `tokensValidAfter`) and read past the hooks with the hash, beyond what the wire's map allows.
   */
  private users() {
    return this.app.service(servicePaths.users) as unknown as {
      patch: (id: string, data: Record<string, unknown>, params?: RecordParams) => Promise<User>
      _find: (params: RecordParams) => Promise<Secret[]>
      emit: (event: string, data: unknown) => void
    }
  }

  /**
   * A new password, valid from `now`: every token issued before it is refused from then on
   * (decision 0067). Runs in the caller's transaction, with the mail that reports the change.
   */
  private async setPassword(trx: Knex.Transaction, user: User, hash: string, now: Date, params: Caller) {
    const updated = await this.users().patch(
      user._id,
      { password: hash, tokensValidAfter: now.toISOString() },
      { transaction: trx }
    )
    await this.mail(trx, updated, 'passwordChanged', params)
    return updated
  }

  /**
   * After the commit: the users event of the patch itself went out inside the transaction, where
   * another connection (or a peer process) could still read the old validity and cache it. This
   * second event drops every cache again and disconnects the sockets signed in with an old token.
   */
  private announce(updated: User) {
    this.users().emit('patched', updated)
  }

  /** A token for the caller after a change of password, valid after `now`; a socket switches to it. */
  private async freshToken(user: User, params: Caller): Promise<string> {
    // The same session (decision 0136): signing out this device later ends the fresh token too.
    const sid = (params as { authentication?: { payload?: { sid?: unknown } } }).authentication?.payload?.sid
    const accessToken = await this.app
      .service(servicePaths.authentication)
      .createAccessToken(typeof sid === 'string' ? { sid } : {}, { subject: user._id })
    // The caller's socket keeps its session: it is not among the old ones the change disconnects.
    if (params.connection?.authentication) params.connection.authentication = { strategy: 'jwt', accessToken }
    return accessToken
  }

  private async account(query: Record<string, unknown>, trx?: Knex.Transaction): Promise<Secret | undefined> {
    const found = await this.users()._find({
      query: { ...query, $limit: 1 },
      paginate: false,
      withSecrets: true,
      transaction: trx
    })
    return found[0]
  }

  private locale(user: Pick<User, 'locale'>, params: Caller): LocaleId {
    if (isLocaleId(user.locale)) return user.locale
    const header = params.headers?.['accept-language']
    return pickLocale(Array.isArray(header) ? header[0] : header)
  }

  private async mail(
    trx: Knex.Transaction,
    user: User,
    type: MailType,
    params: Caller,
    values: Record<string, string | number> = {}
  ) {
    await this.context.mailer.enqueue(
      { to: user.email, type, locale: this.locale(user, params), values: { name: displayName(user), ...values } },
      trx
    )
  }

  /** Sends a fresh code of `purpose` to the account, inside the caller's transaction. */
  async sendCode(trx: Knex.Transaction, user: User, purpose: CodePurpose, params: Caller) {
    const code = await this.codes.issue(trx, user._id, purpose)
    await this.mail(trx, user, purpose === 'verify' ? 'verify' : 'resetPassword', params, {
      code,
      minutes: CODE_TTL_MINUTES[purpose]
    })
  }

  private signedIn(params: Caller): User {
    if (!params.user) throw new NotAuthenticated('Not authenticated')
    return params.user
  }

  private codeKeys(purpose: CodePurpose, who: string, params: Caller) {
    return [`code:${purpose}:${who}`, ...(params.address ? [`code:ip:${params.address}`] : [])]
  }

  /** Checks (and maybe consumes) a code; a wrong one is counted, committed, then refused. */
  private async withCode<T>(
    purpose: CodePurpose,
    user: User,
    token: string,
    params: Caller,
    consume: boolean,
    then: (trx: Knex.Transaction) => Promise<T>
  ): Promise<T> {
    const keys = this.codeKeys(purpose, user._id, params)
    await this.throttle.check(keys)
    const outcome = await this.knex.transaction(async (trx) => {
      if (!(await this.codes.check(trx, user._id, purpose, token, consume))) return { ok: false as const }
      return { ok: true as const, value: await then(trx) }
    })
    if (!outcome.ok) {
      await this.throttle.fail(keys)
      throw invalidCode()
    }
    return outcome.value
  }

  async verify(data: { token?: unknown }, params: Caller): Promise<User> {
    const user = this.signedIn(params)
    const token = assertCodeFormat(data?.token)
    const updated = await this.withCode('verify', user, token, params, true, (trx) =>
      this.users().patch(user._id, { verified: true }, { transaction: trx })
    )
    // As after a new password: the patch's own event went out before the commit, and a cache
    // refilled in between (a signed-in socket's session check) would keep the account unverified.
    this.announce(updated)
    return updated
  }

  async resend(params: Caller): Promise<User> {
    const user = this.signedIn(params)
    if (user.verified) return user
    const keys = [`resend:${user._id}`]
    await this.throttle.check(keys)
    await this.knex.transaction((trx) => this.sendCode(trx, user, 'verify', params))
    // Each resend counts, so one account cannot be used to flood an inbox.
    await this.throttle.fail(keys)
    return user
  }

  /**
   * Changes the password with the current one. Every earlier session ends; the caller gets a fresh
   * token in the answer (`accessToken`, beside the user's fields) so this session goes on.
   */
  async changePassword(
    data: { oldPassword?: unknown; password?: unknown },
    params: Caller
  ): Promise<User & { accessToken: string }> {
    const user = this.signedIn(params)
    const password = passwordField(data?.password)
    const keys = [`password:${user._id}`]
    await this.throttle.check(keys)
    const stored = await this.account({ _id: user._id })
    if (!(await verifyPassword(stored?.password, typeof data?.oldPassword === 'string' ? data.oldPassword : ''))) {
      await this.throttle.fail(keys)
      throw new BadRequest('The current password is wrong', { key: 'errors.oldPassword', field: 'oldPassword' })
    }
    const hash = await hashPassword(password)
    const now = new Date()
    // Issued after `now`, before the change commits: the caller's socket is never seen with an old token.
    const accessToken = await this.freshToken(user, params)
    const updated = await this.knex.transaction((trx) => this.setPassword(trx, user, hash, now, params))
    this.announce(updated)
    return { ...updated, accessToken }
  }

  async reset(data: ResetRequest, params: Caller): Promise<Record<string, boolean>> {
    const email = typeof data?.email === 'string' ? data.email.trim().toLowerCase() : ''
    if (!email) throw new BadRequest('Required', { key: 'format.required', field: 'email' })
    if (data.action === 'request') return this.requestReset(email, params)
    if (data.action !== 'verify' && data.action !== 'reset')
      throw new BadRequest('"action" must be request, verify or reset', { field: 'action' })
    const token = assertCodeFormat(data.token)
    const password = data.action === 'reset' ? passwordField(data.password) : ''
    const user = await this.account({ email })
    // An unknown e-mail gets the same answer as a wrong code, after the same throttle.
    if (!user) {
      const keys = this.codeKeys('reset', email, params)
      await this.throttle.check(keys)
      await this.throttle.fail(keys)
      throw invalidCode()
    }
    if (data.action === 'verify') return this.withCode('reset', user, token, params, false, async () => ({ valid: true }))
    const hash = await hashPassword(password)
    // Whoever knew the old password (or holds a token of it) is signed out everywhere.
    const updated = await this.withCode('reset', user, token, params, true, (trx) =>
      this.setPassword(trx, user, hash, new Date(), params)
    )
    this.announce(updated)
    // Whoever was locked out by failed logins may sign in with the new password straight away.
    await this.throttle.clear(loginKeys(email).slice(0, 1))
    return { done: true }
  }

  private async requestReset(email: string, params: Caller) {
    const keys = [`reset-request:${email}`, ...(params.address ? [`reset-request:ip:${params.address}`] : [])]
    await this.throttle.check(keys)
    await this.throttle.fail(keys)
    const user = await this.account({ email })
    if (user) await this.knex.transaction((trx) => this.sendCode(trx, user, 'reset', params))
    // The same answer whether or not the account exists (no enumeration).
    return { sent: true }
  }
}
