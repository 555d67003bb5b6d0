/** Records are keyed by `_id`: 24 lowercase hexadecimal characters (spec §9.1). */
export const ID_PATTERN = '^[0-9a-f]{24}$'
const ID_RE = /^[0-9a-f]{24}$/

export const isObjectId = (value: unknown): value is string => typeof value === 'string' && ID_RE.test(value)
