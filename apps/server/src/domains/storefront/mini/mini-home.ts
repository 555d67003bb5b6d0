import {
  collectFetches,
  fetchesIn,
  fetchKey,
  MAX_PAGE_SOURCES,
  pickTran,
  resolvePage,
  servicePaths,
  type Component,
  type LocaleId,
  type PageNode,
  type PageTarget,
  type ResolvedNode
} from '@emporia/shared'
import type { CatalogueUi, StorefrontCatalogue } from '../catalogue'
import { matchPage } from '../page-match'
import type { LoadSite } from '../site'
import { miniCard, miniImage, miniMoney, type MiniCard } from './mini-cards'

type Row = Record<string, unknown>

export type MiniSection =
  | { type: 'banner'; images: { src: string; link?: string }[] }
  | { type: 'products'; title?: string; products: MiniCard[] }
  | { type: 'topics'; topics: { _id: string; name: string; desc: string; banner?: string; price?: string }[] }
  | { type: 'text'; text: string }

/** How much a home may hold (decision 0206): sections, products per section, images per banner, data sources. */
export const MINI_HOME_LIMITS = { sections: 20, products: 20, images: 10, sources: 8, topics: 20, text: 2000 } as const

/** Nodes whose children are the page's own content: walked through. Any other type not named below is skipped. */
const WRAPPERS = new Set(['component', 'if', 'container', 'flex', 'layout', 'tab'])

/** Every `for` node of the page and its stored components, by id, with the products source it loops over. */
const loopSources = (component: Component, components: Record<string, Component>) => {
  const sources = new Map<string, string>()
  const walk = (nodes: readonly PageNode[] | undefined) => {
    for (const node of nodes ?? []) {
      if (node.type === 'for') {
        const call = [...fetchesIn(node.props?.source).values()].find((one) => one.path === servicePaths.products)
        if (call) sources.set(node.id, fetchKey(call))
      }
      walk(node.children)
    }
  }
  walk(component.content)
  for (const one of Object.values(components)) walk(one.content)
  return sources
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
const linkOf = (value: unknown) => {
  const href = (value as { href?: unknown } | undefined)?.href
  return typeof href === 'string' && href ? href : undefined
}

export interface MiniHomeDeps {
  loadSite: LoadSite
  catalogue: StorefrontCatalogue
  topics: (shop: string, locale: LocaleId) => Promise<Row[]>
}

/**
 * The mini-program's home from the shop's published home page (decision 0206): its sliders and image
 * buttons as banners, its loops over a products source as product sections, its texts as texts, in the
 * page's order, then the shop's published topic pages. Other blocks are skipped; all of it capped by
 * MINI_HOME_LIMITS. Links are the storefront's own paths (`/products/{id}`), without the shop's base.
 */
export const miniHomeSections = async (
  deps: MiniHomeDeps,
  shop: string,
  locale: LocaleId,
  origin: string,
  ui: CatalogueUi
): Promise<MiniSection[]> => {
  const sections: MiniSection[] = []
  const site = await deps.loadSite(shop)
  const pages = site?.snapshot.pages ?? []
  const components: Record<string, Component> = Object.fromEntries((site?.snapshot.components ?? []).map((one) => [one._id, one]))
  const match = site ? matchPage(pages, site.snapshot.theme ?? null, '/') : undefined
  const home = match && Object.hasOwn(components, match.page.component) ? components[match.page.component] : undefined
  const room = () => sections.length < MINI_HOME_LIMITS.sections - 1
  if (home) {
    const fetched: Row = {}
    const calls = collectFetches(home, components)
      .filter((call) => call.path === servicePaths.products)
      .slice(0, Math.min(MAX_PAGE_SOURCES, MINI_HOME_LIMITS.sources))
    for (const call of calls) {
      const limited = {
        ...call,
        params: {
          query: { ...call.params.query, $limit: Math.min(Number(call.params.query.$limit ?? 10), MINI_HOME_LIMITS.products) }
        }
      }
      fetched[fetchKey(call)] = await deps.catalogue.products(shop, limited, locale, undefined, ui).catch(() => [])
    }
    const targets: PageTarget[] = pages.map((page) => ({ component: page.component, path: page.path }))
    const { nodes } = resolvePage(home, { locale, fetched, components, pages: targets, base: '', currency: ui.currency })
    const loops = loopSources(home, components)
    const banner = (images: { src: string; link?: string }[]) => {
      if (!images.length) return
      const last = sections[sections.length - 1]
      if (last?.type === 'banner') last.images.push(...images.slice(0, MINI_HOME_LIMITS.images - last.images.length))
      else if (room()) sections.push({ type: 'banner', images: images.slice(0, MINI_HOME_LIMITS.images) })
    }
    const walk = (list: readonly ResolvedNode[]) => {
      for (const node of list) {
        if (!room()) return
        if (node.type === 'for') {
          const id = node.key.slice(node.key.lastIndexOf('/') + 1)
          const key = loops.get(id)
          const products = key && Array.isArray(fetched[key]) ? (fetched[key] as Row[]) : []
          if (products.length)
            sections.push({
              type: 'products',
              products: products.slice(0, MINI_HOME_LIMITS.products).map((product) => miniCard(product, locale, origin))
            })
        } else if (node.type === 'slider') {
          const items = Array.isArray(node.props.items) ? (node.props.items as Row[]) : []
          banner(
            items.flatMap((item) => {
              const src = miniImage(item?.image, origin)
              const link = linkOf(item?.to)
              return src ? [{ src, ...(link ? { link } : {}) }] : []
            })
          )
        } else if (node.type === 'imageButton') {
          const src = miniImage(node.props.image, origin)
          const link = linkOf(node.props.to)
          if (src) banner([{ src, ...(link ? { link } : {}) }])
        } else if (node.type === 'text') {
          const said = text(node.props.text)
          if (said) sections.push({ type: 'text', text: said.slice(0, MINI_HOME_LIMITS.text) })
        } else if (WRAPPERS.has(node.type)) walk(node.children)
      }
    }
    walk(nodes)
  }
  const topics = (await deps.topics(shop, locale)).slice(0, MINI_HOME_LIMITS.topics)
  if (topics.length)
    sections.push({
      type: 'topics',
      topics: topics.map((topic) => {
        const banner = miniImage(topic.banner, origin)
        return {
          _id: String(topic._id),
          name: pickTran(topic.name, locale),
          desc: pickTran(topic.desc, locale),
          ...(banner ? { banner } : {}),
          ...(typeof topic.price === 'number' ? { price: miniMoney(topic.price) } : {})
        }
      })
    })
  return sections
}
