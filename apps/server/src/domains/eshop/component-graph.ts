import type { ComponentModel, PageModelProblem, PageNode } from '@emporia/shared'

/** Every stored component a tree places (`type: 'component'`), with the dotted path of its node's `component`. */
export const placedComponents = (content: readonly PageNode[], at = 'content'): { id: string; path: string }[] =>
  content.flatMap((node, index) => {
    const path = `${at}.${index}`
    const own = node.type === 'component' && node.component ? [{ id: node.component, path: `${path}.component` }] : []
    return [...own, ...placedComponents(node.children ?? [], `${path}.children`)]
  })

/** Whether `from` places `target`, directly or through others (placed components of `components`). */
const reaches = (from: string, target: string, components: Readonly<Record<string, ComponentModel>>): boolean => {
  const seen = new Set<string>()
  const stack = [from]
  while (stack.length) {
    const id = stack.pop()!
    if (id === target) return true
    if (seen.has(id)) continue
    seen.add(id)
    const component = Object.hasOwn(components, id) ? components[id] : undefined
    if (component) for (const placed of placedComponents(component.content)) stack.push(placed.id)
  }
  return false
}

/**
 * What the page model's own check cannot know (decision 0107): every placed component must be one of
 * the shop's, and a component may not place itself, directly or through others. `components` are the
 * shop's, with this one as written.
 */
export const placementProblems = (
  id: string,
  content: readonly PageNode[],
  components: Readonly<Record<string, ComponentModel>>
): PageModelProblem[] =>
  placedComponents(content).flatMap(({ id: placed, path }) => {
    if (!Object.hasOwn(components, placed)) return [{ path, key: 'pages.noSuchComponent' }]
    return reaches(placed, id, components) ? [{ path, key: 'pages.componentLoop' }] : []
  })
