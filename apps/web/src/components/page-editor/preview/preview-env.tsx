import { createContext, useContext, useMemo, type ReactNode } from 'react'
import type { ComponentModel, LocaleId, PageNode, PageTarget, ResolvedNode } from '@emporia/shared'
import type { ThemeRenderContext } from '@emporia/theme'

/**
 * The storefront's frame around the canvas (decision 0163): the theme's variables (colours, font, the
 * pictures' ratio), its header and footer resolved as the storefront resolves them (none for a component
 * no page shows), and the render context the storefront gives its blocks.
 */
export interface CanvasFrame {
  variables: string
  top: ResolvedNode[]
  bottom: ResolvedNode[]
  context: Partial<ThemeRenderContext>
}

/** What the canvas resolves nodes with: the edited component, the answers of its data sources, the shop's pages and components. */
export interface PreviewInputs {
  model: ComponentModel
  fetched: Readonly<Record<string, unknown>>
  locale: LocaleId
  pages: readonly PageTarget[]
  components: Readonly<Record<string, ComponentModel>>
  frame?: CanvasFrame
}

export interface PreviewEnv extends PreviewInputs {
  /** Each node's ancestors, outermost first, by node id. */
  ancestors: ReadonlyMap<string, readonly PageNode[]>
}

const PreviewContext = createContext<PreviewEnv | undefined>(undefined)
export const usePreviewEnv = () => useContext(PreviewContext)

const indexTree = (nodes: readonly PageNode[], above: readonly PageNode[], into: Map<string, readonly PageNode[]>) => {
  for (const node of nodes) {
    into.set(node.id, above)
    if (node.children?.length) indexTree(node.children, [...above, node], into)
  }
  return into
}

/** Provides the canvas's preview inputs, with the tree indexed once per change. */
export const PreviewProvider = ({ inputs, children }: { inputs: PreviewInputs; children: ReactNode }) => {
  const value = useMemo(() => ({ ...inputs, ancestors: indexTree(inputs.model.content, [], new Map()) }), [inputs])
  return <PreviewContext.Provider value={value}>{children}</PreviewContext.Provider>
}
