import { Forbidden, NotAuthenticated } from '@feathersjs/errors'
import type { HookContext } from '@feathersjs/feathers'
import { callerIn, isObjectId } from '@emporia/shared'
import type { ShopDirectory } from '../../tenancy'

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

/** Only a shop's admins change it; others get 403 whether or not the shop exists. */
export const adminOfShop = (directory: ShopDirectory) => async (context: HookContext) => {
  if (!context.params.provider) return
  const user = signedInUser(context)
  if (!isObjectId(context.id)) throw new Forbidden('No Permission', { key: 'errors.noPermission' })
  const shop = await directory.get(context.id)
  const { role } = callerIn(shop ?? {}, user._id)
  if (role === 'none') throw new Forbidden('You are not a member of this shop', { key: 'errors.notMember' })
  if (role !== 'admin') throw new Forbidden('No Permission', { key: 'errors.noPermission' })
}
