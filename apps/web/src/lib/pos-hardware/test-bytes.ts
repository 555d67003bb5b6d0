/** Test helpers: where a byte sequence occurs in printed output (-1 when it does not). */
export const indexOfBytes = (haystack: Uint8Array, needle: ArrayLike<number> | string, from = 0) => {
  const bytes = typeof needle === 'string' ? Array.from(needle, (char) => char.charCodeAt(0)) : Array.from(needle)
  outer: for (let start = from; start <= haystack.length - bytes.length; start++) {
    for (let i = 0; i < bytes.length; i++) if (haystack[start + i] !== bytes[i]) continue outer
    return start
  }
  return -1
}

export const countBytes = (haystack: Uint8Array, needle: ArrayLike<number> | string) => {
  let count = 0
  for (let at = indexOfBytes(haystack, needle); at >= 0; at = indexOfBytes(haystack, needle, at + 1)) count++
  return count
}
