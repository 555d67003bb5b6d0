import type { LocaleId } from '../i18n/locales'
import { coerceProp, type CoerceContext } from './coerce-prop'
import { conditionsHold, type Condition } from './conditions'
import { fetchOf, lookup, pathOf, type Scope } from './expressions'
import { describeFetch, fetchKey } from './fetch-source'
import { moneyText } from './money-text'
import type { PageTarget } from './page-links'
import type { ComponentModel, PageNode } from './page.schema'
import { defaultForType } from './prop-types'
import { propApplies, themeComponentSpec } from './theme-components'
import type { Translate } from './tran'

/**
 * One node ready to render: props evaluated and typed, loops expanded, conditions decided. Read-only:
 * its props may share objects with the model and the fetched answers.
 */
export interface ResolvedNode {
  /** Unique in the page: the node's id, prefixed by each enclosing loop's id and item index. */
  key: string
  /** A theme component, or `for` / `if` / `component` (rendered as their children alone). */
  type: string
  props: Record<string, unknown>
  children: ResolvedNode[]
  /** Interactive on the storefront: hydrate it. */
  island?: true
}

/** Why part of a page was left out: a message key (pages.messages.ts) and the node it concerns. */
export interface ResolveProblem {
  key: 'pages.unknownComponent' | 'pages.componentLoop' | 'pages.tooLarge'
  node?: string
}

export interface ResolveOptions {
  locale: LocaleId
  /** The answers of the page's data sources, by `fetchKey` of their call (`collectFetches`). */
  fetched?: Readonly<Record<string, unknown>>
  /** The stored components `component` nodes place, by id. */
  components?: Readonly<Record<string, ComponentModel>>
  /** The shop's pages, for links. */
  pages?: readonly PageTarget[]
  /** Prefix of the shop's own links (the storefront's `/s/{subdomain}` fallback); empty on its own host. */
  base?: string
  /** Values for the root component's declared props: the product of a product page, a category. */
  props?: Record<string, unknown>
  /** The shop's money symbol (`currencySymbolOf`, decision 0187) for money texts; "$" when not given. */
  currency?: string
  translate?: Translate
  /** At most this many nodes are produced (a bound on work for any page), and items per loop. */
  maxNodes?: number
  maxLoopItems?: number
}

export const DEFAULT_MAX_NODES = 5000
export const DEFAULT_MAX_LOOP_ITEMS = 200
/** Stored components placed inside one another at most this deep. */
export const MAX_COMPONENT_NESTING = 8

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

interface Run {
  options: ResolveOptions
  coerce: CoerceContext
  produced: number
  maxNodes: number
  maxLoopItems: number
  problems: ResolveProblem[]
  /** Ids of the stored components being expanded, outermost first (a component placing itself is a loop). */
  stack: string[]
}

const problem = (run: Run, key: ResolveProblem['key'], node?: string) => {
  if (!run.problems.some((known) => known.key === key && known.node === node)) run.problems.push({ key, node })
}

/**
 * A value with its expressions evaluated in `scope`: a path's value, a data source's answer (undefined
 * until fetched), objects and lists walked. Constants come back as they are.
 */
export const evaluateValue = (value: unknown, scope: Scope, fetched: Readonly<Record<string, unknown>> = {}): unknown => {
  const path = pathOf(value)
  if (path !== undefined) return lookup(path, scope)
  const source = fetchOf(value)
  if (source) {
    const key = fetchKey(describeFetch(source))
    return Object.hasOwn(fetched, key) ? fetched[key] : undefined
  }
  // Constants come back as the same object (no copy): most of a page is constant, and copying it all
  // was most of the resolver's allocations.
  if (Array.isArray(value)) {
    let result: unknown[] | undefined
    value.forEach((item, index) => {
      const evaluated = evaluateValue(item, scope, fetched)
      if (evaluated !== item) (result ??= value.slice())[index] = evaluated
    })
    return result ?? value
  }
  if (isRecord(value)) {
    let result: Record<string, unknown> | undefined
    for (const key of Object.keys(value)) {
      const item = value[key]
      const evaluated = evaluateValue(item, scope, fetched)
      if (evaluated !== item) (result ??= { ...value })[key] = evaluated
    }
    return result ?? value
  }
  return value
}

/**
 * A component's own scope: its declared props (given, else their default, else their type's), then its
 * data variables in the order written, each able to read the ones before it.
 */
export const componentScope = (
  component: ComponentModel,
  given: Record<string, unknown>,
  fetched: Readonly<Record<string, unknown>> = {}
): Scope => {
  const data: Record<string, unknown> = {}
  for (const [name, declared] of Object.entries(component.props ?? {}))
    data[name] =
      Object.hasOwn(given, name) && given[name] !== undefined ? given[name] : (declared.default ?? defaultForType(declared.type))
  const scope: Scope = { data, loops: [] }
  for (const [name, value] of Object.entries(component.data ?? {})) data[name] = evaluateValue(value, scope, fetched)
  return scope
}

