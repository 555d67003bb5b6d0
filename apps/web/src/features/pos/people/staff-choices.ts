import { customerName, type Shop, type ShopStaff, type User } from '@emporia/shared'

export interface StaffChoice {
  /** The member's user id: what an order's `admin` holds. */
  _id: string
  name: string
}

/**
 * Who may be named as serving the customer: the shop's staff list when the caller may read it (admins),
 * else the shop's members (`shop.users`) by the names the server gives them (the end of the id for a shop
 * whose list was written before names were).
 * Only accepted members; sorted by name; `filter` matches any part of the name.
 */
export const staffChoices = (
  staff: readonly ShopStaff[] | undefined,
  members: Shop['users'] | undefined,
  me: Pick<User, '_id' | 'email' | 'firstName' | 'lastName'> | undefined,
  filter: string
): StaffChoice[] => {
  const mine = me ? customerName(me) || me.email : ''
  const choices: StaffChoice[] = staff
    ? staff.flatMap((member) => (member.user && member.accepted ? [{ _id: member.user, name: member.name || member.email }] : []))
    : (members ?? []).flatMap((member) =>
        member.accepted
          ? [{ _id: member.user, name: member.user === me?._id ? mine : member.name || `…${member.user.slice(-6)}` }]
          : []
      )
  const wanted = filter.trim().toLowerCase()
  return choices
    .filter((choice) => !wanted || choice.name.toLowerCase().includes(wanted))
    .sort((a, b) => a.name.localeCompare(b.name))
}
