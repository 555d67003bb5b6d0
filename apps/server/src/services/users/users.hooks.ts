import { BadRequest, NotAuthenticated, NotFound } from '@feathersjs/errors'
import type { HookContext } from '@feathersjs/feathers'

type Data = Record<string, unknown>

/** Registration: an e-mail and a password are required, and e-mails are compared lower-cased. */
export const prepareRegistration = (context: HookContext) => {
  const list = (Array.isArray(context.data) ? context.data : [context.data]) as Data[]
  for (const data of list) {
    if (typeof data.password !== 'string' || !data.password) throw new BadRequest('"password" is required', { field: 'password' })
    // The terms checkbox is part of the registration call (ARCHITECTURE §4), not of the account.
    if ('agreeTerms' in data && data.agreeTerms !== true)
      throw new BadRequest('The terms must be accepted', { field: 'agreeTerms' })
    delete data.agreeTerms
    if (typeof data.email === 'string') data.email = data.email.trim().toLowerCase()
  }
}

/** A signed-in user reaches only their own account (staff lists come with shops and tenancy). */
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
