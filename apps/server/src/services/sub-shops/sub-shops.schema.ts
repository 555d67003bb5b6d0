import type { ShopStaff } from '@emporia/shared'

/** A sub-shop is an entry of the staff table (spec §3.3) whose role is always `subshop`. */
export type SubShop = ShopStaff & { role: 'subshop' }
