import type { ComponentData, FetchSource, MenuItem } from '../../pages/page.schema'
import type { ThemeColors } from '../theme.schema'

/** A text in the three languages (spec §3.5); templates always carry all three. */
export interface TemplateText {
  en: string
  cht: string
  chs: string
}

/**
 * A stored component of a template, keyed by a local id (`key`) that its pages, links (`{page: key}`)
 * and placed components (`{type: 'component', component: key}`) use; installing gives it a real id.
 */
export interface TemplateComponent extends Omit<ComponentData, 'name'> {
  key: string
  /** Named in the language the merchant installs in (the components list shows it). */
  name: TemplateText
}

/** A page of a template: the component (by its local key) it shows at `path`. */
export interface TemplatePage {
  name: TemplateText
  path: string
  component: string
  seo?: { title?: TemplateText; description?: TemplateText }
}

/** A named set of the theme colours of §3.1 the wizard offers for a template. */
export interface ColorScheme {
  id: string
  name: TemplateText
  colors: Required<ThemeColors>
}

/**
 * A ready-made shop (spec §2.9): page-model data (decision 0106) the setup wizard installs into a shop
 * through the pages, components and themes services (`themes/install`, decision 0110).
 */
export interface ShopTemplate {
  id: string
  name: TemplateText
  description: TemplateText
  /** The picture the wizard's card shows (a path the web app serves). */
  preview: string
  /** The storefront's favicon until the merchant sets one (a path the web app serves). */
  favicon: string
  font: 'Roboto' | 'Arial' | 'Barlow' | 'Noto Sans' | 'Montserrat' | 'Aleo' | 'Bitter'
  /** The first is the template's own; the wizard offers them all, then the colour field. */
  colorSchemes: ColorScheme[]
  headerMenu: MenuItem[]
  footerMenu: MenuItem[]
  header: Record<string, unknown>
  footer: Record<string, unknown>
  seo: { title: TemplateText; description: TemplateText; keywords: TemplateText }
  components: TemplateComponent[]
  pages: TemplatePage[]
  /** The key of the component whose page is the home page. */
  home: string
}

/** The data source a template's product lists read (§3.15 `$fetch`). */
export const productsSource = (limit: number): { $exp: { $fetch: FetchSource } } => ({
  $exp: { $fetch: { source: 'products', params: { query: { $limit: limit } } } }
})
