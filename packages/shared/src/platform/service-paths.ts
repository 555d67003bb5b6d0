/** Service paths (ARCHITECTURE §4). The web client and the server import these, never literals. */
export const servicePaths = {
  health: 'health',
  users: 'users',
  authentication: 'authentication'
} as const
export type ServicePath = (typeof servicePaths)[keyof typeof servicePaths]
