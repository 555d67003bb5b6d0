import { planFeatures } from '@emporia/shared'
import type { AppConfig } from '../../config'

/** Every paid feature switched on: what a self-hosted shop (BILLING=off) has. */
export const everyFeature = (): Record<string, true> => Object.fromEntries(planFeatures.map((feature) => [feature, true]))

/**
 * A shop record as answered with BILLING=off (decision 0129): every feature on and `billingState: 'off'`,
 * whatever is stored, so switching billing back on finds the subscriptions as they were.
 */
export const billingOff = <T extends Record<string, unknown>>(record: T, config: Pick<AppConfig, 'billing'>): T =>
  config.billing ? record : { ...record, attributes: everyFeature(), billingState: 'off', graceEnd: undefined }
