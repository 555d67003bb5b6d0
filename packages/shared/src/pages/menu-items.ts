import type { MenuItem } from './page.schema'
import { menuItemSpec, propApplies } from './theme-components'

/** A menu item's place in its tree: indexes from the top list down through `childs`. */
export type MenuPath = readonly number[]

/** Only an `item` (or a typeless one, an item by default) holds child items (§2.10 "append inside"). */
export const canHoldItems = (item: MenuItem) => item.type === undefined || item.type === '' || item.type === 'item'

/**
 * A menu item with only the props its type shows (§3.15: name, to, icon, align, justify for items;
 * width, height, padding for logos; showFlag for lang) and those types' defaults filled (§9.5).
 */
export const normalizeMenuItem = (item: MenuItem): MenuItem => {
  const props = item as Record<string, unknown>
  const kept: Record<string, unknown> = {}
  if (item.id !== undefined) kept.id = item.id
  for (const [name, spec] of Object.entries(menuItemSpec.props)) {
    if (name === 'childs' || !propApplies(spec, props)) continue
    const value = props[name] ?? spec.default
    if (value !== undefined) kept[name] = value
  }
  if (item.childs?.length && canHoldItems(item)) kept.childs = item.childs.map(normalizeMenuItem)
  return kept as MenuItem
}

const update = (items: readonly MenuItem[], path: MenuPath, change: (list: MenuItem[], index: number) => void): MenuItem[] => {
  const copy = [...items]
  if (path.length === 1) {
    change(copy, path[0])
    return copy
  }
  const parent = copy[path[0]]
  if (!parent) return copy
  copy[path[0]] = { ...parent, childs: update(parent.childs ?? [], path.slice(1), change) }
  return copy
}
const exists = (items: readonly MenuItem[], path: MenuPath): MenuItem | undefined => {
  let list: readonly MenuItem[] | undefined = items
  let item: MenuItem | undefined
  for (const index of path) {
    item = list?.[index]
    if (!item) return undefined
    list = item.childs
  }
  return item
}

/*
 * The menus editor's add menu (§2.10): insert before, append inside (items only), insert after, delete.
 * Each answers a new list and leaves the one given alone; a path that leads nowhere changes nothing.
 * An empty menu's plus button is `insertMenuItem([], [0], item)`.
 */
export const insertMenuItem = (items: readonly MenuItem[], path: MenuPath, item: MenuItem, after = false): MenuItem[] => {
  if (!path.length) return [...items]
  const parentPath = path.slice(0, -1)
  const parent = parentPath.length ? exists(items, parentPath) : undefined
  const list = parentPath.length ? (parent ? (parent.childs ?? []) : undefined) : items
  const index = path[path.length - 1]
  // Before: any place up to the end of the list; after: only after an item that is there.
  if (!list || !Number.isInteger(index) || index < 0 || index > list.length - (after ? 1 : 0)) return [...items]
  return update(items, path, (copy, at) => copy.splice(after ? at + 1 : at, 0, item))
}
export const appendMenuItem = (items: readonly MenuItem[], path: MenuPath, item: MenuItem): MenuItem[] => {
  const parent = exists(items, path)
  if (!parent || !canHoldItems(parent)) return [...items]
  return insertMenuItem(items, [...path, parent.childs?.length ?? 0], item)
}
export const removeMenuItem = (items: readonly MenuItem[], path: MenuPath): MenuItem[] =>
  exists(items, path) ? update(items, path, (list, index) => list.splice(index, 1)) : [...items]
