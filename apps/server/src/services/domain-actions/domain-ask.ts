import { BadRequest, NotFound } from '@feathersjs/errors'
import type { Application, Params } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { servesHost } from '../../domains/eshop/domains/shop-by-domain'
import type { ServiceContext } from '../../platform/http/service-context'

/**
 * `domains/ask` find `?domain=<host>`: the TLS proxy's on-demand question (Caddy's `ask`, decision 0112,
 * docs/domains-tls.md). 200 only for a host we serve (a verified domain, a shop's storefront subdomain),
 * else 404, so the proxy asks for certificates of our hosts only. Public: the proxy has no account, and
 * whether a host is served is what DNS already tells anyone.
 */
export const domainAsk = (context: ServiceContext) => (app: Application) => {
  const service = {
    async find(params: Params = {}): Promise<{ ok: true }> {
      const domain = (params.query as Record<string, unknown> | undefined)?.domain
      if (typeof domain !== 'string' || !domain)
        throw new BadRequest('"domain" is required', { key: 'format.required', field: 'domain' })
      if (!(await servesHost(app, context.config, domain))) throw new NotFound('Not a host of this platform')
      return { ok: true }
    }
  }
  app.use(servicePaths.domainAsk, service, { methods: ['find'] })
}
