/*
 * The till's own dialogs (decision 0094 seams, built by decision 0100): a cash check of this station's
 * drawer (spec §5.3), a refund that needs the order ID typed (§4.8), the member and staff pickers (§2.13)
 * and opening the drawer by hand with the §6.2 permission checks.
 */
export type { DialogProps } from './dialog-props'
export { CashCheckDialog } from './cash-check-dialog'
/** `order`: an order _id to start from (e.g. the last sale), else the cashier searches. */
export { PosRefundDialog } from './refund-dialog'
export { MemberPicker } from '../people/member-picker'
export { StaffPicker } from '../people/staff-picker'
/** Opens the drawer by hand if the member may; answers whether it opened. */
export { useOpenDrawer } from './use-open-drawer'
