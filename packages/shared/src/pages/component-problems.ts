import { imageRefSchema, videoRefSchema } from '../media/image-ref.schema'
import { cssProblems, cssSchema } from './css-style'
import { cssLength, isColor } from './css-values'
import { sourceBudgetProblems } from './fetch-budget'
import { fetchOf, isExpression, isValidPath, NEW_VARIABLE, pathOf, typeOfExpression, type TypeScope } from './expressions'
import { safeUrl } from './page-links'
import {
  fetchSourceSchema,
  menuItemsSchema,
  pageRefSchema,
  type ComponentModel,
  type MenuItem,
  type PageNode
} from './page.schema'
import { isAssignable, isListType, isTypeRef, itemType, parseType, type TypeRef } from './prop-types'
import { fitsSchema } from './schema-check'
import { themeComponentSpec, type PropSpec } from './theme-components'
import { isTranText } from './tran'
import type { PageModelProblem } from './page-model-problem'

export type { PageModelProblem }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const ICON = /^[A-Za-z0-9:_-]{1,100}$/

type Report = (path: string, key: string, values?: Record<string, string | number>) => void

const linkProblem = (ref: unknown): boolean => {
  if (!fitsSchema(pageRefSchema, ref)) return true
  const url = typeof ref === 'string' ? ref : isRecord(ref) && ref.type === 'external' ? ref.url : undefined
  return typeof url === 'string' && url.trim() !== '' && !safeUrl(url)
}

const menuProblems = (items: readonly MenuItem[], path: string, report: Report) =>
  items.forEach((item, index) => {
    const at = `${path}.${index}`
    if (item.to !== undefined && item.to !== null && linkProblem(item.to)) report(`${at}.to`, 'pages.badLink')
    for (const name of ['width', 'height', 'padding'] as const)
      if (item[name] && cssLength(item[name]) === undefined) report(`${at}.${name}`, 'pages.badDimension')
    if (item.icon && !ICON.test(item.icon)) report(`${at}.icon`, 'format.invalid')
    menuProblems(item.childs ?? [], `${at}.childs`, report)
  })

/** Problems of a linked value: a path that reads a known variable of a fitting type, or a valid data source. */
const expressionProblems = (spec: PropSpec, value: { $exp: unknown }, scope: TypeScope, path: string, report: Report) => {
  const expression = pathOf(value)
  const source = fetchOf(value)
  if (expression === NEW_VARIABLE || (expression !== undefined && !isValidPath(expression))) return report(path, 'format.badExp')
  if (expression === undefined && (!source || !fitsSchema(fetchSourceSchema, source))) return report(path, 'format.badExp')
  const type = typeOfExpression(value, scope)
  if (type === undefined) return report(path, 'pages.unknownVariable', { name: expression ?? '' })
  // An untyped `object` field (an `if` condition's value) takes any value; a loop's source any list.
  const fits = spec.anyList ? isListType(type) : (spec.type === 'object' && !spec.fields) || isAssignable(type, spec.type)
  if (!fits) report(path, 'pages.notAssignable', { type, wanted: spec.type })
}

/**
 * A page link whose parameters may be linked (`{page, params: {id: {$exp: '$$0._id'}}}`): a product card
 * in a loop leads to its own product's page. Linked parameters must read a text or a number.
 */
const pageRefProblems = (value: unknown, scope: TypeScope, path: string, report: Report) => {
  let link = value
  if (isRecord(value) && isRecord(value.params)) {
    const constants: Record<string, unknown> = {}
    for (const [name, param] of Object.entries(value.params))
      if (isExpression(param)) expressionProblems({ type: 'string' }, param, scope, `${path}.params.${name}`, report)
      else constants[name] = param
    link = { ...value, params: constants }
  }
  if (linkProblem(link)) report(path, 'pages.badLink')
}

