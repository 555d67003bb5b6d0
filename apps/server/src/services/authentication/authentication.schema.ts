import { servicePaths } from '@emporia/shared'

/** The settings Feathers' authentication reads (`app.get('authentication')`): JWT and e-mail sign-in. */
export const authenticationSettings = (secret: string) => ({
  secret,
  entity: 'user',
  service: servicePaths.users,
  entityId: '_id',
  authStrategies: ['jwt', 'local'],
  jwtOptions: { header: { typ: 'access' }, audience: 'emporia', issuer: 'emporia', algorithm: 'HS256', expiresIn: '7d' },
  local: { usernameField: 'email', passwordField: 'password' }
})
