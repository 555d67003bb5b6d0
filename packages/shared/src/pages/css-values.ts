/**
 * CSS values of the page editor (spec §5.6, §9.5): dimensions, sizes, font sizes, colours. The editor's
 * widgets parse what the merchant types with these; the renderer re-checks every stored value with them,
 * so a value that reaches a `style` attribute is always one of these shapes (no `;`, no `url(`).
 */
export const cssUnits = ['cm', 'mm', 'in', 'px', 'pt', 'pc', 'em', 'ex', 'ch', 'rem', 'vw', 'vh', 'vmin', 'vmax', '%'] as const
export type CssUnit = (typeof cssUnits)[number]
export const defaultCssUnit: CssUnit = 'px'
export const fontSizePresets = [
  8,
  9,
  10,
  10.5,
  11,
  12,
  14,
  16,
  18,
  20,
  22,
  24,
  26,
  28,
  36,
  48,
  72,
  '50%',
  '150%',
  '200%'
] as const
export const fontFamilies = ['Roboto', 'Arial', 'Barlow', 'Noto Sans', 'Montserrat', 'Aleo', 'Bitter'] as const
export const fontWeights = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const
export const borderStyles = ['none', 'solid', 'dashed'] as const
export const fontStyles = ['normal', 'italic'] as const
export const textDecorations = ['none', 'underline', 'line-through', 'overline'] as const
export const textAligns = ['left', 'center', 'right', 'justify'] as const
export const imageModes = ['cover', 'contain', 'fill', 'none'] as const
export const imageButtonDisplays = ['normal', 'hover', 'bottom'] as const
export const drawerTypes = ['normal', 'full', 'float', 'hidden'] as const
/** The colour picker's 15 presets (§9.5). */
export const colorPresets = [
  '#000000',
  '#ffffff',
  '#9e9e9e',
  '#f44336',
  '#e91e63',
  '#9c27b0',
  '#673ab7',
  '#3f51b5',
  '#2196f3',
  '#00bcd4',
  '#009688',
  '#4caf50',
  '#cddc39',
  '#ffc107',
  '#ff9800'
] as const

/** The longest text a CSS value may be (what the CSS editor stores: 40 characters). */
export const MAX_CSS_TEXT = 40
const DIMENSION = new RegExp(`^(-?\\d+(?:\\.\\d+)?|-?\\.\\d+)\\s*(${cssUnits.join('|')})?$`, 'i')

/** A dimension split into its number and unit (px when none is written). */
export interface Dimension {
  value: number
  unit: CssUnit
}

/** Reads `12`, `12px`, `1.5 em`, `50%`; undefined when the text is not a number with a known unit. */
export const parseDimension = (input: string | number): Dimension | undefined => {
  if (typeof input === 'number') return Number.isFinite(input) ? { value: input, unit: defaultCssUnit } : undefined
  // No length is longer; a cap keeps every check cheap whatever a stored value holds.
  if (input.length > MAX_CSS_TEXT) return undefined
  const match = DIMENSION.exec(input.trim())
  if (!match) return undefined
  return { value: Number(match[1]), unit: (match[2]?.toLowerCase() ?? defaultCssUnit) as CssUnit }
}

// Whole numbers and up to three decimals: what a CSS length needs, without float noise (0.1 + 0.2).
const tidy = (value: number) => String(Math.round(value * 1000) / 1000)
export const formatDimension = ({ value, unit }: Dimension) => `${tidy(value)}${unit}`

/**
 * What the dimension picker stores for a typed entry (§5.6): an empty entry clears (null), a non-numeric
 * one is ignored (undefined: keep the previous value), a negative one becomes 0, no unit means px.
 */
export const dimensionEntry = (input: string): string | null | undefined => {
  if (input.trim() === '') return null
  const parsed = parseDimension(input)
  if (!parsed) return undefined
  return formatDimension({ value: Math.max(0, parsed.value), unit: parsed.unit })
}

/** The size picker's entry (§5.6): as a dimension, but `auto` is accepted and a value is at least 1. */
export const sizeEntry = (input: string): string | null | undefined => {
  if (input.trim().toLowerCase() === 'auto') return 'auto'
  const entry = dimensionEntry(input)
  if (typeof entry !== 'string') return entry
  const parsed = parseDimension(entry)!
  return formatDimension({ value: Math.max(1, parsed.value), unit: parsed.unit })
}

