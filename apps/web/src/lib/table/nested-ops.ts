/**
 * Nested-array tables (spec §3.17 subpath, §7.8): the rows are one document's array field, and
 * each change is a patch of that document with an array operator.
 */
export interface NestedTarget {
  subpath: string
  /** The key of an item, default `_id`. */
  itemKey?: string
}

export const pushItem = ({ subpath }: NestedTarget, item: Record<string, unknown>) => ({
  data: { $push: { [subpath]: item } },
  query: {}
})

/** `$set {"subpath.$": item}` with a query matching the item, so only that element changes. */
export const setItem = ({ subpath, itemKey = '_id' }: NestedTarget, id: string, item: Record<string, unknown>) => ({
  data: { $set: { [`${subpath}.$`]: { ...item, [itemKey]: id } } },
  query: { [`${subpath}.${itemKey}`]: id }
})

export const pullItem = ({ subpath, itemKey = '_id' }: NestedTarget, id: string) => ({
  data: { $pull: { [subpath]: { [itemKey]: id } } },
  query: {}
})
