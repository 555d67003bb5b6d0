import type { User } from '@emporia/shared'

/** How a person is named on screen (spec §3.2): title and names when given, else the e-mail. */
export const displayName = (user: Pick<User, 'email' | 'title' | 'firstName' | 'lastName'>): string =>
  [user.title, user.lastName, user.firstName].filter(Boolean).join(' ') || user.email
