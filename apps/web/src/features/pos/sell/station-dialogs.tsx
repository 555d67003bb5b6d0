import { CashCheckDialog, MemberPicker, PosRefundDialog, StaffPicker } from '../dialogs/pos-dialogs'
import { PosSummaryDialog } from '../report/pos-summary-dialog'
import type { CartAction } from './cart-store'

/** The other parts' dialogs the till opens (decision 0094): cash check, refund, member, staff, summary. */
export type StationDialog = 'cashCheck' | 'refund' | 'member' | 'staff' | 'report'

export const StationDialogs = (props: {
  open: string | null
  onClose: () => void
  /** The last sale: the refund starts from it. */
  lastOrder: string | null
  /** A count was taken: the till reads its drawer's state again. */
  onCounted: () => void
  dispatch: (action: CartAction) => void
}) => {
  const { open, onClose, dispatch } = props
  return (
    <>
      <CashCheckDialog open={open === 'cashCheck'} onClose={onClose} onDone={props.onCounted} />
      <PosRefundDialog open={open === 'refund'} order={props.lastOrder} onClose={onClose} />
      <MemberPicker
        open={open === 'member'}
        onClose={onClose}
        onPick={(user) => {
          const name = user ? user.name || user.email || user.phone || user._id : ''
          dispatch({ type: 'member', member: user ? { _id: user._id, name, rank: user.rank ?? null } : null })
          onClose()
        }}
      />
      <StaffPicker
        open={open === 'staff'}
        onClose={onClose}
        onPick={(staff) => {
          dispatch({ type: 'staff', staff })
          onClose()
        }}
      />
      <PosSummaryDialog open={open === 'report'} onClose={onClose} />
    </>
  )
}
