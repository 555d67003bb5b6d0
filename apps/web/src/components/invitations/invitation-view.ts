import { shopRoles, type Shop } from '@emporia/shared'

/** The roles an invitation can name; an unknown one (a newer server) shows as staff. */
export type InvitationRole = (typeof shopRoles)[number]

export const invitationRole = (role: string): InvitationRole =>
  (shopRoles as readonly string[]).includes(role) ? (role as InvitationRole) : 'user'

/**
 * The shops a sub-shop invitation may link: those the user administers (accepted admin), other than
 * the inviting shop, and not already a sub-shop of it. The server checks the same (decision 0087);
 * this only keeps the choice to what it will accept.
 */
export const linkableShops = (shops: readonly Shop[], userId: string, invitingShop: string): Shop[] =>
  shops.filter(
    (shop) =>
      shop._id !== invitingShop &&
      shop.users.some((member) => member.user === userId && member.role === 'admin' && member.accepted)
  )
