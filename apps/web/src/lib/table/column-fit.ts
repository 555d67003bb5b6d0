/** One column whose text may be cut short: the least it may take and what its longest value needs (px). */
export interface ShrinkableColumn {
  min: number
  natural: number
}

/** What a text column keeps at least, besides its header: a few characters of its values. */
export const MIN_TEXT_WIDTH = 80

/**
 * Widths for the text columns of a table, sharing what the other columns leave (`budget`): each gets
 * at least its minimum (its header's width), never more than its longest value needs, and the rest is
 * shared out evenly, so a short column is never cut while a long one takes the whole page. When even
 * the minimums do not fit, the minimums are the answer (the table scrolls sideways).
 */
export const fitColumns = (budget: number, columns: readonly ShrinkableColumn[]): number[] => {
  const widths = columns.map((column) => Math.min(column.min, column.natural))
  let left = budget - widths.reduce((sum, width) => sum + width, 0)
  let open = columns.map((_, index) => index).filter((index) => widths[index] < columns[index].natural)
  while (left >= 1 && open.length) {
    const share = left / open.length
    for (const index of open) {
      const grow = Math.min(share, columns[index].natural - widths[index])
      widths[index] += grow
      left -= grow
    }
    open = open.filter((index) => columns[index].natural - widths[index] >= 1)
  }
  return widths.map(Math.floor)
}
