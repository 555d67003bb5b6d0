import { Fragment, type ComponentType, type ReactNode } from 'react'
import type { ResolvedMenuItem, ResolvedNode, ThemeComponentName } from '@emporia/shared'
import { Button, Container, Flex, Html, Layout, Link, Text } from './blocks'
import { Drawer, Footer, Header } from './chrome'
import { NumPicker, ProductFilter, Tab } from './interactive'
import { ImageButton, Slider, Video } from './media-blocks'
import { MenuItemView } from './menu'
import { Attributes, SitePath, SkuPicker } from './product-blocks'

/** What every theme component's renderer receives: its resolved props, its rendered children, its key. */
export interface ThemeComponentProps {
  props: Record<string, unknown>
  children?: ReactNode
  nodeKey?: string
}

const Children = ({ children }: ThemeComponentProps) => <>{children}</>
const MenuItemNode = ({ props }: ThemeComponentProps) => (
  <ul className="ef-menu ef-menu--bar">
    <MenuItemView item={{ ...(props as unknown as ResolvedMenuItem), childs: (props.childs as ResolvedMenuItem[]) ?? [] }} />
  </ul>
)

/**
 * The renderer of each theme component of §3.15. `for`, `if` and placed components come resolved
 * (expanded loops, the branch that holds), so they render as their children alone.
 */
export const themeRenderers: Record<ThemeComponentName | 'component', ComponentType<ThemeComponentProps>> = {
  header: Header,
  footer: Footer,
  drawer: Drawer,
  layout: Layout,
  menuItem: MenuItemNode,
  imageButton: ImageButton,
  slider: Slider,
  video: Video,
  text: Text,
  button: Button,
  link: Link,
  container: Container,
  flex: Flex,
  for: Children,
  if: Children,
  component: Children,
  tab: Tab,
  numPicker: NumPicker,
  productFilter: ProductFilter,
  sitePath: SitePath,
  attributes: Attributes,
  skuPicker: SkuPicker,
  html: Html
}

const renderNode = (node: ResolvedNode): ReactNode => {
  const Renderer = Object.hasOwn(themeRenderers, node.type) ? themeRenderers[node.type as ThemeComponentName] : undefined
  if (!Renderer) return <Fragment key={node.key} />
  // Children stay one element each: a tab's i-th child is its i-th panel.
  return (
    <Renderer key={node.key} props={node.props} nodeKey={node.key}>
      {node.children.length ? node.children.map(renderNode) : undefined}
    </Renderer>
  )
}

/** A resolved tree (shared `resolvePage`) as React elements; unknown types render nothing. */
export const RenderNodes = ({ nodes }: { nodes: readonly ResolvedNode[] }) => <>{nodes.map(renderNode)}</>
