import { posAccessOf, type PosAccessType } from './pos-settings'

/*
 * Manager approval at the till and staff PINs (issue 31, decision 0135). A cashier's action that needs a
 * manager is approved on the same device: the manager picks their name and types their staff PIN; the
 * server checks it (throttled as logins are) and keeps a row naming both. The row's id is then sent
 * with the action (an order's `approval`, a refund's `approval`) and spent in its transaction.
 */

/** A staff PIN: 4 to 8 digits (spec §6.2's till is touch-first, a PIN pad). */
export const STAFF_PIN_PATTERN = /^\d{4,8}$/
export const isStaffPin = (value: unknown): value is string => typeof value === 'string' && STAFF_PIN_PATTERN.test(value)

/**
 * What a manager approves at the till; and `serve`: the till handed to a colleague, who confirms with
 * their own PIN (any POS level; the id is then sent with each order as its `clerk`, decision 0135).
 */
export const posApprovalActions = ['drawer', 'discount', 'refund', 'serve'] as const
export type PosApprovalAction = (typeof posApprovalActions)[number]

/** A `serve` id stands for its colleague at that till for a shift (reused for every order) this long. */
export const POS_SERVE_TTL_MS = 12 * 60 * 60_000

/** An approval is spent within this long of being given (the manager is standing at the till). */
export const POS_APPROVAL_TTL_MS = 5 * 60_000

/** Who may approve at the till: a member whose POS level is manager or admin (spec §6.2). */
export const canApproveAtTill = (member: { role?: string; posAccess?: PosAccessType | null }) => posAccessOf(member) !== 'user'

/** `POST pos/approvals`: the signed-in cashier asks; `manager` (a users id) confirms with their PIN. */
export interface PosApprovalData {
  action: PosApprovalAction
  manager: string
  pin: string
  /** The order a refund is for (kept as the approval's detail). */
  order?: string
  /** The amount in cents the cashier asked for (a discount, a refund), kept as a detail. */
  amount?: number
}

/** The answer: the approval's id, to send with the action, and the manager it names. */
export interface PosApproval {
  _id: string
  shop: string
  action: PosApprovalAction
  cashier: string
  manager: string
  managerName: string
  createdAt: string
}

/** `POST users/staffPin`: sets (or, with `pin: null`, clears) the caller's PIN; the current password confirms. */
export interface StaffPinData {
  password: string
  pin: string | null
}
export interface StaffPinState {
  hasPin: boolean
}
