import { Unavailable } from '@feathersjs/errors'
import type { AppConfig } from '../../../config'
import type { DomainRegistrar } from './domain-registrar'
import { LocalRegistrar } from './local-registrar'

export type { DomainRegistrar } from './domain-registrar'

let local: LocalRegistrar | undefined

/** The configured registrar, or none (then its callers answer 503). The double is one per process, as a real one is one. */
export const registrarFromConfig = (config: Pick<AppConfig, 'domainRegistrar'>): DomainRegistrar | undefined => {
  if (config.domainRegistrar !== 'local') return undefined
  local ??= new LocalRegistrar()
  return local
}

/** The registrar, or a 503 saying none is configured. */
export const requireRegistrar = (registrar: DomainRegistrar | undefined): DomainRegistrar => {
  if (!registrar) throw new Unavailable('No domain registrar is configured', { key: 'domain.noRegistrar' })
  return registrar
}
