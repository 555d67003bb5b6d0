import { describe, expect, it } from 'vitest'
import { formRules, userSchema } from '@emporia/shared'
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './account-rules'

describe('the account forms’ limits', () => {
  it('are the user schema’s (one schema, two sides)', () => {
    expect(formRules(userSchema, 'password')).toMatchObject({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX })
    expect(formRules(userSchema, 'email')).toMatchObject({ maxLength: EMAIL_MAX })
  })
})
