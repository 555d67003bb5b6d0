import type { User } from '@emporia/shared'

/** How a person is named on screen: title and names when given, else the e-mail. */
export const displayName = (user: Pick<User, 'email' | 'title' | 'firstName' | 'lastName'>): string =>
  [user.title, user.firstName, user.lastName].filter(Boolean).join(' ') || user.email
