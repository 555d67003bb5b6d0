import type { LocaleId } from '../i18n/locales'
import { cssStyle } from './css-style'
import { cssLength, isColor } from './css-values'
import { normalizeMenuItem } from './menu-items'
import { resolvePageRef, safeUrl, type PageTarget, type ResolvedLink } from './page-links'
import type { MenuItem } from './page.schema'
import { itemType, parseType } from './prop-types'
import type { PropSpec } from './theme-components'
import { pickTran, type Translate } from './tran'

/** What turning a value into its prop's type needs: the language, the pages links lead to. */
export interface CoerceContext {
  locale: LocaleId
  pages: readonly PageTarget[]
  base: string
  translate?: Translate
}

/** A menu item ready to render: texts picked, links made, dimensions checked. */
export interface ResolvedMenuItem extends Omit<MenuItem, 'type' | 'name' | 'to' | 'childs'> {
  type: string
  name?: string
  to?: ResolvedLink
  childs: ResolvedMenuItem[]
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const ICON = /^[A-Za-z0-9:_-]{1,100}$/

const menuItem = (raw: unknown, context: CoerceContext): ResolvedMenuItem | undefined => {
  if (!isRecord(raw)) return undefined
  const item = normalizeMenuItem(raw as MenuItem) as Record<string, unknown>
  const resolved: ResolvedMenuItem = { type: (item.type as string) || 'item', childs: [] }
  if (typeof item.id === 'string') resolved.id = item.id
  if ('name' in item) resolved.name = pickTran(item.name, context.locale, context.translate)
  if (item.to !== undefined) resolved.to = resolvePageRef(item.to, context.pages, context.base)
  if (typeof item.icon === 'string' && ICON.test(item.icon)) resolved.icon = item.icon
  for (const name of ['width', 'height', 'padding'] as const) {
    const length = cssLength(item[name])
    if (length !== undefined) resolved[name] = length
  }
  for (const name of ['align', 'justify'] as const) if (typeof item[name] === 'string') resolved[name] = item[name] as string
  if (typeof item.showFlag === 'boolean') resolved.showFlag = item.showFlag
  if (Array.isArray(item.childs)) resolved.childs = item.childs.flatMap((child) => menuItem(child, context) ?? [])
  return resolved
}

const media = (raw: unknown): Record<string, unknown> | undefined => {
  if (typeof raw === 'string') {
    const link = safeUrl(raw)
    return link ? { type: 'src', src: link.href } : undefined
  }
  if (!isRecord(raw) || typeof raw.type !== 'string') return undefined
  // An outside address must be one an `src` may hold.
  if (typeof raw.src === 'string' && raw.src !== '' && !safeUrl(raw.src)) return { ...raw, src: undefined }
  return raw
}

/**
 * A value (already evaluated: no expressions left) as its prop's type wants it for rendering; the prop's
 * default when the value is missing or is not one of that type. Texts are picked in the page's
 * language, links made `href`s, dimensions, colours and css checked so only valid CSS reaches a style.
 */
export const coerceProp = (spec: PropSpec, raw: unknown, context: CoerceContext): unknown => {
  const parsed = parseType(spec.type)
  const fallback = () =>
    spec.default === undefined || raw === spec.default ? spec.default : coerceProp(spec, spec.default, context)
  if (!parsed) return undefined
  if (raw === undefined || raw === null) return fallback()
  if (parsed.depth > 0) {
    if (!Array.isArray(raw)) return fallback()
    const item: PropSpec = { type: itemType(spec.type)!, fields: spec.fields, options: spec.options }
    return raw.map((value) => coerceProp(item, value, context)).filter((value) => value !== undefined)
  }
  switch (parsed.name) {
    case 'number':
    case 'dim-num': {
      const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw
      if (typeof value !== 'number' || !Number.isFinite(value)) return fallback()
      return parsed.name === 'dim-num' ? Math.max(0, value) : value
    }
    case 'boolean':
      return typeof raw === 'boolean' ? raw : fallback()
    case 'string':
      if (typeof raw === 'string') return raw
      if (typeof raw === 'number') return String(raw)
      return isRecord(raw) || Array.isArray(raw) ? pickTran(raw, context.locale, context.translate) : fallback()
    case 'tran':
    case 'html':
      return pickTran(raw, context.locale, context.translate)
    case 'enum':
      return spec.options?.includes(raw as string) ? raw : fallback()
    case 'multiEnum':
      return Array.isArray(raw) ? raw.filter((value) => spec.options?.includes(value as string)) : fallback()
    case 'icon':
      return typeof raw === 'string' && ICON.test(raw) ? raw : fallback()
    case 'css':
      return cssStyle(raw)
    case 'color':
      return isColor(raw) ? raw.trim() : fallback()
    case 'dim':
      return cssLength(raw) ?? fallback()
    case 'range': {
      if (!isRecord(raw)) return fallback()
      const range: { min?: number; max?: number } = {}
      for (const end of ['min', 'max'] as const)
        if (typeof raw[end] === 'number' && Number.isFinite(raw[end]) && raw[end] >= 0) range[end] = raw[end]
      return range
    }
    case 'pageRef':
      return resolvePageRef(raw, context.pages, context.base)
    case 'menuItems':
      return Array.isArray(raw) ? raw.flatMap((item) => menuItem(item, context) ?? []) : fallback()
    case 'imageRef':
    case 'videoRef':
      return media(raw)
    case 'object': {
      if (!isRecord(raw)) return fallback()
      if (!spec.fields) return raw
      const fields: Record<string, unknown> = {}
      for (const [name, field] of Object.entries(spec.fields)) fields[name] = coerceProp(field, raw[name], context)
      return fields
    }
    case 'product':
      return isRecord(raw) ? raw : fallback()
  }
}
