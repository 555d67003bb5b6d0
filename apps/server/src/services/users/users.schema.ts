import { Type } from '@sinclair/typebox'
import { userSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

/** `operator` is computed on every answer (operator-flag.ts), not a column. */
const { operator: _computed, ...storedProperties } = userSchema.properties

/**
 * The shared account schema plus what only the server knows: `tokensValidAfter`, the moment of the
 * last password change or reset; tokens issued before it are refused (decision 0067). Server-owned
 * and a secret of the service: no client sets it or reads it.
 */
export const serverUserSchema = Type.Object(
  {
    ...storedProperties,
    tokensValidAfter: Type.Optional(Type.String({ format: 'date-time', readOnly: true }))
  },
  { $id: 'User', additionalProperties: false }
)

export const userModel = modelFromSchema('users', serverUserSchema)

/** Columns of an account that never leave the server. */
export const USER_SECRETS = ['password', 'tokensValidAfter']
