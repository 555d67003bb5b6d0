/**
 * Deleting a shop after a grace period (decision 0211): an admin asks for it by typing the shop's name;
 * the shop is closed at once (storefront and staff calls refused) and its rows are removed by a job
 * after `deleteAfter`, unless an admin cancels before then.
 */

/** Days between the request and the removal of the shop's rows and files. */
export const SHOP_DELETION_GRACE_DAYS = 30

/** The shop's deletion as `shop/deletion` answers it: not asked for (null), or when its rows go. */
export interface ShopDeletion {
  shop: string
  /** When the job removes the shop's rows and files; null when no deletion is asked for. */
  deleteAfter: string | null
  /** The account that asked for it. */
  requestedBy: string | null
}

/** `shop/deletion` create: the shop's name as the admin typed it, to confirm. */
export interface ShopDeletionData {
  shop: string
  confirmName: string
}

/**
 * Whether the typed text confirms deleting the shop: the shop's name in any of its languages, ignoring
 * surrounding spaces and letter case (a name is what a merchant sees; an id nobody types).
 */
export const confirmsShopName = (name: unknown, typed: string): boolean => {
  const wanted = typed.trim().toLocaleLowerCase()
  if (!wanted) return false
  const names =
    typeof name === 'string' ? [name] : name && typeof name === 'object' ? Object.values(name as Record<string, unknown>) : []
  return names.some((value) => typeof value === 'string' && value.trim().toLocaleLowerCase() === wanted)
}
