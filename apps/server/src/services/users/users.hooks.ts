import { BadRequest, Conflict, Forbidden, NotAuthenticated, NotFound } from '@feathersjs/errors'
import type { HookContext } from '@feathersjs/feathers'
import type { AppConfig } from '../../config'
import { hashPassword, type Throttle } from '../authentication/authentication'

type Data = Record<string, unknown>

export const emailTaken = () => new Conflict('Email already registered', { key: 'format.duplicate', field: 'email' })

/** Keys a refused registration counts under: the e-mail (account limit) and the caller's address. */
const registrationKeys = (email: string, address: unknown) => [
  `register:email:${email}`,
  ...(typeof address === 'string' && address ? [`register:ip:${address}`] : [])
]

/**
 * Registration (spec §4.4, §5.2): e-mail (compared lower-cased), a password of 6+ characters, the
 * terms box ticked and, when invite codes are on, a valid code. The password is hashed here.
 * "Email already registered" (spec §5.1) tells whether an account exists, so those answers are
 * throttled per e-mail and per address like failed logins (decision 0067).
 */
export const prepareRegistration = (config: AppConfig, throttle: Throttle) => async (context: HookContext) => {
  if (Array.isArray(context.data)) throw new BadRequest('Register one account at a time')
  const data = (context.data ?? {}) as Data
  const external = Boolean(context.params.provider)
  if (external && !config.registration) throw new Forbidden('Registration is closed')
  if (typeof data.email !== 'string' || !data.email.trim())
    throw new BadRequest('Required', { key: 'format.required', field: 'email' })
  if (typeof data.password !== 'string' || !data.password)
    throw new BadRequest('Required', { key: 'format.required', field: 'password' })
  if (data.password.length < 6)
    throw new BadRequest('At least 6 characters', { key: 'format.length', field: 'password', values: { length: 6 } })
  if (external && data.agreeTerms !== true)
    throw new BadRequest('Please accept the terms', { key: 'errors.terms', field: 'agreeTerms' })
  if (external && config.inviteCodes && !config.inviteCodes.includes(String(data.inviteCode ?? '').trim()))
    throw new BadRequest('Invalid invite code', { key: 'errors.inviteCode', field: 'inviteCode' })
  // The terms box and the invite code belong to the call (ARCHITECTURE §4), not to the account.
  delete data.agreeTerms
  delete data.inviteCode
  const email = data.email.trim().toLowerCase()
  data.email = email
  const keys = registrationKeys(email, (context.params as { address?: unknown }).address)
  if (external) await throttle.check(keys)
  const existing = (await context.service.find({ query: { email, $limit: 0 } })) as { total: number }
  if (existing.total > 0) {
    if (external) await throttle.fail(keys)
    throw emailTaken()
  }
  data.password = await hashPassword(data.password)
}

/** Two registrations racing for one e-mail: the loser hits the unique index, shown the same way. */
export const duplicateEmail = (context: HookContext) => {
  const error = context.error as { code?: number; data?: { constraint?: string } }
  if (error?.code === 409 && error.data?.constraint === 'email') context.error = emailTaken()
}

/** A signed-in user reaches only their own account (staff lists come through shop members). */
export const restrictToSelf = (context: HookContext) => {
  if (!context.params.provider) return
  const user = context.params.user as { _id: string } | undefined
  if (!user) throw new NotAuthenticated('Not authenticated')
  if (context.id !== undefined && context.id !== null) {
    if (typeof context.id !== 'string') throw new BadRequest('The id must be a string', { key: 'format.invalid', field: '_id' })
    if (context.id !== user._id) throw new NotFound(`No record found for id '${context.id}'`)
  } else {
    context.params.query = { ...context.params.query, _id: user._id }
  }
}

/**
 * E-mail and password change through their own flows, never through a patch. A client patches an
 * account with plain fields only: update operators (`$set`, `$unset`, `$push`, `$pull`) are refused
 * whole, so no guard here has to understand them (docs/decisions/0067-account-hardening.md).
 */
export const protectCredentials = (context: HookContext) => {
  if (!context.params.provider) return
  if (typeof context.data !== 'object' || context.data === null || Array.isArray(context.data))
    throw new BadRequest('Data must be an object')
  const data = context.data as Data
  const operator = Object.keys(data).find((key) => key.startsWith('$'))
  if (operator !== undefined)
    throw new BadRequest(`"${operator}" is not accepted on an account: send the fields themselves`, {
      key: 'format.unknownField',
      field: operator
    })
  for (const field of ['email', 'password']) {
    if (field in data) throw new BadRequest(`"${field}" cannot be changed here`, { field })
  }
}
