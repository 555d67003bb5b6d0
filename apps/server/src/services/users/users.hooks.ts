import { BadRequest, Conflict, Forbidden, NotAuthenticated, NotFound } from '@feathersjs/errors'
import type { HookContext } from '@feathersjs/feathers'
import type { AppConfig } from '../../config'
import { hashPassword } from '../authentication/passwords'

type Data = Record<string, unknown>

export const emailTaken = () => new Conflict('Email already registered', { key: 'format.duplicate', field: 'email' })

/**
 * Registration (spec §4.4, §5.2): e-mail (compared lower-cased), a password of 6+ characters, the
 * terms box ticked and, when invite codes are on, a valid code. The password is hashed here.
 */
export const prepareRegistration = (config: AppConfig) => async (context: HookContext) => {
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
  data.email = data.email.trim().toLowerCase()
  const existing = (await context.service.find({ query: { email: data.email, $limit: 0 } })) as { total: number }
  if (existing.total > 0) throw emailTaken()
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
    if (context.id !== user._id) throw new NotFound(`No record found for id '${String(context.id)}'`)
  } else {
    context.params.query = { ...context.params.query, _id: user._id }
  }
}

/** E-mail and password change through their own flows, never through a plain patch. */
export const protectCredentials = (context: HookContext) => {
  if (!context.params.provider) return
  const data = (context.data ?? {}) as Data
  for (const field of ['email', 'password']) {
    if (field in data) throw new BadRequest(`"${field}" cannot be changed here`, { field })
  }
}
