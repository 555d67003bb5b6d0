import { canApproveAtTill, isStaffPin, type PosApproval, type PosApprovalAction, type Shop } from '@emporia/shared'

/*
 * Manager approval at the till (decision 0135), the parts without React: who may approve, what a PIN
 * typed on the pad may be, and the one request the till is asking a manager for at a time.
 */

export interface ManagerChoice {
  _id: string
  name: string
}

/**
 * The members who may approve at this till: accepted, at manager or admin level (spec §6.2), not the
 * cashier asking; by the names the shop gives them, sorted.
 */
export const managerChoices = (members: Shop['users'] | undefined, me: string | undefined): ManagerChoice[] =>
  (members ?? [])
    .filter((member) => member.accepted && member.user && member.user !== me && canApproveAtTill(member))
    .map((member) => ({ _id: member.user, name: member.name || `…${member.user.slice(-6)}` }))
    .sort((a, b) => a.name.localeCompare(b.name))

/**
 * Whom the request names: a manager (above), or for `serve` any accepted colleague of this shop but the
 * signed-in account (any POS level: they serve with their own).
 */
export const approvalChoices = (
  action: PosApprovalAction,
  members: Shop['users'] | undefined,
  me: string | undefined
): ManagerChoice[] =>
  action !== 'serve'
    ? managerChoices(members, me)
    : (members ?? [])
        .filter((member) => member.accepted && member.user && member.user !== me)
        .map((member) => ({ _id: member.user, name: member.name || `…${member.user.slice(-6)}` }))
        .sort((a, b) => a.name.localeCompare(b.name))

/** What the PIN field keeps of a keystroke: digits only, at most 8. */
export const pinInput = (typed: string) => typed.replace(/\D/g, '').slice(0, 8)

/** The PIN may be sent: 4 to 8 digits and a manager picked. */
export const canSubmitApproval = (manager: string | null, pin: string) => Boolean(manager) && isStaffPin(pin)

export interface ApprovalRequest {
  action: PosApprovalAction
  order?: string
  amount?: number
}

interface Pending {
  /** Each request's own number: a new one starts a fresh form. */
  id: number
  request: ApprovalRequest
  resolve: (approval: PosApproval | null) => void
}

let pending: Pending | null = null
let requests = 0
const listeners = new Set<() => void>()
const changed = () => listeners.forEach((listener) => listener())

export const subscribeApproval = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
export const currentApproval = () => pending

/**
 * Asks a manager (the till's approval dialog shows the request): answers the approval, or null when the
 * cashier gave up. A new request replaces one still open, which answers null.
 */
export const askManager = (request: ApprovalRequest): Promise<PosApproval | null> =>
  new Promise((resolve) => {
    pending?.resolve(null)
    pending = { id: ++requests, request, resolve }
    changed()
  })

/** The dialog's answer to the request it shows. */
export const answerApproval = (approval: PosApproval | null) => {
  const done = pending
  pending = null
  changed()
  done?.resolve(approval)
}
