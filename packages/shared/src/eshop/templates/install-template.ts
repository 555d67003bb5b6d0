import type { ComponentData, MenuItem, PageNode, ShopPageData } from '../../pages/page.schema'
import type { LocaleId } from '../../i18n/locales'
import { themeColorKeys, type ThemeColors, type ThemeData } from '../theme.schema'
import type { ShopTemplate, TemplateComponent } from './template.types'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A value with its colours swapped: every string equal (case aside) to one of the template's own scheme
 * colours becomes the chosen scheme's colour of the same key, so a section background or a price follows
 * the colours the merchant picked in the wizard.
 */
const recolor = (value: unknown, swap: ReadonlyMap<string, string>): unknown => {
  if (typeof value === 'string') return swap.get(value.toLowerCase()) ?? value
  if (Array.isArray(value)) return value.map((item) => recolor(item, swap))
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, recolor(item, swap)]))
  return value
}

/** Page links (`{page: key}`) and placed components (`component: key`) pointed at the installed ids. */
const relink = (value: unknown, ids: Readonly<Record<string, string>>): unknown => {
  if (Array.isArray(value)) return value.map((item) => relink(item, ids))
  if (!isRecord(value)) return value
  const result: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    const isLink = key === 'page' && typeof item === 'string' && (value.type === undefined || value.type === 'page')
    result[key] = isLink && Object.hasOwn(ids, item) ? ids[item] : relink(item, ids)
  }
  return result
}

const relinkNodes = (nodes: readonly PageNode[], ids: Readonly<Record<string, string>>): PageNode[] =>
  nodes.map((node) => {
    const next: PageNode = { ...node, props: relink(node.props, ids) as Record<string, unknown> }
    if (node.type === 'component' && node.component && Object.hasOwn(ids, node.component)) next.component = ids[node.component]
    if (node.children) next.children = relinkNodes(node.children, ids)
    return next
  })

/** The colours installed: the template's own scheme, overridden by the chosen ones that are given. */
export const templateColors = (template: ShopTemplate, chosen: ThemeColors = {}): Required<ThemeColors> => {
  const colors = { ...template.colorSchemes[0].colors }
  for (const key of themeColorKeys) if (typeof chosen[key] === 'string' && chosen[key] !== '') colors[key] = chosen[key]
  return colors
}

const swapOf = (template: ShopTemplate, colors: Required<ThemeColors>) => {
  const swap = new Map<string, string>()
  const own = template.colorSchemes[0].colors
  for (const key of themeColorKeys) if (!swap.has(own[key].toLowerCase())) swap.set(own[key].toLowerCase(), colors[key])
  return swap
}

/** Orders components so each comes after those it places (the components service checks placed ones exist). */
export const installOrder = (components: readonly TemplateComponent[]): TemplateComponent[] => {
  const placed = (nodes: readonly PageNode[]): string[] =>
    nodes.flatMap((node) => [
      ...(node.type === 'component' && node.component ? [node.component] : []),
      ...placed(node.children ?? [])
    ])
  const ordered: TemplateComponent[] = []
  const visit = (component: TemplateComponent, trail: Set<string>) => {
    if (ordered.includes(component) || trail.has(component.key)) return
    trail.add(component.key)
    for (const key of placed(component.content)) {
      const inner = components.find((candidate) => candidate.key === key)
      if (inner) visit(inner, trail)
    }
    ordered.push(component)
  }
  for (const component of components) visit(component, new Set())
  return ordered
}

/** One component as the components service takes it, its links and placed components pointed at `ids`. */
export const templateComponentData = (
  template: ShopTemplate,
  component: TemplateComponent,
  ids: Readonly<Record<string, string>>,
  chosen: ThemeColors = {},
  locale: LocaleId = 'en'
): ComponentData => {
  const swap = swapOf(template, templateColors(template, chosen))
  return {
    name: component.name[locale],
    dataType: component.dataType,
    data: component.data,
    props: component.props,
    content: relinkNodes(recolor(component.content, swap) as PageNode[], ids)
  }
}

/** The template's pages as the pages service takes them, once every component has its id. */
export const templatePagesData = (template: ShopTemplate, ids: Readonly<Record<string, string>>): ShopPageData[] =>
  template.pages.map((page) => ({
    name: page.name,
    path: page.path,
    component: ids[page.component],
    ...(page.seo ? { seo: page.seo } : {})
  }))

/** The theme record (draft) of an installed template: colours, font, menus, header and footer, SEO. */
export const templateThemeData = (
  template: ShopTemplate,
  ids: Readonly<Record<string, string>>,
  chosen: ThemeColors = {}
): Omit<ThemeData, 'homePage'> => {
  const colors = templateColors(template, chosen)
  const swap = swapOf(template, colors)
  return {
    template: template.id,
    colors,
    font: template.font,
    favicon: { type: 'src', src: template.favicon, width: 64, height: 64 },
    headerMenu: relink(template.headerMenu, ids) as MenuItem[],
    footerMenu: relink(template.footerMenu, ids) as MenuItem[],
    header: recolor(template.header, swap) as Record<string, unknown>,
    footer: recolor(template.footer, swap) as Record<string, unknown>,
    seo: template.seo
  }
}
