import { runBillingSweep } from '../../../src/domains/billing/billing-sweep'
import type { Clock } from '../../../src/platform/http/service-context'
import { login, post, register, verifyEmail } from '../../support/accounts'
import { json } from '../../support/clients'
import type { TestApp } from '../../support/test-app'

/** The operator every operator test names (OPERATOR_EMAILS). */
export const OPERATOR = 'ops@emporia.test'

/** A clock the test moves (decision 0129): reaching a trial's end without waiting. */
export const movableClock = () => {
  let offset = 0
  const clock: Clock & { advanceDays: (days: number) => void } = {
    now: () => new Date(Date.now() + offset),
    advanceDays: (days) => {
      offset += days * 86_400_000
    }
  }
  return clock
}

/** A signed-in, verified account; an operator when its e-mail is OPERATOR. */
export const account = async (t: TestApp, email: string) => {
  await register(t.url, { email })
  const first = await login(t.url, email, 'secret-123')
  await verifyEmail(t.url, t.db.knex, email, first.body?.accessToken as string)
  const { body } = await login(t.url, email, 'secret-123')
  return { token: body?.accessToken as string, user: body?.user as Record<string, unknown> }
}

export const get = (t: TestApp, path: string, token?: string) => json(`${t.url}/api/${path}`, { token })

export const act = (t: TestApp, token: string, body: Record<string, unknown>) => post(t.url, 'operator/actions', body, token)

/**
 * Ends a shop's trial and its grace the way the platform does: the clock passes them and the billing
 * sweep moves the subscription (trial → grace → lapsed), switching the shop's features off.
 */
export const lapse = async (t: TestApp, clock: ReturnType<typeof movableClock>, shop: string) => {
  const row = () => t.db.knex('shopSubscriptions').where({ shop }).first('state')
  clock.advanceDays(t.context.config.trialDays + 1)
  await runBillingSweep(t.context, t.app)
  clock.advanceDays(t.context.config.billingGraceDays + 1)
  await runBillingSweep(t.context, t.app)
  const { state } = (await row()) as { state: string }
  if (state !== 'lapsed') throw new Error(`The shop should have lapsed; it is ${state}`)
}
