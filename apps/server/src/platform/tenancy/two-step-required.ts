import { Forbidden } from '@feathersjs/errors'
import type { ShopCaller } from '@emporia/shared'

export const twoStepSetupRequired = () =>
  new Forbidden('This shop requires two-step sign-in for admins. Please turn it on in your profile.', {
    key: 'errors.twoStepSetupRequired'
  })

/**
 * "Admins must use two-step sign-in" (issue 31, decision 0136): in a shop that requires it, an admin
 * whose account has no two-step sign-in reaches none of the shop's data until they turn it on (their
 * profile and the shop list are not shop data and stay open). Other roles are not concerned.
 */
export const checkAdminTwoStep = (
  shop: { adminTwoStepRequired?: boolean | null } | undefined,
  caller: Pick<ShopCaller, 'role'>,
  user: { twoStep?: unknown } | undefined
) => {
  if (!passesAdminTwoStep(shop, caller, user)) throw twoStepSetupRequired()
}

/**
 * The same rule for live events: an admin the shop refuses its data does not hear its events either,
 * on a socket that was open before the shop asked for two-step sign-in.
 */
export const passesAdminTwoStep = (
  shop: { adminTwoStepRequired?: boolean | null } | undefined,
  caller: Pick<ShopCaller, 'role'>,
  user: { twoStep?: unknown } | undefined
) => !(shop?.adminTwoStepRequired === true && caller.role === 'admin' && user?.twoStep !== true)
