/** A pending invitation as its invitee sees it (no table of its own: the staff table's unaccepted rows). */
export interface ShopInvitation {
  _id: string
  shop: string
  shopName: unknown
  role: string
  perm: string[]
  name?: string
  createdAt: string
}
