import { createElement } from 'react'
import type { Application } from '@feathersjs/feathers'
import { NotAuthenticated } from '@feathersjs/errors'
import { addressLine } from '@emporia/shared'
import { AccountPage, commerceText, type CheckoutAccount } from '@emporia/theme'
import { registerStorefrontRoute, type StorefrontRequest } from '../routes'
import { pageCaptcha, withOrigins } from '../captcha'
import type { Commerce } from '../commerce/commerce-context'
import { requestUser } from './account-session'
import { accountView, type AccountView } from './customer-account'

/** The signed-in customer's account, or null when the request has no live session of this shop. */
export const signedInView = async (commerce: Commerce, request: StorefrontRequest): Promise<AccountView | null> => {
  const user = requestUser(request.ctx, commerce.context.config.authSecret, request.shop._id)
  if (!user) return null
  try {
    return await accountView(commerce, request.shop._id, user)
  } catch (error) {
    // A session whose customer is gone (erased, removed) is a signed-out visitor.
    if (error instanceof NotAuthenticated) return null
    throw error
  }
}

/** What the checkout fills in for a signed-in customer: their details and default address. */
export const checkoutAccount = (view: AccountView | null): CheckoutAccount | undefined => {
  if (!view) return undefined
  const home = view.addresses.find((address) => address.default) ?? view.addresses[0]
  return { ...view.customer, address: home ? addressLine(home) : '' }
}

/** `/account` (decision 0114): the sign-in, or the signed-in customer's page; never cached or indexed. */
export const registerAccountPages = (app: Application, commerce: Commerce) => {
  registerStorefrontRoute(app, {
    path: '/account',
    render: async (request) => {
      const view = await signedInView(commerce, request)
      // Signed out, the sign-in (or sign-up) asks the operator's captcha first, when there is one (decision 0201).
      const captcha = view ? undefined : pageCaptcha(commerce.context.config.captcha)
      return {
        title: commerceText('account.title', request.locale),
        body: createElement(AccountPage, { locale: request.locale, base: request.base, view, captcha: captcha?.widget }),
        ...withOrigins(undefined, captcha?.origins)
      }
    }
  })
}
