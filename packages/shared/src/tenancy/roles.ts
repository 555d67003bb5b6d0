/**
 * Shop roles (spec §6.1). admin counts as user and user counts as pos; subshop stands apart and
 * only sees warehouses and products. `none` is the role of someone who is not a member.
 */
export const shopRoles = ['admin', 'user', 'pos', 'subshop'] as const
export type ShopRole = (typeof shopRoles)[number]
export type RoleOrNone = ShopRole | 'none'

/** Access permissions an admin can grant on top of a role (spec §6.1: `warehouse` for pos). */
export const shopPermissions = ['warehouse'] as const
export type ShopPermission = (typeof shopPermissions)[number]

const implied: Record<ShopRole, readonly ShopRole[]> = {
  admin: ['admin', 'user', 'pos'],
  user: ['user', 'pos'],
  pos: ['pos'],
  subshop: ['subshop']
}

/** The roles a role counts as, itself included (the spec's "roles lookup set"). */
export const impliedRoles = (role: RoleOrNone): readonly ShopRole[] => (role === 'none' ? [] : implied[role])

/** True when `role` counts as `required` (admin ⊃ user ⊃ pos). */
export const roleIncludes = (role: RoleOrNone, required: ShopRole): boolean => impliedRoles(role).includes(required)

/** A shop member as kept in `shop.users[]` (spec §3.1). */
export interface ShopStaffRef {
  user?: string
  role: ShopRole
  roles?: ShopRole[]
  perm?: string[]
  accepted?: boolean
}

/** The signed-in user's role in a shop: their accepted entry in `users[]`, else `none`. */
export const roleInShop = (shop: { users?: ShopStaffRef[] } | null | undefined, userId: string | undefined): RoleOrNone => {
  if (!shop || !userId) return 'none'
  const entry = shop.users?.find((member) => member.user === userId && member.accepted !== false)
  return entry?.role ?? 'none'
}

/** The permission set of the signed-in user's entry (empty when not a member). */
export const permsInShop = (shop: { users?: ShopStaffRef[] } | null | undefined, userId: string | undefined): string[] => {
  if (!shop || !userId) return []
  return shop.users?.find((member) => member.user === userId && member.accepted !== false)?.perm ?? []
}
