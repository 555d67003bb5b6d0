import { describe, expect, it } from 'vitest'
import { createApp } from '../../../src/app'
import { loadConfig } from '../../../src/config'
import { createDb } from '../../../src/platform/db/knex'
import { onSitePublished, publishedSite, type SitePublished } from '../../../src/domains/eshop/published-site'
import { shopOwner } from '../../support/accounts'
import { freshDb, postgresReachable } from '../../support/databases'
import { REDIS_URL, redisReachable } from '../../support/redis'
import { client } from '../../support/catalogue-support'
import type { TestApp } from '../../support/test-app'
import { componentOf, text } from '../../support/site-support'

const ready = (await postgresReachable()) && (await redisReachable())
if (!ready && process.env.REQUIRE_POSTGRES === '1') throw new Error('the published-site peer test needs PostgreSQL and Redis')

describe.skipIf(!ready)('the published site across server processes', () => {
  it('a publish through server A drops server B’s cached site and tells B’s listeners', async () => {
    const shared = await freshDb('postgres')
    const start = async () => {
      const db = await createDb({ databaseUrl: shared.url, dataDir: 'unused' })
      const config = loadConfig(
        {},
        { authSecret: 'site-peers-secret-long-enough', logLevel: 'silent', redisUrl: REDIS_URL, databaseUrl: shared.url }
      )
      const emporia = await createApp(config, { db })
      const server = await emporia.app.listen(0, '127.0.0.1')
      if (!server.listening) await new Promise((resolve) => server.once('listening', resolve))
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
      return { app: emporia.app, url, close: async () => (await emporia.close(), await db.close()) }
    }
    const a = await start()
    const b = await start()
    try {
      const owner = await shopOwner(a.url, 'Peers')
      const api = client({ url: a.url } as TestApp, owner)
      const home = await api.made('components', componentOf('Home', [text('a', 'v1')]))
      await api.made('pages', { name: 'Home', path: '/', component: home._id })
      // B reads (and keeps) "never published" before A publishes.
      expect(await publishedSite(b.app, owner.shopId)).toBeNull()
      const heard = new Promise<SitePublished>((resolve) => onSitePublished(b.app, resolve))
      await api.made('siteVersions', {})
      expect(await heard).toEqual({ shop: owner.shopId, version: 1 })
      expect(await publishedSite(b.app, owner.shopId)).toMatchObject({ version: 1 })
      await api.patch(`components/${home._id}`, { content: [text('a', 'v2')] })
      const again = new Promise<SitePublished>((resolve) => onSitePublished(b.app, resolve))
      await api.made('siteVersions', {})
      expect(await again).toEqual({ shop: owner.shopId, version: 2 })
      expect(await publishedSite(b.app, owner.shopId)).toMatchObject({
        version: 2,
        snapshot: { components: [{ content: [text('a', 'v2')] }] }
      })
    } finally {
      await a.close()
      await b.close()
      await shared.close()
    }
    // Two whole servers and a database made from the template: slow on a loaded machine.
  }, 240_000)
})
