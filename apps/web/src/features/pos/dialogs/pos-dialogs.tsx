import type { ShopUser } from '@emporia/shared'

/*
 * CONTRACT STUB (decision 0094): the station part (decision 0100) replaces these. The till's own dialogs:
 * a cash check of this station's drawer (spec §5.3), a refund that needs the order ID typed (§4.8), the
 * member and staff pickers (§2.13) and opening the drawer by hand with the §6.2 permission checks.
 */
export interface DialogProps {
  open: boolean
  onClose: () => void
}
export const CashCheckDialog = (_props: DialogProps & { onDone?: () => void }) => null
/** `order`: an order _id to start from (e.g. the last sale), else the cashier searches. */
export const PosRefundDialog = (_props: DialogProps & { order?: string | null }) => null
export const MemberPicker = (_props: DialogProps & { onPick: (member: ShopUser | null) => void }) => null
export const StaffPicker = (_props: DialogProps & { onPick: (staff: { _id: string; name: string } | null) => void }) => null
/** Opens the drawer by hand if the member may (asks a manager when it needs one); answers whether it opened. */
export const useOpenDrawer = () => async (): Promise<boolean> => false
