import { Forbidden } from '@feathersjs/errors'

/** The shop fields and account fields the verification requirement reads (decision 0138). */
export interface VerifyRequirement {
  staffVerifyRequired?: boolean | null
}

export const verifyRequiredError = () =>
  new Forbidden('This shop requires a verified e-mail. Please verify your e-mail.', { key: 'errors.verifyRequired' })

/**
 * "Staff must verify their e-mail" (spec §4.4; decision 0138): in a shop that requires it, a member
 * whose account is not verified reaches none of the shop's data, whatever their role (admins too).
 * Account endpoints (verify, resend, profile) and the shop list are not shop data and stay open.
 */
export const checkVerifiedMember = (shop: VerifyRequirement | undefined, user: { verified?: unknown } | undefined) => {
  if (shop?.staffVerifyRequired === true && user?.verified !== true) throw verifyRequiredError()
}

/** Whether a connection's account hears a shop's events: not while the shop requires a verified e-mail it lacks. */
export const hearsShop = (shop: VerifyRequirement | undefined, user: { verified?: unknown } | undefined) =>
  !(shop?.staffVerifyRequired === true && user?.verified !== true)
