import { Type, type Static } from '@sinclair/typebox'
import { ID_PATTERN } from '../platform/ids'
import { familyNameFirst, personName } from '../customers/person-name'

/** Staff account (spec §3.2). The password hash never leaves the server. */
export const userSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    email: Type.String({ format: 'email', maxLength: 254 }),
    password: Type.Optional(Type.String({ minLength: 6, maxLength: 200 })),
    title: Type.Optional(Type.String({ maxLength: 50 })),
    firstName: Type.Optional(Type.String({ maxLength: 100 })),
    lastName: Type.Optional(Type.String({ maxLength: 100 })),
    /** Language of the account's e-mails (spec §3.4 ids). */
    locale: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('cht'), Type.Literal('chs')])),
    verified: Type.Boolean({ readOnly: true }),
    resetRequired: Type.Boolean({ readOnly: true }),
    /** Two-step sign-in (TOTP) is on (decision 0136); the secret itself never leaves the server. */
    twoStep: Type.Optional(Type.Boolean({ readOnly: true })),
    /**
     * The account is one of the platform's operators (OPERATOR_EMAILS, decision 0131): computed by the
     * server on every answer, never stored, so the web shows the operator console's entry.
     */
    operator: Type.Optional(Type.Boolean({ readOnly: true })),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'User', additionalProperties: false }
)
export type User = Static<typeof userSchema>
export type UserData = Pick<User, 'email'> & { password: string } & Partial<
    Pick<User, 'title' | 'firstName' | 'lastName' | 'locale'>
  >
export type UserPatch = Partial<Pick<User, 'title' | 'firstName' | 'lastName' | 'locale'>>

/**
 * What registration sends (ARCHITECTURE §4): the account plus the terms box, an invite code and, when the
 * operator set one, the captcha widget's token (decision 0201; checked with the provider, never stored).
 */
export type Registration = UserData & { agreeTerms: true; inviteCode?: string; captchaToken?: string }

/** Verification and reset codes: six digits (spec §5.1 format.token). */
export const CODE_PATTERN = /^\d{6}$/

/** Last and first name as spec §3.2 orders them; a CJK name as its language writes it ("陳小明", decision 0154). */
export const staffName = (user: Partial<Pick<User, 'firstName' | 'lastName'>>): string =>
  familyNameFirst(user.firstName, user.lastName)
    ? personName(user.firstName, user.lastName)
    : [user.lastName, user.firstName].filter(Boolean).join(' ')

/** Display name (spec §3.2): title, last and first name joined by spaces, else e-mail, else id. */
export const displayName = (
  user: Partial<Pick<User, '_id' | 'email' | 'title' | 'firstName' | 'lastName'>> | null | undefined
) => {
  if (!user) return ''
  const name = [user.title, staffName(user)].filter(Boolean).join(' ')
  return name || user.email || user._id || ''
}

/** A recovery code as shown (two groups of five, e.g. `k3m9p-x2q7w`); input is compared without case, spaces or dashes. */
export const RECOVERY_CODE_COUNT = 10

/** One signed-in device (decision 0136): `current` marks the caller's own session. */
export interface UserSession {
  _id: string
  userAgent: string | null
  address: string | null
  createdAt: string
  lastSeenAt: string
  current: boolean
}

/** What `users/twoStep` answers: the secret while setting up, the recovery codes once (decision 0136). */
export interface TwoStepAnswer {
  twoStep: boolean
  secret?: string
  uri?: string
  recoveryCodes?: string[]
}

/** `users/twoStep create`: start (a new secret), confirm (a code turns it on), recoveryCodes (new ones), disable. */
export type TwoStepRequest =
  | { action: 'start' }
  | { action: 'confirm'; code: string }
  | { action: 'recoveryCodes'; code: string }
  | { action: 'disable'; password: string; code: string }
