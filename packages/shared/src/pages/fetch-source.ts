import { fetchOf } from './expressions'
import { MAX_FETCH_LIMIT, type FetchSource } from './page.schema'
import { defaultFetchSource } from './theme-components'

/**
 * A data source turned into the service call that answers it (§3.15): not executed here. The storefront
 * runs it on the server for first paint (issue 18) with the shop's own wall, the editor through its
 * client; both hand the answers back to `resolvePage` under `fetchKey(call)`.
 */
export interface ServiceCall {
  path: string
  method: 'find'
  params: { query: Record<string, unknown> }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Drops empty values (§3.15): undefined, null, '', empty lists, and objects left empty once their own are dropped. */
export const dropEmpty = (value: unknown): unknown => {
  if (value === undefined || value === null || value === '') return undefined
  if (Array.isArray(value)) {
    const items = value.map(dropEmpty).filter((item) => item !== undefined)
    return items.length ? items : undefined
  }
  if (!isRecord(value)) return value
  const kept: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    const cleaned = dropEmpty(item)
    if (cleaned !== undefined) kept[key] = cleaned
  }
  return Object.keys(kept).length ? kept : undefined
}

const limitOf = (value: unknown): number => {
  if (typeof value !== 'number' || !Number.isFinite(value)) return defaultFetchSource.params.query.$limit
  return Math.min(MAX_FETCH_LIMIT, Math.max(1, Math.floor(value)))
}

/**
 * The call a data source makes: `find` on its service with its query, empty values dropped, `$limit`
 * defaulting to 10 (§9.5) and kept within 1–100, category names trimmed and each asked once.
 */
export const describeFetch = (source: FetchSource): ServiceCall => {
  const query = { ...(source.params?.query ?? {}) } as Record<string, unknown>
  const categories = query.normalizedCategories
  if (isRecord(categories) && Array.isArray(categories.$in))
    query.normalizedCategories = {
      $in: [...new Set(categories.$in.map((name) => (typeof name === 'string' ? name.trim() : name)))]
    }
  const kept = (dropEmpty(query) ?? {}) as Record<string, unknown>
  return {
    path: source.source ?? defaultFetchSource.source,
    method: 'find',
    params: { query: { ...kept, $limit: limitOf(kept.$limit) } }
  }
}

/** A stable text key of a value (object keys sorted), so equal calls share one answer. */
const stableText = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(stableText).join(',')}]`
  if (isRecord(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableText(value[key])}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}
/** The key under which a call's answer is handed to the resolver. */
export const fetchKey = (call: ServiceCall) => stableText(call)

/** Every data source inside a value (a prop, a data variable, an object or list of them). */
export const fetchesIn = (value: unknown, found: Map<string, ServiceCall> = new Map()): Map<string, ServiceCall> => {
  const source = fetchOf(value)
  if (source) {
    const call = describeFetch(source)
    found.set(fetchKey(call), call)
  } else if (Array.isArray(value)) for (const item of value) fetchesIn(item, found)
  else if (isRecord(value)) for (const item of Object.values(value)) fetchesIn(item, found)
  return found
}

/** What `collectFetches` walks: a component's data and tree, and the components it places. */
interface FetchingComponent {
  data?: Record<string, unknown>
  content: readonly FetchingNode[]
}
interface FetchingNode {
  type: string
  component?: string
  props: Record<string, unknown>
  children?: readonly FetchingNode[]
}

/**
 * Every call a page needs before it can be rendered: the data sources of its component's data and
 * props, and of every stored component it places (each visited once). Data-source params are constants
 * (the schema allows no expression inside `$fetch`), so the calls are known before anything is fetched.
 */
export const collectFetches = (
  component: FetchingComponent,
  components: Readonly<Record<string, FetchingComponent>> = {}
): ServiceCall[] => {
  const found = new Map<string, ServiceCall>()
  const visited = new Set<string>()
  const walkComponent = (model: FetchingComponent) => {
    fetchesIn(model.data ?? {}, found)
    walkNodes(model.content)
  }
  const walkNodes = (nodes: readonly FetchingNode[]) => {
    for (const node of nodes) {
      fetchesIn(node.props, found)
      if (node.type === 'component' && node.component && !visited.has(node.component)) {
        visited.add(node.component)
        if (Object.hasOwn(components, node.component)) walkComponent(components[node.component])
      }
      walkNodes(node.children ?? [])
    }
  }
  walkComponent(component)
  return [...found.values()]
}
