import { createContext, useContext } from 'react'

/** A page the link picker offers: the stored value is its component (spec §2.10). */
export interface EnvPage {
  _id: string
  component: string
  name: string
  path: string
}

/** What the widgets read of the shop: its pages, its categories' names, its stored components. */
export interface PageEditorEnv {
  pages: EnvPage[]
  categories: string[]
  /** Components a page can place, with the props they declare. */
  components: { _id: string; name: string; props: Record<string, { type: string; default?: unknown }> }[]
}

const empty: PageEditorEnv = { pages: [], categories: [], components: [] }
export const PageEditorEnvContext = createContext<PageEditorEnv>(empty)
export const usePageEditorEnv = () => useContext(PageEditorEnvContext)
