import { useLayoutEffect, type RefObject } from 'react'
import { fitColumns, MIN_TEXT_WIDTH } from '../../lib/table/column-fit'

/** The class of a text cell's content: one line, cut with an ellipsis at its column's width. */
export const CELL_TEXT = 'cell-text'
/** The CSS variable holding a text column's width, set on the table. */
export const fitVariable = (index: number) => `--fit-${index}`

/** How a header cell's column is sized: by its content, as a cut-short text, by its buttons, or as it is (the checkbox). */
export type FitKind = 'content' | 'text' | 'actions' | 'fixed'

/** The width an element's contents take on one line, clipped or not, rounded up (an ellipsis shows at a tenth of a pixel). */
const contentWidth = (element: Element) => {
  const range = document.createRange()
  range.selectNodeContents(element)
  return Math.ceil(range.getBoundingClientRect().width)
}

const padding = (element: Element) => {
  const style = getComputedStyle(element)
  return (
    parseFloat(style.paddingLeft) +
    parseFloat(style.paddingRight) +
    parseFloat(style.borderLeftWidth) +
    parseFloat(style.borderRightWidth)
  )
}

const buttonsWidth = (cell: Element | undefined) =>
  [...(cell?.querySelectorAll('button') ?? [])].reduce((sum, button) => sum + button.getBoundingClientRect().width, 0)

/**
 * Sizes the text columns of `table` to what the page leaves them (decision 0071): every other column
 * keeps its natural one-line width (header or value, whichever is wider), each text column at least
 * its header's, and the rest is shared so that long values are cut with an ellipsis rather than wrapped
 * one CJK character per line. A cut value gets its full text as hover text. Runs again whenever a
 * text in the table changes (rows, looked-up names, language) and when its container is resized;
 * `deps` name what may replace the table element itself.
 */
export const useColumnFit = (table: RefObject<HTMLTableElement | null>, deps: readonly unknown[]) => {
  useLayoutEffect(() => {
    const node = table.current
    const container = node?.parentElement
    if (!node || !container) return
    const fit = () => {
      const heads = [...(node.tHead?.rows[0]?.cells ?? [])]
      const rows = [...(node.tBodies[0]?.rows ?? [])].filter((row) => row.cells.length === heads.length)
      let taken = 0
      const texts: { index: number; pad: number; min: number; natural: number }[] = []
      heads.forEach((head, index) => {
        const kind = (head.dataset.fit ?? 'content') as FitKind
        const pad = padding(head)
        const header = contentWidth(head)
        if (kind === 'fixed') {
          taken += head.getBoundingClientRect().width
        } else if (kind === 'actions') {
          taken += Math.max(header, ...rows.map((row) => buttonsWidth(row.cells[index]))) + pad
        } else if (kind === 'text') {
          const natural = Math.max(
            header,
            ...rows.map((row) => contentWidth(row.cells[index].querySelector(`.${CELL_TEXT}`) ?? row.cells[index]))
          )
          texts.push({ index, pad, min: Math.max(header, Math.min(natural, MIN_TEXT_WIDTH)) + pad, natural: natural + pad })
        } else {
          taken += Math.max(header, ...rows.map((row) => contentWidth(row.cells[index]))) + pad
        }
      })
      // A pixel of slack: sub-pixel widths must not add up to a scrollbar.
      const widths = fitColumns(container.clientWidth - taken - 2, texts)
      texts.forEach(({ index, pad }, i) => node.style.setProperty(fitVariable(index), `${Math.max(0, widths[i] - pad)}px`))
      for (const text of node.querySelectorAll<HTMLElement>(`.${CELL_TEXT}`)) {
        if (contentWidth(text) > text.clientWidth) text.title = text.textContent ?? ''
        else text.removeAttribute('title')
      }
    }
    fit()
    let frame = 0
    const later = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(fit)
    }
    const resized = new ResizeObserver(later)
    resized.observe(container)
    // Texts only: what `fit` itself changes (a variable, a title) is an attribute and is not watched.
    const changed = new MutationObserver(later)
    changed.observe(node, { childList: true, characterData: true, subtree: true })
    return () => {
      resized.disconnect()
      changed.disconnect()
      cancelAnimationFrame(frame)
    }
    // The caller names what changes the table's contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)
}
