import { isExpression, parseType, themeComponentSpec, type ComponentModel, type PageNode, type PropSpec } from '@emporia/shared'
import { sanitizeHtml } from './sanitize-html'

type Row = Record<string, unknown>
const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value)

/** A translatable text (plain, per language, or §3.5's `{lang, value}` list) with each text sanitised. */
export const sanitizeTran = (value: unknown): unknown => {
  if (typeof value === 'string') return sanitizeHtml(value)
  if (Array.isArray(value))
    return value.map((entry) =>
      isRecord(entry) && typeof entry.value === 'string' ? { ...entry, value: sanitizeHtml(entry.value) } : entry
    )
  if (isRecord(value))
    return Object.fromEntries(
      Object.entries(value).map(([lang, text]) => [lang, typeof text === 'string' ? sanitizeHtml(text) : text])
    )
  return value
}

/** A constant of a prop spec with every `html` text in it sanitised (lists and object fields too); expressions as they are. */
const sanitizeValue = (spec: PropSpec, value: unknown): unknown => {
  if (value === undefined || value === null || isExpression(value)) return value
  const parsed = parseType(spec.type)
  if (!parsed) return value
  if (parsed.depth > 0)
    return Array.isArray(value) ? value.map((item) => sanitizeValue({ ...spec, type: spec.type.slice(0, -2) }, item)) : value
  if (parsed.name === 'html') return sanitizeTran(value)
  if (parsed.name === 'object' && spec.fields && isRecord(value)) {
    const out: Row = { ...value }
    for (const [name, field] of Object.entries(spec.fields)) if (name in out) out[name] = sanitizeValue(field, out[name])
    return out
  }
  return value
}

const sanitizeProps = (props: Row, specOf: (name: string) => PropSpec | undefined): Row =>
  Object.fromEntries(
    Object.entries(props).map(([name, value]) => {
      const spec = specOf(name)
      return [name, spec ? sanitizeValue(spec, value) : value]
    })
  )

const sanitizeNode = (node: PageNode, components: Readonly<Record<string, ComponentModel>>): PageNode => {
  const placed = node.type === 'component' && node.component ? components[node.component] : undefined
  const theme = themeComponentSpec(node.type)
  const specOf = (name: string): PropSpec | undefined =>
    placed
      ? Object.hasOwn(placed.props, name)
        ? { type: placed.props[name].type }
        : undefined
      : theme && Object.hasOwn(theme.props, name)
        ? theme.props[name]
        : undefined
  const out: PageNode = { ...node, props: sanitizeProps(node.props, specOf) }
  if (node.children) out.children = node.children.map((child) => sanitizeNode(child, components))
  return out
}

/**
 * A component with every `html` constant sanitised (decision 0107): declared props' defaults, data
 * variables typed `html`, and the props of its tree (theme components by the catalogue, placed ones by
 * their declared types, found in `components`). What is not html is returned as it was.
 */
export const sanitizeComponent = <T extends ComponentModel>(
  component: T,
  components: Readonly<Record<string, ComponentModel>> = {}
): T => ({
  ...component,
  props: Object.fromEntries(
    Object.entries(component.props ?? {}).map(([name, declared]) => [
      name,
      declared.default === undefined
        ? declared
        : { ...declared, default: sanitizeValue({ type: declared.type }, declared.default) }
    ])
  ),
  data: sanitizeProps(component.data ?? {}, (name) =>
    Object.hasOwn(component.dataType ?? {}, name) ? { type: component.dataType[name] } : undefined
  ),
  content: (component.content ?? []).map((node) => sanitizeNode(node, components))
})