/** Problems of one value against its prop spec; constants by their type, expressions by theirs. */
export const valueProblems = (spec: PropSpec, value: unknown, scope: TypeScope, path: string, report: Report): void => {
  if (value === undefined || value === null) return
  if (isExpression(value)) return expressionProblems(spec, value, scope, path, report)
  // A loop's source must be linked; its node's check says so, whatever the constant holds.
  if (spec.anyList) return
  const parsed = parseType(spec.type)
  if (!parsed) return report(path, 'pages.unknownType', { type: spec.type })
  if (parsed.depth > 0) {
    if (!Array.isArray(value)) return report(path, 'format.list')
    const item: PropSpec = { type: itemType(spec.type)!, fields: spec.fields, options: spec.options }
    return value.forEach((entry, index) => valueProblems(item, entry, scope, `${path}.${index}`, report))
  }
  switch (parsed.name) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : report(path, 'format.number')
    case 'dim-num':
      if (typeof value !== 'number' || !Number.isFinite(value)) return report(path, 'format.number')
      return value < 0 ? report(path, 'format.shouldGreaterOrEqual', { value: 0 }) : undefined
    case 'boolean':
      return typeof value === 'boolean' ? undefined : report(path, 'format.boolean')
    case 'string':
      return typeof value === 'string' ? undefined : report(path, 'format.text')
    case 'icon':
      return typeof value === 'string' && (value === '' || ICON.test(value)) ? undefined : report(path, 'format.invalid')
    case 'tran':
    case 'html':
      return isTranText(value) ? undefined : report(path, 'format.invalid')
    case 'enum':
      return spec.options?.includes(value as string) ? undefined : report(path, 'format.choice')
    case 'multiEnum':
      return Array.isArray(value) && value.every((option) => spec.options?.includes(option as string))
        ? undefined
        : report(path, 'format.choice')
    case 'css':
      if (!fitsSchema(cssSchema, value)) return report(path, 'format.invalid')
      return cssProblems(value).forEach((field) => report(`${path}.${field}`, 'format.invalid'))
    case 'color':
      return value === '' || isColor(value) ? undefined : report(path, 'pages.badColor')
    case 'dim':
      return value === '' || cssLength(value) !== undefined ? undefined : report(path, 'pages.badDimension')
    case 'range': {
      if (!isRecord(value)) return report(path, 'format.invalid')
      for (const end of ['min', 'max'] as const) {
        const limit = value[end]
        if (limit === undefined || limit === null) continue
        if (typeof limit !== 'number' || !Number.isFinite(limit)) report(`${path}.${end}`, 'format.number')
        else if (limit < 0) report(`${path}.${end}`, 'format.shouldGreaterOrEqual', { value: 0 })
      }
      if (typeof value.min === 'number' && typeof value.max === 'number' && value.max < value.min)
        report(`${path}.max`, 'format.shouldGreaterOrEqual', { value: value.min })
      return
    }
    case 'pageRef':
      return pageRefProblems(value, scope, path, report)
    case 'menuItems':
      if (!fitsSchema(menuItemsSchema, value)) return report(path, 'format.invalid')
      return menuProblems(value as MenuItem[], path, report)
    case 'imageRef':
      return fitsSchema(imageRefSchema, value) ? undefined : report(path, 'format.invalid')
    case 'videoRef':
      return fitsSchema(videoRefSchema, value) ? undefined : report(path, 'format.invalid')
    case 'object':
      if (!isRecord(value)) return report(path, 'format.invalid')
      for (const [name, field] of Object.entries(spec.fields ?? {}))
        valueProblems(field, value[name], scope, `${path}.${name}`, report)
      return
    case 'product':
      return isRecord(value) ? undefined : report(path, 'format.invalid')
  }
}

interface Walk {
  report: Report
  ids: Set<string>
  components: Readonly<Record<string, ComponentModel>>
}

