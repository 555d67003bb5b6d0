import { DEFAULT_TIME_ZONE, isTimeZone } from '@emporia/shared'

// What the rollup's incremental path (rollup.ts) and its rebuild (rebuild.ts) share, in a leaf so the
// two do not import each other.

/** A shop's time zone, read without naming the column, which a shop table may not have yet. */
export const shopZoneSql = `(select to_jsonb(s) ->> 'timeZone' from shops s where s._id = ?)`

/** The advisory lock class of a shop's rollup: sales hold it shared, a rebuild alone. */
export const ROLLUP_LOCK = 82

export const zoneOr = (zone: unknown) => (typeof zone === 'string' && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE)
