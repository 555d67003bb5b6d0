// A leaf module: schemas of one area (e.g. the sub-shop roll-up's queries) and the service map both use
// these, and the map imports those schemas, so the types live apart from the map.

export type LooseRecord = Record<string, unknown>

/**
 * A query in the common language (spec §7.8): the record's own fields by name, plus filters and
 * dotted paths (`name.en`), which TypeScript cannot follow, so any other key stays allowed.
 */
export type ServiceQuery<R = LooseRecord> = { [K in keyof R]?: unknown } & {
  shop?: string
  $limit?: number
  $skip?: number
  $sort?: Record<string, 1 | -1>
  $select?: string[]
} & Record<string, unknown>
