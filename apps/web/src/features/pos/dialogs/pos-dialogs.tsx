/*
 * The till's own dialogs (decision 0094 seams, built by decision 0100): a cash check of this station's
 * drawer (spec §5.3), a refund of any order found by its ID or among the recent ones (§4.8), the member
 * and staff pickers (§2.13)
 * and opening the drawer by hand with the §6.2 permission checks.
 */
export type { DialogProps } from './dialog-props'
export { CashCheckDialog } from './cash-check-dialog'
/** Starts with a lookup (decision 0142); `order`, the last sale, is marked in the recent orders. */
export { PosRefundDialog } from './refund-dialog'
export { MemberPicker } from '../people/member-picker'
export { StaffPicker } from '../people/staff-picker'
/** Opens the drawer by hand if the member may; answers whether it opened. */
export { useOpenDrawer } from './use-open-drawer'
