/** Only paths of this app may be a return target: never another site. */
export const safeReturn = (value: unknown) =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/dashboard'

/**
 * Carries the return target on to the next account page (register, then verify), so an invitation
 * mail's link lands on /invitations after registering too (decision 0134).
 */
export const withReturn = (path: string, target: unknown) =>
  safeReturn(target) === '/dashboard' ? path : `${path}?redirect=${encodeURIComponent(safeReturn(target))}`
