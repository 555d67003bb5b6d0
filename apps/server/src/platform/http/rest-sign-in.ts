import { NotAuthenticated } from '@feathersjs/errors'
import type { Params } from '@feathersjs/feathers'
import type { FeathersKoaContext } from '@feathersjs/koa'
import { servicePaths } from '@emporia/shared'
import type { App } from './server-services'

/**
 * The caller of a plain Koa route (a download, an upload), signed in once with the request's bearer
 * token as the REST transport would. `authenticated` spares each later call a second token check; the
 * hooks still see user and provider.
 */
export const restSignIn = async (app: App, ctx: FeathersKoaContext): Promise<Params & { user: { _id: string } }> => {
  const authentication = ctx.feathers?.authentication
  if (!authentication) throw new NotAuthenticated('Not authenticated')
  const result = await app.service(servicePaths.authentication).authenticate(authentication, { provider: 'rest' }, 'jwt')
  const user = result.user as { _id: string } | undefined
  if (!user) throw new NotAuthenticated('Not authenticated')
  return { ...ctx.feathers, provider: 'rest', authentication: result.authentication, user, authenticated: true }
}
