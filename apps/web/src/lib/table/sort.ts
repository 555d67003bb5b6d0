/** Column sorting (spec §4.10): parallel lists of fields and directions, as kept in the URL. */
export interface SortState {
  sortBy: string[]
  sortDesc: boolean[]
}

export const NO_SORT: SortState = { sortBy: [], sortDesc: [] }

/** Short press: this column alone, cycling unsorted → ascending → descending → unsorted. */
export const cycleSort = (state: SortState, field: string): SortState => {
  const index = state.sortBy.indexOf(field)
  if (index < 0 || state.sortBy.length > 1) {
    // A column that was part of a multi-sort restarts from its own state.
    if (index >= 0 && state.sortDesc[index]) return NO_SORT
    if (index >= 0) return { sortBy: [field], sortDesc: [true] }
    return { sortBy: [field], sortDesc: [false] }
  }
  return state.sortDesc[index] ? NO_SORT : { sortBy: [field], sortDesc: [true] }
}

/** Long press: adds the column ascending, then flips it to descending, then removes it; others stay. */
export const multiSort = (state: SortState, field: string): SortState => {
  const index = state.sortBy.indexOf(field)
  if (index < 0) return { sortBy: [...state.sortBy, field], sortDesc: [...state.sortDesc, false] }
  if (!state.sortDesc[index])
    return { sortBy: state.sortBy, sortDesc: state.sortDesc.map((desc, i) => (i === index ? true : desc)) }
  return { sortBy: state.sortBy.filter((_, i) => i !== index), sortDesc: state.sortDesc.filter((_, i) => i !== index) }
}

/** The `$sort` of a find (spec §7.8): each field 1 or -1, then `_id` so pages never overlap. */
export const toFeathersSort = (state: SortState, sortFields: Record<string, string> = {}, itemKey = '_id') => {
  const sort: Record<string, 1 | -1> = {}
  state.sortBy.forEach((field, i) => {
    sort[sortFields[field] ?? field] = state.sortDesc[i] ? -1 : 1
  })
  if (!(itemKey in sort)) sort[itemKey] = 1
  return sort
}
