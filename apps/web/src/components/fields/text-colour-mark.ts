import { Mark } from '@tiptap/react'
import { richTextColour } from '@emporia/shared'
import { colourOfStyle } from './rich-text-rules'

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    textColour: {
      /** Colours the selection; a colour that is not hex is refused (the command answers false). */
      setTextColour: (colour: string) => ReturnType
      unsetTextColour: () => ReturnType
    }
  }
}

/**
 * Text colour (spec §9.5, decision 0191): `<span style="color: #rrggbb">`, hex only. Tiptap's own
 * `extension-text-style` pins an older `@tiptap/core` than the editor runs on, so the mark is ours.
 */
export const TextColour = Mark.create({
  name: 'textColour',

  addAttributes() {
    return {
      colour: {
        default: null,
        parseHTML: (element) => colourOfStyle(element.getAttribute('style')) ?? null,
        renderHTML: (attributes) => {
          const colour = richTextColour(String(attributes.colour ?? ''))
          return colour ? { style: `color: ${colour}` } : {}
        }
      }
    }
  },

  parseHTML() {
    return [{ tag: 'span[style]', getAttrs: (element) => (colourOfStyle(element.getAttribute('style')) ? null : false) }]
  },

  renderHTML({ HTMLAttributes }) {
    return ['span', HTMLAttributes, 0]
  },

  addCommands() {
    return {
      setTextColour:
        (colour) =>
        ({ commands }) => {
          const hex = richTextColour(colour)
          return hex ? commands.setMark(this.name, { colour: hex }) : false
        },
      unsetTextColour:
        () =>
        ({ commands }) =>
          commands.unsetMark(this.name)
    }
  }
})
