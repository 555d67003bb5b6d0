import type { Knex } from 'knex'
import webpush from 'web-push'
import { platformSecretOnce } from '../../../../platform/secrets/platform-secrets'

/** The platform's VAPID key pair (decision 0203): one for every shop, the public half given to browsers. */
export interface VapidKeys {
  publicKey: string
  privateKey: string
  subject: string
}

const DEFAULT_SUBJECT = 'mailto:webpush@emporia.invalid'

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set (an operator who must keep the keys across
 * databases); otherwise a pair generated once and stored sealed in `platformSecrets`. VAPID_SUBJECT is
 * the contact push services are given (a mailto: or https: address).
 */
export const vapidKeys = async (knex: Knex, env: NodeJS.ProcessEnv = process.env): Promise<VapidKeys> => {
  const subject = env.VAPID_SUBJECT || DEFAULT_SUBJECT
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject }
  const stored = await platformSecretOnce(knex, 'vapidKeys', () => JSON.stringify(webpush.generateVAPIDKeys()))
  const pair = JSON.parse(stored) as { publicKey: string; privateKey: string }
  return { publicKey: pair.publicKey, privateKey: pair.privateKey, subject }
}

/** Loads the keys once per process (they never change while it runs). */
export const vapidOnce = (knex: Knex, env: NodeJS.ProcessEnv = process.env) => {
  let loading: Promise<VapidKeys> | undefined
  return () => {
    loading ??= vapidKeys(knex, env)
    loading.catch(() => (loading = undefined))
    return loading
  }
}
