import { notFound, redirect } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { isLocaleId } from '@emporia/shared'
import { settledSession } from '../../lib/auth'
import { changeLanguage, i18n } from '../../lib/i18n/i18n'
import { fetchShops, getCurrentShopId, setCurrentShopId } from '../../lib/shop'
import { SHOP_ID_RE } from '../../lib/route-prefix'
import type { RouteSpec } from './route-paths'

/** What one page visit gives the steps. */
export interface StepInput {
  spec: RouteSpec
  params: { shop?: string; id?: string }
  search: Record<string, unknown>
  href: string
  queryClient: QueryClient
}

export type Step = (input: StepInput) => Promise<void> | void

/** The order every page goes through (spec §2.1). */
export const PAGE_STEPS = ['i18n', 'check-auth', 'change-shop'] as const

let lastUserId: string | undefined

/**
 * `?lang=` on any address, the 404 page included (spec §2.1): the language is applied and stored as
 * the interface language, then the address is replaced by the same one without it, so a copied or
 * reloaded link does not switch the language back and Back does not return to it.
 */
export const applyLanguageParam = async (search: Record<string, unknown>, location: { pathname: string; hash: string }) => {
  const { lang, ...rest } = search
  if (!isLocaleId(lang)) return
  await changeLanguage(lang)
  throw redirect({ to: location.pathname, search: rest, hash: location.hash || undefined, replace: true } as never)
}

// The root route has already applied and removed `?lang=`; this step stays for a visit the root did not see.
const i18nStep: Step = async ({ search }) => {
  const lang = search.lang
  if (isLocaleId(lang)) await changeLanguage(lang)
}

const checkAuthStep: Step = async ({ spec, href }) => {
  const session = await settledSession()
  if (spec.access === 'user' && session.status !== 'signed-in') {
    // Coming back here after logging in is what a merchant expects from a bookmarked link.
    throw redirect({ to: '/login', search: href === '/' ? {} : { redirect: href } })
  }
  if (spec.access === 'guest' && session.status === 'signed-in') throw redirect({ to: '/dashboard' })
}

const changeShopStep: Step = async ({ spec, params, queryClient }) => {
  const session = await settledSession()
  if (params.shop !== undefined && !SHOP_ID_RE.test(params.shop)) throw notFound()
  if (params.id !== undefined && !SHOP_ID_RE.test(params.id)) throw notFound()
  if (session.status !== 'signed-in' || !session.user) {
    setCurrentShopId(undefined)
    return
  }
  // A new user id reloads the shop list (spec §4.4); otherwise the cached, event-fed list is current.
  const userChanged = session.user._id !== lastUserId
  lastUserId = session.user._id
  const shops = await fetchShops(queryClient, userChanged)
  if (params.shop) {
    if (!shops.some((shop) => shop._id === params.shop)) throw redirect({ to: '/dashboard' })
    setCurrentShopId(params.shop)
  } else {
    const current = getCurrentShopId()
    setCurrentShopId(shops.some((shop) => shop._id === current) ? current : shops[0]?._id)
  }
  if (spec.shop && !getCurrentShopId()) throw redirect({ to: '/eshop' })
}

export const stepRegistry: Record<string, Step> = {
  i18n: i18nStep,
  'check-auth': checkAuthStep,
  'change-shop': changeShopStep
}

/** An error with an HTTP-like status for the error page. */
export class StatusError extends Error {
  constructor(
    message: string,
    readonly code: number
  ) {
    super(message)
  }
}

/**
 * Runs the named steps in order and records them on `<html data-steps>` so the browser tests
 * can see the order each visit took. A name with no step is a 500 (spec §8.1).
 */
export const runSteps = async (names: readonly string[], input: StepInput, registry: Record<string, Step> = stepRegistry) => {
  const ran: string[] = []
  for (const name of names) {
    const step = registry[name]
    if (!step) throw new StatusError(i18n.t('error.unknownMiddleware', { name }), 500)
    ran.push(name)
    if (typeof document !== 'undefined') document.documentElement.dataset.steps = ran.join(',')
    await step(input)
  }
}

/** Forgets the last user, so the next sign-in reloads the shop list. */
export const forgetUser = () => {
  lastUserId = undefined
}
