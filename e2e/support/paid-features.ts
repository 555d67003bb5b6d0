import type { Plan, Shop } from '@emporia/shared'
import { STRIPE_DOUBLE_SECRET_KEY } from '../../apps/server/test/support/stripe-double'
import { ApiError, authenticate, registerUser, verifyUser, type ApiSession, type Merchant } from './api'
import { STATE_MS } from './budget'

/*
 * Paid features the way the product switches them (issue 30, decisions 0129, 0131): a new shop is in
 * its trial with every feature; a spec that wants a plan of its own asks the platform's operator to
 * grant one, through the operator console's API. No SQL, so every suite runs on the embedded database.
 */

/** The operator every e2e server names (OPERATOR_EMAILS). */
export const OPERATOR_EMAIL = 'operator@e2e.test'
const OPERATOR_PASSWORD = 'operator-horse-1'
export const PLATFORM_PUBLISHABLE_KEY = 'pk_test_emporia_platform'
export const PLATFORM_WEBHOOK_SECRET = 'whsec_emporia_platform_e2e'

/**
 * The environment every e2e server starts with: card payments, the platform's account and its operator.
 * Every spec file of a worker registers its merchants on one shared server from 127.0.0.1, past the 50
 * sign-ups and sign-ins per address and 15 minutes a real shop's visitors get; the per-address limit is
 * the server tests’ to prove (test/services/account), so here it is out of the way.
 */
export const e2eServerEnv = (stripeDoubleUrl: string): NodeJS.ProcessEnv => ({
  LOGIN_LIMIT_ADDRESS: '100000',
  STRIPE_API_BASE: stripeDoubleUrl,
  OPERATOR_EMAILS: OPERATOR_EMAIL,
  PLATFORM_STRIPE_SECRET_KEY: STRIPE_DOUBLE_SECRET_KEY,
  PLATFORM_STRIPE_PUBLISHABLE_KEY: PLATFORM_PUBLISHABLE_KEY,
  PLATFORM_STRIPE_WEBHOOK_SECRET: PLATFORM_WEBHOOK_SECRET
})

const call = async <T>(baseUrl: string, path: string, token: string, init: RequestInit = {}): Promise<T> => {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }
  })
  const body = (await response.json()) as T
  if (!response.ok)
    throw new ApiError(
      `${init.method ?? 'GET'} ${path} answered ${response.status}: ${JSON.stringify(body)}`,
      response.status,
      body
    )
  return body
}

const operators = new Map<string, Promise<ApiSession>>()

/** The operator's session on a server: registered (and verified) the first time, signed in after. */
export const operatorSession = (baseUrl: string): Promise<ApiSession> => {
  const known = operators.get(baseUrl)
  if (known) return known
  const made = (async () => {
    // Signed in when another spec file on this server made the account: registering it again would count
    // against the e-mail's registration throttle (10 in 15 minutes), which the suite's files would exceed.
    const existing = await authenticate(baseUrl, OPERATOR_EMAIL, OPERATOR_PASSWORD).catch(() => undefined)
    if (existing) return existing
    try {
      await registerUser(baseUrl, OPERATOR_EMAIL, OPERATOR_PASSWORD)
      await verifyUser(baseUrl, await authenticate(baseUrl, OPERATOR_EMAIL, OPERATOR_PASSWORD))
    } catch (error) {
      // Another spec file on this server registered it first, between the sign-in and here.
      if (!(error instanceof ApiError) || error.status !== 409) throw error
    }
    return authenticate(baseUrl, OPERATOR_EMAIL, OPERATOR_PASSWORD)
  })()
  made.catch(() => operators.delete(baseUrl))
  operators.set(baseUrl, made)
  return made
}

/** The cheapest active plan with every one of `features`. */
export const cheapestPlanWith = async (baseUrl: string, features: readonly string[]): Promise<Plan> => {
  const operator = await operatorSession(baseUrl)
  const plans = await call<Plan[]>(baseUrl, 'plans', operator.accessToken)
  const fitting = plans
    .filter((plan) => plan.active && features.every((feature) => (plan.features as string[]).includes(feature)))
    .sort((a, b) => a.priceMonthly - b.priceMonthly || a.rank - b.rank)
  if (!fitting.length) throw new Error(`No active plan includes ${features.join(', ')}`)
  return fitting[0]
}

/**
 * Puts the merchant's shop on the cheapest plan with `features`, as the operator's "Grant plan" does,
 * and waits until the shop answers them on (every process's shop directory has the change).
 */
export const grantFeatures = async (baseUrl: string, who: Merchant, features: readonly string[]) => {
  const plan = await cheapestPlanWith(baseUrl, features)
  const operator = await operatorSession(baseUrl)
  await call(baseUrl, 'operator/actions', operator.accessToken, {
    method: 'POST',
    body: JSON.stringify({ action: 'grantPlan', shop: who.shop!._id, plan: plan.code, months: 12 })
  })
  const deadline = Date.now() + STATE_MS
  for (;;) {
    const shop = await call<Shop>(baseUrl, `shops/${who.shop!._id}`, who.session.accessToken)
    const attributes = shop.attributes as Record<string, boolean | undefined>
    if (features.every((feature) => attributes[feature])) return plan
    if (Date.now() > deadline) throw new Error(`The shop did not get ${features.join(', ')} from plan ${plan.code}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The shop is in its trial with `features` on: what a merchant has right after creating a shop (no grant). */
export const expectTrialWith = async (baseUrl: string, who: Merchant, features: readonly string[]) => {
  const shop = await call<Shop>(baseUrl, `shops/${who.shop!._id}`, who.session.accessToken)
  const attributes = shop.attributes as Record<string, boolean | undefined>
  const missing = features.filter((feature) => !attributes[feature])
  if (shop.billingState !== 'trial' || missing.length)
    throw new Error(
      `A new shop should be in its trial with ${features.join(', ')}; it is ${shop.billingState} without ${missing.join(', ')}`
    )
}

/** Puts the merchant's shop on the cheapest plan without `feature` (a merchant who has not paid for it). */
export const grantPlanWithout = async (baseUrl: string, who: Merchant, feature: string) => {
  const operator = await operatorSession(baseUrl)
  const plans = await call<Plan[]>(baseUrl, 'plans', operator.accessToken)
  const plan = plans
    .filter((candidate) => candidate.active && !(candidate.features as string[]).includes(feature))
    .sort((a, b) => a.priceMonthly - b.priceMonthly || a.rank - b.rank)[0]
  if (!plan) throw new Error(`Every active plan includes ${feature}`)
  await call(baseUrl, 'operator/actions', operator.accessToken, {
    method: 'POST',
    body: JSON.stringify({ action: 'grantPlan', shop: who.shop!._id, plan: plan.code, months: 12 })
  })
  const deadline = Date.now() + STATE_MS
  for (;;) {
    const shop = await call<Shop>(baseUrl, `shops/${who.shop!._id}`, who.session.accessToken)
    if (!(shop.attributes as Record<string, boolean | undefined>)[feature]) return plan
    if (Date.now() > deadline) throw new Error(`The shop kept ${feature} after the grant of ${plan.code}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
