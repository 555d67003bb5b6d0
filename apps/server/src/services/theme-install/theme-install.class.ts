import { Conflict } from '@feathersjs/errors'
import type { Application, Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import {
  installOrder,
  servicePaths,
  templateComponentData,
  templatePagesData,
  templateThemeData,
  type Component,
  type PageNode,
  type ShopPage,
  type SiteVersion,
  type Theme,
  type ThemeInstallResult
} from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import type { RecordParams } from '../../platform/records/record-service'
import { shopTransaction } from '../../platform/tenancy'
import type { InstallRequest } from './theme-install.schema'

interface Store {
  create(data: unknown, params: Params): Promise<unknown>
  patch(id: string, data: unknown, params: Params): Promise<unknown>
  remove(id: string, params: Params): Promise<unknown>
  find(params: Params): Promise<unknown>
}

const listOf = <T>(answer: unknown): T[] => (Array.isArray(answer) ? answer : ((answer as { data?: T[] }).data ?? [])) as T[]

/** The components a tree places (their ids). */
const placedIn = (nodes: readonly PageNode[]): string[] =>
  nodes.flatMap((node) => [
    ...(node.type === 'component' && node.component ? [node.component] : []),
    ...placedIn(node.children ?? [])
  ])

/**
 * The work of `themes/install` (decision 0110): every write goes through the pages, components and
 * themes services (so their validation, sanitising and events apply) as the caller, inside one
 * transaction the services join; the publish comes after the commit, through `siteVersions`.
 */
export class ThemeInstaller {
  constructor(
    private readonly app: Application,
    private readonly context: ServiceContext
  ) {}

  private store(path: string): Store {
    return this.app.service(path) as unknown as Store
  }

  /** The caller's own identity and rights on each inner call, in the install's transaction. */
  private inner(params: RecordParams, shop: string, trx: Knex.Transaction): Params {
    const { provider, user, authentication } = params as Params & { user?: unknown; authentication?: unknown }
    return { provider, user, authentication, authenticated: true, shop, query: { shop }, transaction: trx } as Params
  }

  private async all<T>(path: string, params: Params): Promise<T[]> {
    return listOf<T>(await this.store(path).find({ ...params, query: { ...params.query, $paginate: false } }))
  }

  /** Removes the shop's pages, then its components, those placing others before the ones they place. */
  private async clear(params: Params, theme: Theme | undefined) {
    // The home page may be named by the theme; it goes with the pages.
    if (theme?.homePage) await this.store(servicePaths.themes).patch(theme._id, { homePage: null }, params)
    for (const page of await this.all<ShopPage>(servicePaths.pages, params))
      await this.store(servicePaths.pages).remove(page._id, params)
    let left = await this.all<Component>(servicePaths.components, params)
    while (left.length) {
      const placed = new Set(left.flatMap((component) => placedIn(component.content)))
      const free = left.filter((component) => !placed.has(component._id))
      // A cycle cannot be stored (the components service refuses one); emptying breaks any left over.
      const batch = free.length ? free : left
      for (const component of batch) {
        if (!free.length) await this.store(servicePaths.components).patch(component._id, { content: [] }, params)
        await this.store(servicePaths.components).remove(component._id, params)
      }
      left = left.filter((component) => !batch.includes(component))
    }
  }

  /** Writes the template into the shop: components (empty first, so links between them have ids), pages, theme. */
  private async write(request: InstallRequest, params: Params, theme: Theme | undefined) {
    const { template, colors } = request
    const components = this.store(servicePaths.components)
    const ids: Record<string, string> = {}
    const ordered = installOrder(template.components)
    for (const component of ordered) {
      const data = templateComponentData(template, { ...component, content: [] }, ids, colors)
      ids[component.key] = ((await components.create(data, params)) as Component)._id
    }
    for (const component of ordered) {
      const { content } = templateComponentData(template, component, ids, colors)
      await components.patch(ids[component.key], { content }, params)
    }
    const pages: ShopPage[] = []
    for (const page of templatePagesData(template, ids))
      pages.push((await this.store(servicePaths.pages).create(page, params)) as ShopPage)
    const home = pages.find((page) => page.component === ids[template.home])
    const themeData = { ...templateThemeData(template, ids, colors), homePage: home?._id ?? null }
    const saved = theme
      ? ((await this.store(servicePaths.themes).patch(theme._id, themeData, params)) as Theme)
      : ((await this.store(servicePaths.themes).create(themeData, params)) as Theme)
    return { theme: saved._id, pages: pages.map((page) => page._id), components: ordered.map((component) => ids[component.key]) }
  }

  async install(request: InstallRequest, shop: string, params: RecordParams): Promise<ThemeInstallResult> {
    const written = await shopTransaction(this.context.db.knex, this.context.records.rowSecurity, shop, async (trx) => {
      const inner = this.inner(params, shop, trx)
      const [theme] = await this.all<Theme>(servicePaths.themes, inner)
      if (request.mode === 'replace') await this.clear(inner, theme)
      else {
        const taken = new Set((await this.all<ShopPage>(servicePaths.pages, inner)).map((page) => page.path))
        const clash = request.template.pages.find((page) => taken.has(page.path))
        if (clash)
          throw new Conflict(`The shop already has a page at ${clash.path}`, {
            key: 'templates.pathTaken',
            field: 'mode',
            values: { path: clash.path }
          })
      }
      return this.write(request, inner, theme)
    })
    // Published once the drafts are committed, so the storefront shows the template at once.
    const { provider, user, authentication } = params as Params & { user?: unknown; authentication?: unknown }
    const published = (await this.app.service(servicePaths.siteVersions).create({ note: `Template ${request.template.id}` }, {
      provider,
      user,
      authentication,
      authenticated: true,
      shop,
      query: { shop }
    } as Params)) as SiteVersion
    const row = (await this.context.db.knex('shops').where({ _id: shop }).first('subdomain')) as
      { subdomain?: string } | undefined
    const subdomain = row?.subdomain ?? ''
    const publicHost = this.context.config.publicHost
    return {
      template: request.template.id,
      ...written,
      version: published.version,
      host: publicHost && subdomain ? `${subdomain}.${publicHost}` : null,
      path: `/s/${subdomain}/`
    }
  }
}
