/**
 * The type names of the page model (spec §3.15): what a component's props and data variables hold. A type
 * is a name, optionally followed by `[]` for a list of it (`imageRef[]`, `string[]`, `product[][]`).
 * The editor reads them to pick a widget and to tick assignable variables; the renderer to coerce.
 */
export const propTypeNames = [
  'object',
  'number',
  'range',
  'dim',
  'dim-num',
  'boolean',
  'string',
  'tran',
  'enum',
  'multiEnum',
  'icon',
  'css',
  'color',
  'pageRef',
  'menuItems',
  // Value types of §3.6 and the binding types below, usable as props and data variables too.
  'imageRef',
  'videoRef',
  'html',
  'product'
] as const
export type PropTypeName = (typeof propTypeNames)[number]
/** A type as written: a name with any number of `[]` suffixes. */
export type TypeRef = string

const TYPE_PATTERN = /^([A-Za-z][\w-]*)((?:\[\])*)$/
const parsedTypes = new Map<string, { name: PropTypeName; depth: number } | undefined>()

/** Splits `imageRef[]` into its element name and list depth; undefined for an unknown or malformed type. */
export const parseType = (type: TypeRef): { name: PropTypeName; depth: number } | undefined => {
  // Pages use a few dozen types, each read once per prop rendered: read each once.
  if (parsedTypes.has(type)) return parsedTypes.get(type)
  const match = TYPE_PATTERN.exec(type)
  const parsed =
    match && (propTypeNames as readonly string[]).includes(match[1])
      ? { name: match[1] as PropTypeName, depth: match[2].length / 2 }
      : undefined
  if (parsedTypes.size < 1000) parsedTypes.set(type, parsed)
  return parsed
}
export const isTypeRef = (type: unknown): type is TypeRef => typeof type === 'string' && parseType(type) !== undefined
export const isListType = (type: TypeRef) => type.endsWith('[]')
/** The type of one item of a list type (`imageRef[]` → `imageRef`), undefined when not a list. */
export const itemType = (type: TypeRef): TypeRef | undefined => (isListType(type) ? type.slice(0, -2) : undefined)

/**
 * The fields of the object types a variable can be browsed into (the picker's "browse into objects").
 * `product` is the binding's product definition of §3.15; `imageRef`, `videoRef` are §3.6's references;
 * `range` is {min, max}. Object and css values have free keys (browsing gives `object`).
 */
export const objectTypeFields: Partial<Record<PropTypeName, Record<string, TypeRef>>> = {
  product: {
    _id: 'string',
    name: 'tran',
    desc: 'tran',
    content: 'tran',
    images: 'imageRef[]',
    categories: 'string[]',
    price: 'number',
    dprice: 'number',
    // The storefront's additions (decision 0113): the count only when the shop shows stock ('' otherwise).
    stock: 'number',
    inStock: 'boolean',
    soldOut: 'boolean'
  },
  imageRef: { type: 'string', src: 'string', thumb: 'string', width: 'number', height: 'number' },
  videoRef: { type: 'string', src: 'string', link: 'string', thumb: 'string', width: 'number', height: 'number' },
  range: { min: 'number', max: 'number' }
}

/**
 * The type reached by browsing one step into `type`: a field of an object type, or an item of a list
 * (any numeric key). Undefined when the step leads nowhere the type knows.
 */
export const browseType = (type: TypeRef, key: string): TypeRef | undefined => {
  const parsed = parseType(type)
  if (!parsed) return undefined
  if (parsed.depth > 0) return /^\d+$/.test(key) ? itemType(type) : key === 'length' ? 'number' : undefined
  if (parsed.name === 'object' || parsed.name === 'css') return 'object'
  const fields = objectTypeFields[parsed.name]
  return fields && Object.hasOwn(fields, key) ? fields[key] : undefined
}

/** Keys the picker offers when browsing into `type` (a list offers its first item, `0`). */
export const browseKeys = (type: TypeRef): string[] => {
  const parsed = parseType(type)
  if (!parsed) return []
  if (parsed.depth > 0) return ['0']
  return Object.keys(objectTypeFields[parsed.name] ?? {})
}

/** What a value of one type may also stand for: `to` ← `from` pairs beyond the same type. */
const WIDENINGS: Partial<Record<PropTypeName, readonly PropTypeName[]>> = {
  // A plain string is a text in every language (§3.5), an address, an icon name or a colour.
  string: ['tran', 'html', 'icon', 'color'],
  // A translatable text resolves to one string in the page's language.
  tran: ['string', 'html'],
  // A number is a pixel dimension, and shows as text (a price in a text component).
  number: ['dim', 'dim-num', 'string', 'tran'],
  'dim-num': ['number', 'dim']
}

/**
 * Whether a value of type `from` may be linked where `wanted` is expected (the picker's tick): the same
 * type, a widening above, any object type where `object` is wanted; lists must agree on depth and items.
 */
export const isAssignable = (from: TypeRef, wanted: TypeRef): boolean => {
  const [source, target] = [parseType(from), parseType(wanted)]
  if (!source || !target || source.depth !== target.depth) return false
  if (source.name === target.name) return true
  if (WIDENINGS[source.name]?.includes(target.name)) return true
  return target.name === 'object' && (Boolean(objectTypeFields[source.name]) || source.name === 'css')
}

/** The value a prop of `type` takes when nothing is set (§3.15: number 0, dim auto; lists empty). */
export const defaultForType = (type: TypeRef): unknown => {
  const parsed = parseType(type)
  if (!parsed) return undefined
  if (parsed.depth > 0) return []
  switch (parsed.name) {
    case 'number':
    case 'dim-num':
      return 0
    case 'dim':
      return 'auto'
    case 'boolean':
      return false
    case 'string':
    case 'tran':
    case 'html':
    case 'icon':
    case 'color':
      return ''
    case 'multiEnum':
    case 'menuItems':
      return []
    case 'object':
    case 'css':
      return {}
    default:
      return undefined
  }
}