const nodeProblems = (walk: Walk, node: PageNode, scope: TypeScope, path: string, parentSlots: readonly string[]) => {
  const { report } = walk
  if (walk.ids.has(node.id)) report(`${path}.id`, 'pages.duplicateId')
  walk.ids.add(node.id)
  if (node.slot !== undefined && !parentSlots.includes(node.slot)) report(`${path}.slot`, 'pages.unknownSlot')
  const children = node.children ?? []
  if (node.type === 'component') {
    const placed = node.component && Object.hasOwn(walk.components, node.component) ? walk.components[node.component] : undefined
    if (!node.component) return report(`${path}.component`, 'format.required')
    if (!placed) return
    for (const [name, value] of Object.entries(node.props)) {
      const declared = Object.hasOwn(placed.props, name) ? placed.props[name] : undefined
      if (!declared) report(`${path}.props.${name}`, 'format.unknownField')
      else valueProblems({ type: declared.type }, value, scope, `${path}.props.${name}`, report)
    }
    if (children.length) report(`${path}.children`, 'pages.noChildren')
    return
  }
  const spec = themeComponentSpec(node.type)
  if (!spec) return report(`${path}.type`, 'pages.unknownComponent', { type: node.type })
  for (const [name, value] of Object.entries(node.props)) {
    const propSpec = Object.hasOwn(spec.props, name) ? spec.props[name] : undefined
    if (!propSpec) report(`${path}.props.${name}`, 'format.unknownField')
    else valueProblems(propSpec, value, scope, `${path}.props.${name}`, report)
  }
  if (children.length && !spec.children) report(`${path}.children`, 'pages.noChildren')
  let inner = scope
  if (node.type === 'for') {
    // A loop is linked to its list (§3.15 props.source.$exp): a constant list is not a loop.
    if (!isExpression(node.props.source)) report(`${path}.props.source`, 'format.required')
    const type = isExpression(node.props.source) ? typeOfExpression(node.props.source, scope) : undefined
    inner = { data: scope.data, loops: [type === undefined ? undefined : itemType(type), ...scope.loops] }
  }
  children.forEach((child, index) => nodeProblems(walk, child, inner, `${path}.children.${index}`, spec.slots ?? []))
}

/**
 * What is wrong with a component as stored, beyond its schema's shape: types that are not types, data
 * and prop values that do not fit their types, expressions reading unknown variables or values of
 * types that do not fit, unknown theme components, props and slots, children where none are held,
 * repeated node ids, loops not linked to a list. `components` (by id) lets placed components' props be
 * checked. The server refuses a component with any; the editor shows each on its field.
 */
export const componentProblems = (
  component: ComponentModel,
  components: Readonly<Record<string, ComponentModel>> = {}
): PageModelProblem[] => {
  const problems: PageModelProblem[] = []
  const report: Report = (path, key, values) => problems.push(values ? { path, key, values } : { path, key })
  const data: Record<string, TypeRef> = {}
  for (const [name, declared] of Object.entries(component.props ?? {})) {
    if (!isTypeRef(declared.type)) report(`props.${name}.type`, 'pages.unknownType', { type: declared.type })
    else data[name] = declared.type
  }
  for (const [name, type] of Object.entries(component.dataType ?? {})) {
    if (Object.hasOwn(data, name)) report(`dataType.${name}`, 'pages.duplicateName', { name })
    else if (!isTypeRef(type)) report(`dataType.${name}`, 'pages.unknownType', { type })
    else data[name] = type
  }
  for (const [name, declared] of Object.entries(component.props ?? {}))
    if (isTypeRef(declared.type))
      valueProblems({ type: declared.type }, declared.default, { data: {}, loops: [] }, `props.${name}.default`, report)
  // A data variable reads the props and the variables written before it (as `componentScope` evaluates).
  const seen: Record<string, TypeRef> = Object.fromEntries(
    Object.entries(component.props ?? {}).map(([name, p]) => [name, p.type])
  )
  for (const [name, value] of Object.entries(component.data ?? {})) {
    const type = Object.hasOwn(data, name) ? data[name] : undefined
    if (type === undefined) report(`data.${name}`, 'pages.untypedVariable', { name })
    else valueProblems({ type }, value, { data: seen, loops: [] }, `data.${name}`, report)
    if (type !== undefined) seen[name] = type
  }
  const walk: Walk = { report, ids: new Set(), components }
  const scope: TypeScope = { data, loops: [] }
  component.content.forEach((node, index) => nodeProblems(walk, node, scope, `content.${index}`, []))
  // What rendering it costs: data sources of its own and of the page through what it places (issue 28).
  problems.push(...sourceBudgetProblems(component, components))
  return problems
}
