import { Type, type Static } from '@sinclair/typebox'
import { ID_PATTERN } from '../platform/ids'

/** Staff account (spec §3.2). The password hash never leaves the server. */
export const userSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    email: Type.String({ format: 'email', maxLength: 254 }),
    password: Type.Optional(Type.String({ minLength: 6, maxLength: 200 })),
    title: Type.Optional(Type.String({ maxLength: 50 })),
    firstName: Type.Optional(Type.String({ maxLength: 100 })),
    lastName: Type.Optional(Type.String({ maxLength: 100 })),
    verified: Type.Boolean({ readOnly: true }),
    resetRequired: Type.Boolean({ readOnly: true }),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'User', additionalProperties: false }
)
export type User = Static<typeof userSchema>
export type UserData = Pick<User, 'email'> & { password: string } & Partial<Pick<User, 'title' | 'firstName' | 'lastName'>>
export type UserPatch = Partial<Pick<User, 'title' | 'firstName' | 'lastName'>>
