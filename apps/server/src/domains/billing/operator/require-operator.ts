import { Forbidden, NotAuthenticated } from '@feathersjs/errors'
import type { HookContext, Params } from '@feathersjs/feathers'
import type { AppConfig } from '../../../config'
import { isOperator } from '../operators'

export const notOperator = () => new Forbidden('Only the platform’s operators can do this', { key: 'errors.notOperator' })

/** The calling operator's e-mail; 401 without an account, 403 (`errors.notOperator`) for anyone else. */
export const operatorOf = (config: Pick<AppConfig, 'operatorEmails'>, params: Params): string => {
  const user = (params as { user?: { email?: unknown; verified?: unknown } }).user
  if (!user) throw new NotAuthenticated('Not authenticated')
  if (!isOperator(config, user)) throw notOperator()
  return String(user.email).trim().toLowerCase()
}

/**
 * Hook after `authenticate('jwt')`: the operator console's services answer the platform's operators
 * only. An internal call (no provider) passes: the server acts for itself.
 */
export const requireOperator = (config: Pick<AppConfig, 'operatorEmails'>) => (context: HookContext) => {
  if (context.params.provider) operatorOf(config, context.params)
}
