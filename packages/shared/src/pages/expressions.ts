import { EXPRESSION_PATTERN, type FetchSource } from './page.schema'
import { browseKeys, browseType, isAssignable, itemType, type TypeRef } from './prop-types'

/**
 * Where expressions are evaluated: the component's data variables (and the props it was given), and the
 * items of the enclosing loops, innermost first (`loops[0]` is `$$0`, §2.10).
 */
export interface Scope {
  data: Record<string, unknown>
  loops: readonly unknown[]
}
/** The same, with types instead of values: what the expression picker offers and ticks. */
export interface TypeScope {
  data: Record<string, TypeRef>
  loops: readonly (TypeRef | undefined)[]
}

/** The expression picker's "new variable" (§2.10): the editor makes a data variable of it, never stores it. */
export const NEW_VARIABLE = '$new'
const expressionPattern = new RegExp(EXPRESSION_PATTERN)

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Whether a value is linked (`{$exp: …}`) rather than a constant. */
export const isExpression = (value: unknown): value is { $exp: unknown } => isRecord(value) && Object.hasOwn(value, '$exp')
/** The data source of a `{$exp: {$fetch}}`, if that is what the value is. */
export const fetchOf = (value: unknown): FetchSource | undefined =>
  isExpression(value) && isRecord(value.$exp) && isRecord(value.$exp.$fetch) ? (value.$exp.$fetch as FetchSource) : undefined
/** The path of a `{$exp: 'a.b'}` (undefined for a data source or a constant). */
export const pathOf = (value: unknown): string | undefined =>
  isExpression(value) && typeof value.$exp === 'string' ? value.$exp : undefined
export const isValidPath = (path: string) => expressionPattern.test(path)

const LOOP = /^\$\$(\d+)$/

/**
 * The value at an expression's path, or undefined when any step is missing. Steps only follow a value's
 * own keys and list indexes (`length` of a list too): never a prototype, so `constructor` leads nowhere.
 */
export const lookup = (path: string, scope: Scope): unknown => {
  if (!isValidPath(path)) return undefined
  const [head, ...keys] = path.split('.')
  const loop = LOOP.exec(head)
  let value: unknown = loop ? scope.loops[Number(loop[1])] : Object.hasOwn(scope.data, head) ? scope.data[head] : undefined
  for (const key of keys) {
    if (Array.isArray(value)) value = /^\d+$/.test(key) || key === 'length' ? value[key as unknown as number] : undefined
    else if (isRecord(value) && Object.hasOwn(value, key)) value = value[key]
    else return undefined
  }
  return value
}

/** The type a data source yields: its records, a list (`product[]`). */
export const fetchType = (source: FetchSource): TypeRef => (source.source === 'products' ? 'product[]' : 'object[]')

/** The type of an expression's path in a type scope; undefined when it leads nowhere known. */
export const typeOfPath = (path: string, scope: TypeScope): TypeRef | undefined => {
  if (!isValidPath(path)) return undefined
  const [head, ...keys] = path.split('.')
  const loop = LOOP.exec(head)
  let type: TypeRef | undefined = loop
    ? scope.loops[Number(loop[1])]
    : Object.hasOwn(scope.data, head)
      ? scope.data[head]
      : undefined
  for (const key of keys) {
    if (type === undefined) return undefined
    type = browseType(type, key)
  }
  return type
}

/** The type of a linked value (a path or a data source); undefined for a constant. */
export const typeOfExpression = (value: unknown, scope: TypeScope): TypeRef | undefined => {
  const source = fetchOf(value)
  if (source) return fetchType(source)
  const path = pathOf(value)
  return path === undefined ? undefined : typeOfPath(path, scope)
}

/** The loop variable a `for` gives its children: the type of one item of its source (any list). */
export const loopItemType = (source: unknown, scope: TypeScope): TypeRef | undefined => {
  const type = typeOfExpression(source, scope)
  return type === undefined ? undefined : itemType(type)
}

/** One choice of the expression picker: a name (a path), its type, whether it fits, whether it browses further. */
export interface VariableChoice {
  path: string
  type?: TypeRef
  /** The tick (§2.10): shown only when the type is assignable to the wanted one. */
  assignable: boolean
  /** Object and list types can be browsed into. */
  browsable: boolean
}

const choice = (path: string, type: TypeRef | undefined, wanted: TypeRef | undefined): VariableChoice => ({
  path,
  type,
  assignable: type !== undefined && wanted !== undefined && isAssignable(type, wanted),
  browsable: type !== undefined && browseKeys(type).length > 0
})

/**
 * What the expression picker offers at the top (§2.10): "new variable" (`$new`), the component's data
 * variables, then the enclosing loops' variables `$$0`, `$$1`, … innermost first.
 */
export const variableChoices = (scope: TypeScope, wanted?: TypeRef): VariableChoice[] => [
  { path: NEW_VARIABLE, assignable: false, browsable: false },
  ...Object.entries(scope.data).map(([name, type]) => choice(name, type, wanted)),
  ...scope.loops.map((type, index) => choice(`$$${index}`, type, wanted))
]

/** What the picker offers inside a variable (browsing into an object's fields or a list's first item). */
export const browseChoices = (path: string, scope: TypeScope, wanted?: TypeRef): VariableChoice[] => {
  const type = typeOfPath(path, scope)
  return type === undefined ? [] : browseKeys(type).map((key) => choice(`${path}.${key}`, browseType(type, key), wanted))
}
