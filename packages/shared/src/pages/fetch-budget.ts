import type { PageModelProblem } from './page-model-problem'
import { fetchOf } from './expressions'
import { describeFetch, fetchKey } from './fetch-source'
import type { ComponentModel, PageNode } from './page.schema'

/*
 * How many data sources a page may read (issue 28, decision 0118). Every distinct `$fetch` is a catalogue
 * query when the page is rendered uncached, so the count is what one storefront request costs the
 * database. A component holds at most MAX_COMPONENT_SOURCES of its own (data and props); a page, through
 * the components it places, at most MAX_PAGE_SOURCES. Equal sources count once (they share one answer).
 * The storefront also runs only the first MAX_PAGE_SOURCES of a page stored before these caps.
 *
 * Sources are not all alike: each may list up to 100 products, and what a render costs the server is
 * mostly the products it decodes and draws (40 × 100 of them kept `/api/health` near 190 ms p95 while
 * such pages rendered). So a page also shows at most MAX_PAGE_PRODUCTS products in all: the sum of its
 * distinct sources' `$limit`s. A listing page or a big grid pages through more; no page needs more at once.
 */
export const MAX_COMPONENT_SOURCES = 20
export const MAX_PAGE_SOURCES = 40
export const MAX_PAGE_PRODUCTS = 1000

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A data source where it sits: its dotted path, its answer's key and how many products it lists at most. */
type SourceAt = [path: string, key: string, limit: number]

/** Every data source in a value with the dotted path where it sits, in written order. */
const sourcesAt = (value: unknown, path: string, found: SourceAt[] = []): SourceAt[] => {
  const source = fetchOf(value)
  if (source) {
    const call = describeFetch(source)
    found.push([path, fetchKey(call), Number(call.params.query.$limit)])
  } else if (Array.isArray(value)) value.forEach((item, index) => sourcesAt(item, `${path}.${index}`, found))
  else if (isRecord(value)) for (const [key, item] of Object.entries(value)) sourcesAt(item, `${path}.${key}`, found)
  return found
}

/** A component's own sources (not those of what it places), in the order `collectFetches` meets them. */
const ownSources = (component: Pick<ComponentModel, 'data' | 'content'>): SourceAt[] => {
  const found = sourcesAt(component.data ?? {}, 'data')
  const walk = (nodes: readonly PageNode[], at: string) =>
    nodes.forEach((node, index) => {
      sourcesAt(node.props, `${at}.${index}.props`, found)
      walk(node.children ?? [], `${at}.${index}.children`)
    })
  walk(component.content, 'content')
  return found
}

interface PageWalk {
  /** Distinct sources of the page. */
  keys: Set<string>
  /** Components the page places, directly or not. */
  placed: Set<string>
  /** Products the distinct sources list at most, in all. */
  products: number
  /** Where the count first passed the page cap: a source of the root, or the node placing the component that did. */
  over?: string
  /** Where the products first passed MAX_PAGE_PRODUCTS, likewise. */
  overProducts?: string
}

/** The walk `collectFetches` makes (each placed component once), attributing sources to the root's paths. */
const walkPage = (root: ComponentModel, components: Readonly<Record<string, ComponentModel>>): PageWalk => {
  const walk: PageWalk = { keys: new Set(), placed: new Set(), products: 0 }
  const add = ([, key, limit]: SourceAt, path: string) => {
    if (walk.keys.has(key)) return
    walk.keys.add(key)
    walk.products += limit
    if (walk.keys.size > MAX_PAGE_SOURCES) walk.over ??= path
    if (walk.products > MAX_PAGE_PRODUCTS) walk.overProducts ??= path
  }
  const visit = (model: ComponentModel, path: string | undefined) => {
    const own = ownSources(model)
    let next = 0
    // Own sources in written order, each placed component's right after its node's props (as collectFetches).
    const nodes = (list: readonly PageNode[], at: string) =>
      list.forEach((node, index) => {
        const here = `${at}.${index}`
        for (; next < own.length && own[next][0].startsWith(`${here}.props.`); next++) add(own[next], path ?? own[next][0])
        if (node.type === 'component' && node.component && !walk.placed.has(node.component)) {
          walk.placed.add(node.component)
          if (Object.hasOwn(components, node.component)) visit(components[node.component], path ?? `${here}.component`)
        }
        nodes(node.children ?? [], `${here}.children`)
      })
    for (; next < own.length && own[next][0].startsWith('data.'); next++) add(own[next], path ?? own[next][0])
    nodes(model.content, 'content')
  }
  visit(root, undefined)
  return walk
}

/** How many distinct data sources a page showing `component` reads, through the components it places. */
export const pageSourceCount = (component: ComponentModel, components: Readonly<Record<string, ComponentModel>> = {}) =>
  walkPage(component, components).keys.size

/**
 * The caps as problems of a component (part of `componentProblems`): the first own source past
 * MAX_COMPONENT_SOURCES on its field, and the first source or placing node that takes the page past
 * MAX_PAGE_SOURCES.
 */
export const sourceBudgetProblems = (
  component: ComponentModel,
  components: Readonly<Record<string, ComponentModel>> = {}
): PageModelProblem[] => {
  const problems: PageModelProblem[] = []
  const seen = new Set<string>()
  for (const [path, key] of ownSources(component)) {
    seen.add(key)
    if (seen.size > MAX_COMPONENT_SOURCES) {
      problems.push({ path, key: 'pages.tooManySources', values: { count: MAX_COMPONENT_SOURCES } })
      break
    }
  }
  const { over, overProducts } = walkPage(component, components)
  if (over) problems.push({ path: over, key: 'pages.tooManyPageSources', values: { count: MAX_PAGE_SOURCES } })
  else if (overProducts)
    problems.push({ path: overProducts, key: 'pages.tooManyPageProducts', values: { count: MAX_PAGE_PRODUCTS } })
  return problems
}

/**
 * A change of component `id` may take a page placing it past the page cap: each component (of the
 * shop's, with `id` as written) that places `id` and now reads too much, named on the root.
 */
export const sourcesThroughProblems = (
  id: string,
  components: Readonly<Record<string, ComponentModel & { name?: string }>>
): PageModelProblem[] =>
  Object.entries(components).flatMap(([other, model]) => {
    if (other === id) return []
    const walk = walkPage(model, components)
    if (!walk.placed.has(id)) return []
    const name = model.name ?? other
    if (walk.keys.size > MAX_PAGE_SOURCES)
      return [{ path: 'content', key: 'pages.tooManySourcesThrough', values: { name, count: MAX_PAGE_SOURCES } }]
    if (walk.products > MAX_PAGE_PRODUCTS)
      return [{ path: 'content', key: 'pages.tooManyProductsThrough', values: { name, count: MAX_PAGE_PRODUCTS } }]
    return []
  })
