/** Table selection (spec §4.10): five states, and what select-all does in each. */
export type SelectionState = 'all' | 'pageAll' | 'pageSome' | 'some' | 'none'

export const selectionState = (selected: ReadonlySet<string>, pageIds: readonly string[], total: number): SelectionState => {
  if (selected.size === 0) return 'none'
  // Cursor mode does not count (total -1): "all" is then only what the page shows.
  if (total >= 0 && selected.size >= total && pageIds.every((id) => selected.has(id))) return 'all'
  const onPage = pageIds.filter((id) => selected.has(id)).length
  if (pageIds.length > 0 && onPage === pageIds.length) return 'pageAll'
  if (onPage > 0) return 'pageSome'
  return 'some'
}

/** Select-all from none, pageSome or some adds the page's items; from all or pageAll removes them. */
export const toggleSelectAll = (selected: ReadonlySet<string>, pageIds: readonly string[], total: number): Set<string> => {
  const state = selectionState(selected, pageIds, total)
  const next = new Set(selected)
  if (state === 'all' || state === 'pageAll') pageIds.forEach((id) => next.delete(id))
  else pageIds.forEach((id) => next.add(id))
  return next
}

export const toggleOne = (selected: ReadonlySet<string>, id: string): Set<string> => {
  const next = new Set(selected)
  if (!next.delete(id)) next.add(id)
  return next
}
