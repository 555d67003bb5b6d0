import type { HookContext } from '@feathersjs/feathers'
import type { AppConfig } from '../../config'
import { isOperator } from '../../domains/billing/operators'

type Account = Record<string, unknown>

const flag = (config: AppConfig, account: unknown) => {
  if (account && typeof account === 'object' && '_id' in account)
    (account as Account).operator = isOperator(config, account as Account)
}

/**
 * Every account the users service answers says whether it is an operator's (decision 0131): the
 * sign-in, the JWT strategy's account and the profile all read it here, so the web shows the
 * console's entry without a call of its own. Computed, never stored: OPERATOR_EMAILS decides.
 */
export const operatorFlag = (config: AppConfig) => (context: HookContext) => {
  const result = context.result as unknown
  const page = result as { data?: unknown } | undefined
  const accounts = Array.isArray(result) ? result : Array.isArray(page?.data) ? page.data : [result]
  for (const account of accounts) flag(config, account)
}
