import { staffName, type User } from '@emporia/shared'

/** How a person is named on screen (spec §3.2): title and names when given (a CJK name as written: decision 0154), else the e-mail. */
export const displayName = (user: Pick<User, 'email' | 'title' | 'firstName' | 'lastName'>): string =>
  [user.title, staffName(user)].filter(Boolean).join(' ') || user.email
