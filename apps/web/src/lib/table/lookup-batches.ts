/** Lookup columns resolve their ids in finds of at most 100 (spec §7.8, §9.4). */
export const LOOKUP_BATCH = 100

/** The distinct ids of a page, in batches of one find each. */
export const lookupBatches = (ids: readonly string[], size = LOOKUP_BATCH): string[][] => {
  const unique = [...new Set(ids.filter(Boolean))].sort()
  const batches: string[][] = []
  for (let i = 0; i < unique.length; i += size) batches.push(unique.slice(i, i + size))
  return batches
}
