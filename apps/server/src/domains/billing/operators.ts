import type { AppConfig } from '../../config'

/** The part of an account that makes it an operator. */
export type OperatorCandidate = { email?: unknown; verified?: unknown } | null | undefined

/**
 * The platform's operators are the accounts named by OPERATOR_EMAILS (decision 0131). Only a verified
 * account counts: anyone may register an address, and an operator's powers must not go to whoever
 * registered the operator's e-mail first without reading its inbox.
 */
export const isOperator = (config: Pick<AppConfig, 'operatorEmails'>, user: OperatorCandidate): boolean =>
  Boolean(user) &&
  user?.verified === true &&
  typeof user.email === 'string' &&
  config.operatorEmails.includes(user.email.trim().toLowerCase())
