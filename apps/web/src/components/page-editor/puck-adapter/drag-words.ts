import { Accessibility, defaultPreset } from '@dnd-kit/dom'
import type { EditorWords } from './puck-config'

/**
 * What the drag library tells a screen reader (its live region and its instructions), in the editor's
 * words: by default it announces "Picked up draggable item text-3f2a…" in English. Puck builds its drag
 * manager from the library's default plugins and offers no option of its own, so the default
 * accessibility plugin is swapped once for one configured here; its texts read the words of the editor
 * on screen at the moment they are spoken.
 */
let current: EditorWords = () => undefined

const say = (key: string, values: Record<string, string> = {}) =>
  (current(`pe.drag.${key}`) ?? key).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '')

/** A dragged block by what it is to a merchant ("文字", "重複項目"), never by its id. */
const blockOf = (source: { data?: unknown } | null | undefined) => {
  const data = (source?.data ?? {}) as { componentType?: unknown }
  const type = typeof data.componentType === 'string' ? data.componentType : undefined
  return (type && current(`pe.block.${type}`)) || say('block')
}

type Source = { id: unknown; data?: unknown } | null | undefined

/** The announcements, one per drag event (exported for the unit test). */
export const dragAnnouncements = {
  dragstart: ({ operation: { source } }: { operation: { source: Source } }) =>
    source ? say('pickedUp', { block: blockOf(source) }) : undefined,
  dragover: ({ operation: { source, target } }: { operation: { source: Source; target: Source } }) => {
    if (!source || source.id === target?.id) return undefined
    return say(target ? 'over' : 'notOver', { block: blockOf(source) })
  },
  dragend: ({
    operation: { source, target },
    canceled
  }: {
    operation: { source: Source; target: Source }
    canceled: boolean
  }) => {
    if (!source) return undefined
    return say(canceled ? 'cancelled' : target ? 'dropped' : 'droppedNowhere', { block: blockOf(source) })
  }
}

const instructions = {
  get draggable() {
    return say('instructions')
  }
}

const configured = Accessibility.configure({
  announcements: dragAnnouncements as never,
  screenReaderInstructions: instructions
})
defaultPreset.plugins = defaultPreset.plugins.map((plugin) => (plugin === Accessibility ? configured : plugin)) as never

/** The words the drag library speaks from now on (the editor's, in the interface's language). */
export const speakDragsIn = (words: EditorWords) => {
  current = words
}
