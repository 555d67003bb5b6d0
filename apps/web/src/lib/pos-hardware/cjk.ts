/*
 * Chinese text for printers that have the fonts (decision 0097). The receipt encoder's code pages stop at
 * single-byte sets, and browsers ship no Big5 / GB18030 *encoder* — but every browser (and Node with its
 * full ICU) ships the *decoders*. So the tables are built once, lazily, by decoding every two-byte code
 * and inverting the answer: exact, nothing shipped in the bundle, nothing guessed.
 */

export type CjkCharset = 'big5' | 'gb18030'

const tables = new Map<CjkCharset, Map<string, number>>()

/** Lead and trail byte ranges of the two-byte codes (Big5: A1–F9 × 40–7E,A1–FE; GBK: 81–FE × 40–FE). */
const ranges: Record<CjkCharset, { lead: [number, number]; trail: [number, number][] }> = {
  big5: {
    lead: [0xa1, 0xf9],
    trail: [
      [0x40, 0x7e],
      [0xa1, 0xfe]
    ]
  },
  gb18030: {
    lead: [0x81, 0xfe],
    trail: [
      [0x40, 0x7e],
      [0x80, 0xfe]
    ]
  }
}

const table = (charset: CjkCharset): Map<string, number> => {
  const known = tables.get(charset)
  if (known) return known
  const decoder = new TextDecoder(charset, { fatal: true })
  const map = new Map<string, number>()
  const { lead, trail } = ranges[charset]
  for (let first = lead[0]; first <= lead[1]; first++)
    for (const [from, to] of trail)
      for (let second = from; second <= to; second++) {
        let char: string
        try {
          char = decoder.decode(new Uint8Array([first, second]))
        } catch {
          continue
        }
        // Several codes can decode to one character (compatibility duplicates): keep the first, the standard one.
        if (char.length && !map.has(char)) map.set(char, (first << 8) | second)
      }
  tables.set(charset, map)
  return map
}

/** Text wider than ASCII: the runs that need the Chinese font or an image. */
export const hasWideText = (text: string) => /[^\x20-\x7e]/.test(text)

/**
 * The bytes of `text` in the printer's two-byte charset (ASCII stays one byte), or null when a character
 * has no code there — the caller then prints the line as an image instead of a wrong glyph.
 */
export const encodeCjk = (text: string, charset: CjkCharset): Uint8Array | null => {
  const map = table(charset)
  const bytes: number[] = []
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (code >= 0x20 && code < 0x7f) {
      bytes.push(code)
      continue
    }
    const twoBytes = map.get(char)
    if (twoBytes === undefined) return null
    bytes.push(twoBytes >> 8, twoBytes & 0xff)
  }
  return new Uint8Array(bytes)
}

/** Columns a text takes on the printer: Chinese characters (and other wide forms) take two. */
export const displayWidth = (text: string) => {
  let width = 0
  for (const char of text) width += isWide(char.codePointAt(0)!) ? 2 : 1
  return width
}

const isWide = (code: number) =>
  (code >= 0x1100 && code <= 0x115f) ||
  (code >= 0x2e80 && code <= 0xa4cf) ||
  (code >= 0xac00 && code <= 0xd7a3) ||
  (code >= 0xf900 && code <= 0xfaff) ||
  (code >= 0xfe30 && code <= 0xfe4f) ||
  (code >= 0xff00 && code <= 0xff60) ||
  (code >= 0xffe0 && code <= 0xffe6) ||
  code >= 0x20000

/** `text` cut to at most `columns` columns (a wide character is never split). */
export const clip = (text: string, columns: number) => {
  let width = 0
  let out = ''
  for (const char of text) {
    const next = width + (isWide(char.codePointAt(0)!) ? 2 : 1)
    if (next > columns) break
    width = next
    out += char
  }
  return out
}

/** Splits `text` into lines of at most `columns` columns, at spaces where it can. */
export const wrap = (text: string, columns: number): string[] => {
  const lines: string[] = []
  let rest = text.trim()
  while (displayWidth(rest) > columns) {
    let head = clip(rest, columns)
    // At the last space when there is one (unless the cut already falls on one); Chinese breaks anywhere.
    const space = head.lastIndexOf(' ')
    if (space > 0 && rest[head.length] !== ' ') head = head.slice(0, space)
    lines.push(head.trimEnd())
    rest = rest.slice(head.length).trimStart()
  }
  if (rest || !lines.length) lines.push(rest)
  return lines
}
