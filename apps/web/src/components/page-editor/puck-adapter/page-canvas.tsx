import { useEffect, useMemo, type ReactNode, type RefObject } from 'react'
import { GlobalStyles } from '@mui/material'
import { createUsePuck, Puck, type Data } from '@puckeditor/core'
// Without the web font Puck's default sheet fetches from another site (the app's CSP allows none).
import '@puckeditor/core/no-external.css'
import type { ComponentModel } from '@emporia/shared'
import { buildPuckConfig, type EditorWords, type PlaceableComponent } from './puck-config'
import { speakDragsIn } from './drag-words'
import { fromPuckData, toPuckData } from './puck-data'
import { rootVariables, toRootProps } from './root-props'

const usePuckSelect = createUsePuck()

/** Undo and redo over Puck's history, for the screen's own toolbar. */
export interface CanvasHistory {
  undo: () => void
  redo: () => void
  canUndo: boolean
  canRedo: boolean
  /**
   * Where Puck's history stands. Puck records a change 250 ms after it (debounced): an undo clicked
   * before that returns past it, and the late record then drops the redo. The toolbar shows it as
   * `data-history-index`, so a browser test can wait for the record as a merchant's pause would.
   */
  index: number
}

/** Renders the screen's toolbar inside Puck, where its history is in reach. */
const Actions = ({ render }: { render: (history: CanvasHistory) => ReactNode }) => {
  const history = usePuckSelect((state) => state.history)
  return (
    <>
      {render({
        undo: history.back,
        redo: history.forward,
        canUndo: history.hasPast,
        canRedo: history.hasFuture,
        index: history.index
      })}
    </>
  )
}

/** Selects a node by its id, as a click on the canvas would (its fields show); false when it is not placed. */
export type SelectNode = (id: string) => boolean

/** Hands the screen a way to select a node (a refused save's problem leads to its node's fields). */
const Selector = ({ handleRef }: { handleRef?: RefObject<SelectNode | undefined> }) => {
  const getSelectorForId = usePuckSelect((state) => state.getSelectorForId)
  const dispatch = usePuckSelect((state) => state.dispatch)
  useEffect(() => {
    if (!handleRef) return
    handleRef.current = (id) => {
      const itemSelector = getSelectorForId(id)
      if (itemSelector) dispatch({ type: 'setUi', ui: { itemSelector } })
      return itemSelector !== undefined
    }
  }, [handleRef, getSelectorForId, dispatch])
  return null
}

export type EditedModel = Pick<ComponentModel, 'name' | 'dataType' | 'data' | 'props' | 'content'>

export interface PageCanvasProps {
  /** The component as loaded: Puck starts from it (remount with a new `key` to load another). */
  initial: EditedModel
  placeable: readonly PlaceableComponent[]
  labels: { name: string; variables: string; declared: string; words?: EditorWords; dictionary?: Record<string, string> }
  title: string
  onChange: (model: EditedModel) => void
  actions: (history: CanvasHistory) => ReactNode
  /** Filled with a function selecting a node by id. */
  selectNodeRef?: RefObject<SelectNode | undefined>
}

/** The canvas widths Puck offers (its defaults), each named by a `pe.viewport.*` message. */
const viewports = [
  { key: 'small', width: 360, height: 'auto', icon: 'Smartphone' },
  { key: 'medium', width: 768, height: 'auto', icon: 'Tablet' },
  { key: 'large', width: 1280, height: 'auto', icon: 'Monitor' },
  { key: 'full', width: '100%', height: 'auto', icon: 'FullWidth' }
] as const

/** Puck's data as our component (decision 0111): settings from the root, the tree from the content. */
export const modelOf = (data: Partial<Data>): EditedModel => {
  const root = rootVariables(data.root)
  return { name: root.name, dataType: root.dataType, data: root.data, props: root.declared, content: fromPuckData(data) }
}

/**
 * The page editor's canvas (spec §2.10): Puck with the catalogue's components, the component tree
 * (outline), our widgets in the props panel, undo/redo. It reports our model on every change; Puck's
 * own data never leaves this file.
 */
export const PageCanvas = ({ initial, placeable, labels, title, onChange, actions, selectNodeRef }: PageCanvasProps) => {
  const config = useMemo(() => buildPuckConfig(placeable, labels), [placeable, labels])
  // The drag library's screen-reader texts in the editor's words (set before Puck makes its drag manager).
  if (labels.words) speakDragsIn(labels.words)
  // Puck reads `data` once; the key of this component decides when another model is loaded.
  const data = useMemo(() => ({ ...toPuckData(initial.content), root: { props: toRootProps(initial) } }), [initial])
  return (
    <>
      {/* The screen's toolbar has undo and redo (in the screen's look, with their state for tests): Puck's own pair would be a second. */}
      <GlobalStyles styles={{ '[class*="_MenuBar-history_"]': { display: 'none !important' } }} />
      <Puck
        config={config}
        data={data}
        dictionary={labels.dictionary}
        headerTitle={title}
        // Puck's own widths, named in the interface's language.
        viewports={viewports.map((viewport) => ({
          ...viewport,
          label: labels.words?.(`pe.viewport.${viewport.key}`) ?? viewport.key
        }))}
        onChange={(next) => onChange(modelOf(next))}
        // The canvas is a frame of its own: the storefront's style sheet must not restyle the back office.
        iframe={{ enabled: true }}
        overrides={{
          headerActions: () => (
            <>
              <Actions render={actions} />
              <Selector handleRef={selectNodeRef} />
            </>
          )
        }}
      />
    </>
  )
}
