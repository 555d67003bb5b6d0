import { servicePaths } from '@emporia/shared'
import { shopApi } from '../../lib/resource-client'

// The domain screens' calls (ARCHITECTURE §2: one place per operation); components never name a service.

/** Checks the domain's DNS now; answers it verified, or pending with the reason. */
export const verifyDomain = (domain: string) => shopApi(servicePaths.domainVerify).create({ domain })

/** Makes a verified domain the shop's alias, or removes the alias (`null`). */
export const setAlias = (domain: string | null) => shopApi(servicePaths.domainAlias).create({ domain })

/** Whether the registrar sells a name, and its price a year. */
export const domainAvailability = (name: string) => shopApi(servicePaths.domainAvailability).find({ name })

/** Buys a name at the price shown, terms agreed; answers the new domain. */
export const registerDomain = (order: { name: string; years: number; price: number; agreeTerms: boolean }) =>
  shopApi(servicePaths.domainRegister).create(order)
