import { BadRequest, Conflict } from '@feathersjs/errors'
import { isDomainName, normalizeDomainName } from '@emporia/shared'
import type { AppConfig } from '../../../config'
import { publicHostOf } from './storefront-host'

/** A name as stored: normalized, a real host name, not one of our own storefront addresses. */
export const domainNameOf = (value: unknown, config: Pick<AppConfig, 'publicHost' | 'publicUrl'>): string => {
  if (typeof value !== 'string' || !value.trim())
    throw new BadRequest('"name" is required', { key: 'format.required', field: 'name' })
  const name = normalizeDomainName(value)
  if (!isDomainName(name)) throw new BadRequest('Not a valid domain name', { key: 'domain.invalidName', field: 'name' })
  const base = publicHostOf(config)
  if (name === base || name.endsWith(`.${base}`))
    throw new BadRequest('This address is already the shop platform’s own', { key: 'domain.ourHost', field: 'name' })
  return name
}

/** The uniqueness of a proven name across shops, said on its field (spec §3.13; decisions 0112, 0121). */
export const explainConflict = (error: unknown) => {
  // `name`: another shop proved it; `shop_name`: this shop already claimed it (decision 0121).
  const constraint = (error as { data?: { constraint?: string } } | undefined)?.data?.constraint
  if (error instanceof Conflict && (constraint === 'name' || constraint === 'shop_name'))
    return new Conflict('This domain is already used by a shop', { key: 'domain.taken', field: 'name' })
  return error
}
