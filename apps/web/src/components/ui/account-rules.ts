/**
 * The account forms' limits, copied from the user schema because the login page cannot carry TypeBox
 * (+12 KB gzip over its 200 KB budget, decision 0011); account-rules.test.ts holds them to the schema.
 */
export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 200
export const EMAIL_MAX = 254
