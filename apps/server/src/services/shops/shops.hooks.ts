import { Forbidden, NotAuthenticated } from '@feathersjs/errors'
import type { HookContext } from '@feathersjs/feathers'
import { callerIn, isObjectId, refusal, serviceRules, servicePaths } from '@emporia/shared'
import { verifyRequiredError, type ShopDirectory } from '../../platform/tenancy'

const signedInUser = (context: HookContext) => {
  const user = context.params.user as { _id: string } | undefined
  if (!user) throw new NotAuthenticated('Not authenticated')
  return user
}

/** A caller lists and reads only the shops they are an accepted member of (spec §7.3). */
export const onlyMyShops = (context: HookContext) => {
  if (!context.params.provider) return
  const user = signedInUser(context)
  context.params.query = { ...context.params.query, 'users.user': user._id }
}

/** The till's last step of the legacy cashier migration (spec §4.7): the patch clears `posCashiers` and nothing else. */
const onlyClearsLegacyCashiers = (data: unknown) => {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return false
  const entries = Object.entries(data as Record<string, unknown>)
  if (entries.length !== 1) return false
  const [key, value] = entries[0]
  if (key === 'posCashiers') return value === null
  return key === '$unset' && !!value && typeof value === 'object' && Object.keys(value).join() === 'posCashiers'
}

/**
 * Only a shop's admins change it; others get 403 whether or not the shop exists. One exception
 * (decision 0095): whoever may set up the shop's cashier stations may finish the legacy migration
 * the till runs when it opens, by clearing the legacy list.
 */
export const adminOfShop = (directory: ShopDirectory) => async (context: HookContext) => {
  if (!context.params.provider) return
  const user = signedInUser(context)
  if (!isObjectId(context.id)) throw new Forbidden('No Permission', { key: 'errors.noPermission' })
  const shop = await directory.get(context.id)
  const caller = callerIn(shop ?? {}, user._id)
  if (caller.role === 'none') throw new Forbidden('You are not a member of this shop', { key: 'errors.notMember' })
  if (caller.role === 'admin') return
  const stations = serviceRules[servicePaths.cashiers].write
  if (onlyClearsLegacyCashiers(context.data) && refusal(stations, caller) === null) return
  throw new Forbidden('No Permission', { key: 'errors.noPermission' })
}

/** Whether a patch turns "Staff must verify their e-mail" on, plainly or with `$set`. */
const turnsVerifyOn = (data: unknown): boolean => {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return false
  const row = data as Record<string, unknown>
  return row.staffVerifyRequired === true || turnsVerifyOn(row.$set)
}

/**
 * The verification requirement on the shop itself (decision 0138): while it is on, an unverified member
 * changes nothing of the shop (reading the shop stays open, so the app can say why); and an admin turns
 * it on only once their own e-mail is verified, so nobody locks themself out by turning it on.
 */
export const verifiedToChangeShop = (directory: ShopDirectory) => async (context: HookContext) => {
  if (!context.params.provider) return
  const user = signedInUser(context) as { verified?: unknown }
  if (user.verified === true) return
  if (!isObjectId(context.id)) return
  const shop = await directory.get(context.id)
  if (shop?.staffVerifyRequired === true) throw verifyRequiredError()
  if (turnsVerifyOn(context.data))
    throw new Forbidden('Verify your own e-mail before requiring it of your staff', {
      key: 'errors.verifyYourselfFirst',
      field: 'staffVerifyRequired'
    })
}
