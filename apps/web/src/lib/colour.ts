/**
 * The colour field's rules (spec §5.6): a hex input is applied only when valid; alpha is capped
 * at 1 in steps of 0.01; the stored value is #rrggbb when opaque, else rgba(r, g, b, a).
 */
export interface Rgba {
  r: number
  g: number
  b: number
  a: number
}

const HEX_RE = /^#?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i
const RGBA_RE = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*([\d.]+)\s*)?\)$/i

const clampByte = (n: number) => Math.min(255, Math.max(0, Math.round(n)))

/** Alpha between 0 and 1, rounded to the 0.01 step. */
export const clampAlpha = (a: number) => (Number.isFinite(a) ? Math.min(1, Math.max(0, Math.round(a * 100) / 100)) : 1)

export const parseColour = (text: string | null | undefined): Rgba | undefined => {
  const value = (text ?? '').trim()
  const hex = HEX_RE.exec(value)
  if (hex) {
    let digits = hex[1]
    if (digits.length === 3) digits = [...digits].map((d) => d + d).join('')
    const byte = (i: number) => Number.parseInt(digits.slice(i, i + 2), 16)
    return { r: byte(0), g: byte(2), b: byte(4), a: digits.length === 8 ? clampAlpha(byte(6) / 255) : 1 }
  }
  const rgba = RGBA_RE.exec(value)
  if (rgba) {
    const [r, g, b] = [rgba[1], rgba[2], rgba[3]].map(Number)
    if ([r, g, b].some((n) => n > 255)) return undefined
    return { r, g, b, a: rgba[4] === undefined ? 1 : clampAlpha(Number(rgba[4])) }
  }
  return undefined
}

const hexByte = (n: number) => clampByte(n).toString(16).padStart(2, '0')

export const toHex = ({ r, g, b }: Rgba) => `#${hexByte(r)}${hexByte(g)}${hexByte(b)}`

/** The stored form: #rrggbb at alpha 1, otherwise rgba(). */
export const formatColour = (colour: Rgba): string => {
  const a = clampAlpha(colour.a)
  if (a === 1) return toHex(colour)
  return `rgba(${clampByte(colour.r)}, ${clampByte(colour.g)}, ${clampByte(colour.b)}, ${a})`
}

/** Applies a typed hex to the current colour, keeping its alpha; undefined when the text is not a colour yet. */
export const applyHexInput = (current: string | null | undefined, input: string): string | undefined => {
  if (!HEX_RE.test(input.trim())) return undefined
  const typed = parseColour(input)!
  const alpha = parseColour(current)?.a ?? 1
  return formatColour({ ...typed, a: input.replace('#', '').length === 8 ? typed.a : alpha })
}

export const withAlpha = (current: string | null | undefined, alpha: number): string => {
  const colour = parseColour(current) ?? { r: 0, g: 0, b: 0, a: 1 }
  return formatColour({ ...colour, a: clampAlpha(alpha) })
}
