/** Service paths (ARCHITECTURE §4). The web client and the server import these, never literals. */
export const servicePaths = {
  health: 'health',
  users: 'users',
  usersVerify: 'users/verify',
  usersResend: 'users/resend',
  usersChangePassword: 'users/changePassword',
  usersReset: 'users/reset',
  authentication: 'authentication',
  shops: 'shops',
  shopMembers: 'shop/members',
  shopInvitations: 'shop/invitations',
  subShops: 'subShops',
  categories: 'categories',
  brands: 'brands',
  warehouses: 'warehouses',
  attachments: 'attachments'
} as const
export type ServicePath = (typeof servicePaths)[keyof typeof servicePaths]