/** The size picker shows px values without their unit (§5.6). */
export const sizeLabel = (value: string | null | undefined): string => {
  if (!value) return ''
  const parsed = parseDimension(value)
  return parsed && parsed.unit === 'px' ? tidy(parsed.value) : value
}

/**
 * One arrow-key or drag step (`delta` ±1 per key; drags pass their pixel count): keeps the unit, never
 * goes below `min` (0 for the dimension picker, 1 for the size picker). `auto` or empty starts at `min`.
 */
export const stepDimension = (value: string | null | undefined, delta: number, min = 0): string => {
  const parsed = value && value !== 'auto' ? parseDimension(value) : undefined
  const start = parsed ?? { value: min, unit: defaultCssUnit }
  return formatDimension({ value: Math.max(min, start.value + delta), unit: start.unit })
}

/**
 * A stored dimension as a CSS length, or undefined when it is not a valid one (never negative): numbers
 * are px; `auto` stays when `allowAuto`.
 */
export const cssLength = (value: unknown, allowAuto = true): string | undefined => {
  if (value === 'auto') return allowAuto ? 'auto' : undefined
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  const parsed = parseDimension(value)
  if (!parsed || parsed.value < 0) return undefined
  return formatDimension(parsed)
}

/** A font size: a preset or any valid non-negative length (numbers are px). */
export const cssFontSize = (value: unknown) => cssLength(value, false)

/** An RGBA colour; alpha 0–1. */
export interface Rgba {
  r: number
  g: number
  b: number
  a: number
}

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i
const RGBA = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(\d*\.?\d+)\s*)?\)$/i

/** Alpha is capped at 1 (and 0) and kept to the picker's 0.01 steps (§5.6). */
export const clampAlpha = (alpha: number) => Math.round(Math.min(1, Math.max(0, alpha)) * 100) / 100

/** Reads `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(…)`, `rgba(…)`; undefined when not a valid colour. */
export const parseColor = (input: string): Rgba | undefined => {
  if (input.length > MAX_CSS_TEXT) return undefined
  const text = input.trim()
  const hex = HEX.exec(text)
  if (hex) {
    const digits = hex[1].length <= 4 ? [...hex[1]].map((digit) => digit + digit).join('') : hex[1]
    const byte = (index: number) => parseInt(digits.slice(index * 2, index * 2 + 2), 16)
    return { r: byte(0), g: byte(1), b: byte(2), a: digits.length === 8 ? clampAlpha(byte(3) / 255) : 1 }
  }
  const rgba = RGBA.exec(text)
  if (!rgba) return undefined
  const [r, g, b] = [rgba[1], rgba[2], rgba[3]].map(Number)
  const a = rgba[4] === undefined ? 1 : Number(rgba[4])
  if (r > 255 || g > 255 || b > 255 || a > 1) return undefined
  return { r, g, b, a: clampAlpha(a) }
}
export const isColor = (value: unknown): value is string => typeof value === 'string' && parseColor(value) !== undefined

const hexByte = (value: number) => value.toString(16).padStart(2, '0')
/** The stored colour (§5.6): `#rrggbb` when alpha is 1 in hex mode, else `rgba(r, g, b, a)`. */
export const formatColor = ({ r, g, b, a }: Rgba, mode: 'hex' | 'rgba' = 'hex'): string => {
  const alpha = clampAlpha(a)
  if (mode === 'hex' && alpha === 1) return `#${hexByte(r)}${hexByte(g)}${hexByte(b)}`
  return `rgba(${r}, ${g}, ${b}, ${alpha})`
}

/**
 * The colour field's hex input (§5.6): applied only when valid (otherwise undefined: keep the old colour),
 * with the alpha the field already has unless the input carries its own.
 */
export const colorEntry = (input: string, currentAlpha = 1): string | undefined => {
  const text = input.trim()
  const parsed = parseColor(text.startsWith('#') || text.startsWith('rgb') ? text : `#${text}`)
  if (!parsed) return undefined
  const hasAlpha = /^#?([0-9a-f]{4}|[0-9a-f]{8})$/i.test(text) || /^rgba/i.test(text)
  return formatColor({ ...parsed, a: hasAlpha ? parsed.a : clampAlpha(currentAlpha) })
}
