import { Type, type Static } from '@sinclair/typebox'

/** A mini-program's id as the messaging platform issues it (letters, digits, `_` and `-`). */
export const MINI_PROGRAM_ID_PATTERN = '^[A-Za-z0-9_-]{4,64}$'

/**
 * What the merchant sends to `mini/settings` (decision 0204): the program id, and its secret, which is
 * write-only (sealed in shopSecrets; null removes it, absent leaves it).
 */
export const miniSettingsDataSchema = Type.Object(
  {
    programId: Type.Optional(Type.Union([Type.String({ pattern: MINI_PROGRAM_ID_PATTERN }), Type.Null()])),
    secret: Type.Optional(Type.Union([Type.String({ minLength: 8, maxLength: 128, pattern: '^[!-~]+$' }), Type.Null()]))
  },
  { $id: 'MiniSettingsData', additionalProperties: false }
)
export type MiniSettingsData = Static<typeof miniSettingsDataSchema>

/** What `mini/settings` answers: the id, whether a secret is set (never the secret), and the sign-in address. */
export interface MiniSettings {
  shop: string
  programId: string | null
  hasSecret: boolean
  /** The storefront path the mini-program posts its login code to (under the shop's address). */
  signInPath: string
}

/** The mini-program's sign-in call, under the shop's storefront address. */
export const MINI_SIGN_IN_PATH = '/_commerce/mini/sign-in'

/**
 * The back office's download of the mini-program package for the platform (decision 0206):
 * `GET /api/mini/package?shop=…`, a zip of the client's weapp build filled in for the shop.
 */
export const MINI_PACKAGE_PATH = 'mini/package'
