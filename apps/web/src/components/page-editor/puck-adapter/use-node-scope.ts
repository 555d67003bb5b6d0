import { createUsePuck, type ComponentData } from '@puckeditor/core'
import { loopItemType, type TypeRef, type TypeScope } from '@emporia/shared'
import { propKey } from './puck-data'
import { rootVariables } from './root-props'

const usePuckSelect = createUsePuck()

/** The id of the node whose fields show. */
export const useSelectedNodeId = () => usePuckSelect((state) => state.selectedItem?.props.id as string | undefined)

/**
 * The types in reach of the selected node (spec §2.10 expression picker): the component's declared
 * props and data variables, and its enclosing loops' items, `$$0` the innermost.
 */
export const useNodeScope = (): TypeScope => {
  const selectedId = useSelectedNodeId()
  const getParentById = usePuckSelect((state) => state.getParentById)
  const root = usePuckSelect((state) => state.appState.data.root)
  const { dataType, declared } = rootVariables(root)
  const data: Record<string, TypeRef> = {
    ...Object.fromEntries(Object.entries(declared).map(([name, prop]) => [name, prop.type])),
    ...dataType
  }
  // The enclosing loops, outermost first: each one's source is typed in the scope of those around it.
  const loops: ComponentData[] = []
  for (let parent = selectedId ? getParentById(selectedId) : undefined; parent; parent = getParentById(String(parent.props.id)))
    if (parent.type === 'for') loops.unshift(parent)
  const types: (TypeRef | undefined)[] = []
  for (const loop of loops) types.unshift(loopItemType(loop.props[propKey('source')], { data, loops: types }))
  return { data, loops: types }
}

/** Puck's dispatch, for widgets that change more than their own prop (a new data variable). */
export const usePuckDispatch = () => usePuckSelect((state) => state.dispatch)
