import type { ComponentData, Data } from '@puckeditor/core'
import { themeComponentSpec, type PageNode } from '@emporia/shared'

/*
 * Our page tree (decision 0106) ⇄ Puck's `Data` (decision 0111). Puck's data is never stored: the
 * editor converts on load and on every change. Keys inside Puck's props are prefixed so that no prop a
 * stored component declares (`id`, `children`, …) can collide with Puck's own `id` or a slot.
 */

/** Our prop `x` is Puck's `p_x`. */
export const PROP_PREFIX = 'p_'
/** Our slot `else` is Puck's slot field `s_else`; the main slot is `s_main`. */
export const SLOT_PREFIX = 's_'
export const MAIN_SLOT = 'main'
/** A placed stored component is Puck's component type `c_<id>` (theme components' names hold no `_`). */
export const COMPONENT_PREFIX = 'c_'

export const propKey = (name: string) => `${PROP_PREFIX}${name}`
export const slotKey = (slot: string) => `${SLOT_PREFIX}${slot}`

/** Puck's component type for a node: the theme component's name, or `c_<id>` for a stored one. */
export const puckType = (node: Pick<PageNode, 'type' | 'component'>) =>
  node.type === 'component' && node.component ? `${COMPONENT_PREFIX}${node.component}` : node.type

/** The slots a node type holds, main first: theme components from the catalogue, others by what they hold. */
export const slotsOf = (type: string): string[] => {
  const spec = themeComponentSpec(type)
  if (!spec?.children) return []
  return [MAIN_SLOT, ...(spec.slots ?? [])]
}

const toPuckItem = (node: PageNode): ComponentData => {
  const props: Record<string, unknown> = { id: node.id }
  for (const [name, value] of Object.entries(node.props)) props[propKey(name)] = value
  const slots = slotsOf(node.type)
  for (const slot of slots) props[slotKey(slot)] = []
  for (const child of node.children ?? []) {
    const slot = child.slot ?? MAIN_SLOT
    // A child naming a slot its parent does not hold (a hand-edited tree) goes to the main slot.
    const key = slotKey(slots.includes(slot) ? slot : MAIN_SLOT)
    props[key] = [...((props[key] as ComponentData[] | undefined) ?? []), toPuckItem(child)]
  }
  return { type: puckType(node), props: props as ComponentData['props'] }
}

/** A tree as Puck's data: the component's top-level nodes are Puck's `content`; its root carries nothing. */
export const toPuckData = (nodes: readonly PageNode[]): Data => ({ root: { props: {} }, content: nodes.map(toPuckItem) })

const fromPuckItem = (item: ComponentData, slot?: string): PageNode => {
  const node: PageNode = { id: String(item.props.id), type: item.type, props: {} }
  if (item.type.startsWith(COMPONENT_PREFIX)) {
    node.type = 'component'
    node.component = item.type.slice(COMPONENT_PREFIX.length)
  }
  if (slot !== undefined && slot !== MAIN_SLOT) node.slot = slot
  const children: PageNode[] = []
  // The main slot first, then the others in the catalogue's order (`else` after the main branch).
  const slots = slotsOf(node.type)
  const present = Object.keys(item.props).filter((key) => key.startsWith(SLOT_PREFIX))
  const ordered = [
    ...slots.map(slotKey).filter((key) => present.includes(key)),
    ...present.filter((key) => !slots.map(slotKey).includes(key))
  ]
  for (const [key, value] of Object.entries(item.props)) {
    // Puck's own keys (`id`, and anything it adds) are not ours.
    if (key.startsWith(PROP_PREFIX) && value !== undefined) node.props[key.slice(PROP_PREFIX.length)] = value
  }
  for (const key of ordered) {
    const items = item.props[key]
    if (Array.isArray(items))
      for (const child of items as ComponentData[]) children.push(fromPuckItem(child, key.slice(SLOT_PREFIX.length)))
  }
  if (children.length) node.children = children
  return node
}

/** Puck's data back as our tree (children only where there are some; the main slot's before `else`). */
export const fromPuckData = (data: Partial<Data>): PageNode[] => (data.content ?? []).map((item) => fromPuckItem(item))

/**
 * The canonical form of a tree, which the round trip keeps exactly: empty `children` left out, a node's
 * main-slot children before its `else` children. Stored trees written by the editor are already so.
 */
export const canonicalTree = (nodes: readonly PageNode[]): PageNode[] => nodes.map(canonicalNode)
const canonicalNode = (node: PageNode): PageNode => {
  const { children, slot, ...rest } = node
  const out: PageNode = {
    ...rest,
    ...(slot ? { slot } : {}),
    props: Object.fromEntries(Object.entries(node.props).filter(([, value]) => value !== undefined))
  }
  if (out.slot === MAIN_SLOT) delete out.slot
  if (children?.length) {
    const slots = slotsOf(node.type)
    const held = (child: PageNode) => (child.slot && slots.includes(child.slot) ? child : { ...child, slot: undefined })
    const rank = (child: PageNode) => {
      const index = slots.indexOf(child.slot ?? MAIN_SLOT)
      return index < 0 ? 0 : index
    }
    out.children = children
      .map(held)
      .sort((a, b) => rank(a) - rank(b))
      .map(canonicalNode)
  }
  return out
}
