import { Conflict } from '@feathersjs/errors'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import {
  installOrder,
  servicePaths,
  templateComponentData,
  templatePagesData,
  templateThemeData,
  type Component,
  type Page,
  type PageNode,
  type ServiceParams,
  type Theme,
  defaultLocale,
  isLocaleId,
  type ThemeInstallResult
} from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import type { App } from '../../platform/http/server-services'
import type { RecordParams } from '../../platform/records/record-service'
import { shopTransaction } from '../../platform/tenancy'
import type { InstallRequest } from './theme-install.schema'

/** A find with `$paginate: false` answers every record as an array; the map's type is the page. */
const listOf = <T>(answer: Page<T> | T[]): T[] => (Array.isArray(answer) ? answer : answer.data)

const everything = (params: ServiceParams): ServiceParams => ({ ...params, query: { ...params.query, $paginate: false } })

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
    private readonly app: App,
    private readonly context: ServiceContext
  ) {}

  private get pages() {
    return this.app.service(servicePaths.pages)
  }

  private get components() {
    return this.app.service(servicePaths.components)
  }

  private get themes() {
    return this.app.service(servicePaths.themes)
  }

  /** The caller's own identity and rights on each inner call, in the install's transaction. */
  private inner(params: RecordParams, shop: string, trx: Knex.Transaction): ServiceParams {
    const { provider, user, authentication } = params as Params & { user?: unknown; authentication?: unknown }
    return { provider, user, authentication, authenticated: true, shop, query: { shop }, transaction: trx }
  }

  /** Removes the shop's pages, then its components, those placing others before the ones they place. */
  private async clear(params: ServiceParams, theme: Theme | undefined) {
    // The home page may be named by the theme; it goes with the pages.
    if (theme?.homePage) await this.themes.patch(theme._id, { homePage: null }, params)
    for (const page of listOf(await this.pages.find(everything(params)))) await this.pages.remove(page._id, params)
    let left: Component[] = listOf(await this.components.find(everything(params)))
    while (left.length) {
      const placed = new Set(left.flatMap((component) => placedIn(component.content)))
      const free = left.filter((component) => !placed.has(component._id))
      // A cycle cannot be stored (the components service refuses one); emptying breaks any left over.
      const batch = free.length ? free : left
      for (const component of batch) {
        if (!free.length) await this.components.patch(component._id, { content: [] }, params)
        await this.components.remove(component._id, params)
      }
      left = left.filter((component) => !batch.includes(component))
    }
  }

  /** Writes the template into the shop: components (empty first, so links between them have ids), pages, theme. */
  private async write(request: InstallRequest, params: ServiceParams, theme: Theme | undefined) {
    const { template, colors, locale } = request
    const components = this.components
    const ids: Record<string, string> = {}
    const ordered = installOrder(template.components)
    for (const component of ordered) {
      const data = templateComponentData(template, { ...component, content: [] }, ids, colors, locale)
      ids[component.key] = (await components.create(data, params))._id
    }
    for (const component of ordered) {
      const { content } = templateComponentData(template, component, ids, colors)
      await components.patch(ids[component.key], { content }, params)
    }
    const pages = []
    for (const page of templatePagesData(template, ids)) pages.push(await this.pages.create(page, params))
    const home = pages.find((page) => page.component === ids[template.home])
    const themeData = { ...templateThemeData(template, ids, colors), homePage: home?._id ?? null }
    const saved = theme ? await this.themes.patch(theme._id, themeData, params) : await this.themes.create(themeData, params)
    return { theme: saved._id, pages: pages.map((page) => page._id), components: ordered.map((component) => ids[component.key]) }
  }

  async install(request: InstallRequest, shop: string, params: RecordParams): Promise<ThemeInstallResult> {
    const written = await shopTransaction(this.context.db.knex, this.context.records.rowSecurity, shop, async (trx) => {
      const inner = this.inner(params, shop, trx)
      if (!request.locale) {
        // Not said: the components are named in the shop's own language.
        const row = (await trx('shops').where({ _id: shop }).first('uiDefaultLocale')) as
          { uiDefaultLocale?: unknown } | undefined
        request = { ...request, locale: isLocaleId(row?.uiDefaultLocale) ? row.uiDefaultLocale : defaultLocale }
      }
      const [theme] = listOf(await this.themes.find(everything(inner)))
      if (request.mode === 'replace') await this.clear(inner, theme)
      else {
        const taken = new Set(listOf(await this.pages.find(everything(inner))).map((page) => page.path))
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
    const published = await this.app.service(servicePaths.siteVersions).create(
      { note: `Template ${request.template.id}` },
      {
        provider,
        user,
        authentication,
        authenticated: true,
        shop,
        query: { shop }
      }
    )
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