const resolveList = (run: Run, nodes: readonly PageNode[], scope: Scope, prefix: string): ResolvedNode[] =>
  nodes.flatMap((node) => resolveNode(run, node, scope, prefix) ?? [])

const resolveComponentNode = (run: Run, node: PageNode, scope: Scope, key: string): ResolvedNode | undefined => {
  const id = node.component ?? ''
  const component = Object.hasOwn(run.options.components ?? {}, id) ? run.options.components![id] : undefined
  if (!component) return (problem(run, 'pages.unknownComponent', node.id), undefined)
  if (run.stack.includes(id) || run.stack.length >= MAX_COMPONENT_NESTING)
    return (problem(run, 'pages.componentLoop', node.id), undefined)
  const given = evaluateValue(node.props, scope, run.options.fetched) as Record<string, unknown>
  run.stack.push(id)
  const children = resolveList(run, component.content, componentScope(component, given, run.options.fetched), `${key}/`)
  run.stack.pop()
  return { key, type: 'component', props: {}, children }
}

const resolveNode = (run: Run, node: PageNode, scope: Scope, prefix: string): ResolvedNode | undefined => {
  if (run.produced >= run.maxNodes) return (problem(run, 'pages.tooLarge'), undefined)
  run.produced++
  const key = `${prefix}${node.id}`
  if (node.type === 'component') return resolveComponentNode(run, node, scope, key)
  const spec = themeComponentSpec(node.type)
  if (!spec) return (problem(run, 'pages.unknownComponent', node.id), undefined)
  const children = node.children ?? []
  const fetched = run.options.fetched

  if (node.type === 'for') {
    const source = evaluateValue(node.props.source, scope, fetched)
    const limit = coerceProp(spec.props.limit, evaluateValue(node.props.limit, scope, fetched), run.coerce) as number
    let items = Array.isArray(source) ? source : []
    const cap = limit > 0 ? Math.min(limit, run.maxLoopItems) : run.maxLoopItems
    if (items.length > cap) {
      if (!(limit > 0 && limit <= run.maxLoopItems)) problem(run, 'pages.tooLarge', node.id)
      items = items.slice(0, cap)
    }
    const expanded = items.flatMap((item, index) =>
      resolveList(run, children, { data: scope.data, loops: [item, ...scope.loops] }, `${key}[${index}]/`)
    )
    return { key, type: 'for', props: {}, children: expanded }
  }

  if (node.type === 'if') {
    const conditions = evaluateValue(node.props.conditions, scope, fetched)
    const holds = conditionsHold((Array.isArray(conditions) ? conditions : []).filter(isRecord) as Condition[])
    const branch = children.filter((child) => (child.slot === 'else') !== holds)
    return { key, type: 'if', props: {}, children: resolveList(run, branch, scope, `${key}/`) }
  }

  const raw = evaluateValue(node.props, scope, fetched) as Record<string, unknown>
  const props: Record<string, unknown> = {}
  for (const [name, propSpec] of Object.entries(spec.props))
    if (propApplies(propSpec, raw)) props[name] = coerceProp(propSpec, raw[name], run.coerce)
  const resolved: ResolvedNode = {
    key,
    type: node.type,
    props,
    children: spec.children ? resolveList(run, children, scope, `${key}/`) : []
  }
  // Prices are bound as cents (decision 0003): a money text shows them as money, whatever the language.
  // The format is applied here, so renderers only ever see the text.
  if (node.type === 'text') {
    if (props.format === 'money') props.text = moneyText(raw.text, props.text, run.options.currency)
    delete props.format
  }
  if (spec.island) resolved.island = true
  return resolved
}

/**
 * Everything a renderer needs of a component (a page's, most often): its tree with every expression
 * evaluated against its data and the fetched answers, `for` nodes expanded once per item (`$$0` the
 * innermost item), `if` nodes reduced to the branch that holds, stored components expanded, props typed
 * for rendering. Pure: the editor and the storefront call it with the same model and the same answers and
 * render the same tree. What could not be resolved is left out and named in `problems`.
 */
export const resolvePage = (
  component: ComponentModel,
  options: ResolveOptions
): { nodes: ResolvedNode[]; problems: ResolveProblem[] } => {
  const run: Run = {
    options,
    coerce: { locale: options.locale, pages: options.pages ?? [], base: options.base ?? '', translate: options.translate },
    produced: 0,
    maxNodes: options.maxNodes ?? DEFAULT_MAX_NODES,
    maxLoopItems: options.maxLoopItems ?? DEFAULT_MAX_LOOP_ITEMS,
    problems: [],
    stack: component._id ? [component._id] : []
  }
  const scope = componentScope(component, options.props ?? {}, options.fetched)
  return { nodes: resolveList(run, component.content, scope, ''), problems: run.problems }
}
