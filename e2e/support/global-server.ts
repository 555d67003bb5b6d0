import type { TestProject } from 'vitest/node'
import { startStripeDouble, type StripeDouble } from '../../apps/server/test/support/stripe-double'
import { e2eServerEnv } from './paid-features'
import { startServer, type RunningServer } from './server'
import { e2eWorkers } from './workers'

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per vitest worker (empty when E2E_SERVER_PER_FILE asks for one per spec file). */
    e2eServerUrls: string[]
    /** The Stripe double every server of the run sends card payments to (STRIPE_API_BASE). */
    stripeDoubleUrl: string
  }
}

/**
 * The servers of the run (vitest globalSetup): one per worker, so files running side by side do
 * not queue behind each other on one PGlite connection. Starting a server costs 6–7 s of CPU
 * (PGlite, migrations), and 23 spec files did it 24 times; every test makes its own merchant and
 * shop (`merchant()` uses fresh addresses), so files do not see each other's data. Specs that need
 * other settings (developer tools off) still start their own. `E2E_SERVER_PER_FILE=1` gives each
 * file a fresh install again, to rule sharing out when hunting a failure.
 */
export const setup = async (project: TestProject) => {
  // Card payments go to a local Stripe double (decision 0115): a spec registers its shop's webhook
  // endpoint there (`/_double/webhook_endpoints`) and pays in the page with its stand-in Stripe.js.
  const stripe: StripeDouble = await startStripeDouble()
  project.provide('stripeDoubleUrl', stripe.url)
  const env = e2eServerEnv(stripe.url)
  if (process.env.E2E_SERVER_PER_FILE) {
    project.provide('e2eServerUrls', [])
    return () => stripe.close()
  }
  // One after the other: two starting at once on a busy 2-core machine outgrew the health timeout.
  const servers: RunningServer[] = []
  try {
    for (let i = 0; i < e2eWorkers; i += 1) servers.push(await startServer({ env }))
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()))
    await stripe.close()
    throw error
  }
  project.provide(
    'e2eServerUrls',
    servers.map((server) => server.url)
  )
  return async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await stripe.close()
  }
}
