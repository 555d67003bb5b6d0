import { Type, type Static } from '@sinclair/typebox'
import {
  borderStyles,
  cssFontSize,
  cssLength,
  fontFamilies,
  fontStyles,
  fontWeights,
  isColor,
  textAligns,
  textDecorations
} from './css-values'

const sides = ['top', 'right', 'bottom', 'left'] as const
type Side = (typeof sides)[number]
const text = Type.Optional(Type.String({ maxLength: 40 }))
const sidesSchema = Type.Object({ top: text, right: text, bottom: text, left: text }, { additionalProperties: false })

/**
 * A `css` prop as the CSS editor stores it (§2.10): font family, size, weight, colour, style and
 * decoration; padding; border widths, colour and style; margins; background; width, height, max width
 * and max height; text-align. Sides are the dimension picker's four positions.
 */
export const cssSchema = Type.Object(
  {
    fontFamily: text,
    fontSize: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Number({ minimum: 0 })])),
    fontWeight: Type.Optional(Type.Union(fontWeights.map((weight) => Type.Literal(weight)))),
    color: text,
    fontStyle: text,
    textDecoration: text,
    padding: Type.Optional(sidesSchema),
    margin: Type.Optional(sidesSchema),
    border: Type.Optional(
      Type.Object({ top: text, right: text, bottom: text, left: text, color: text, style: text }, { additionalProperties: false })
    ),
    background: text,
    width: text,
    height: text,
    maxWidth: text,
    maxHeight: text,
    textAlign: text
  },
  { additionalProperties: false }
)
export type CssValue = Static<typeof cssSchema>

const capital = (side: Side) => side[0].toUpperCase() + side.slice(1)
const oneOf = (values: readonly (string | number)[], value: unknown) =>
  values.includes(value as string | number) ? String(value) : undefined

type Rule = (value: unknown) => string | undefined
// Each stored field → the style property it sets and the check its value must pass.
const FIELDS: Record<string, [string, Rule]> = {
  fontFamily: ['fontFamily', (value) => (oneOf(fontFamilies, value) ? `'${value as string}'` : undefined)],
  fontSize: ['fontSize', cssFontSize],
  fontWeight: ['fontWeight', (value) => oneOf(fontWeights, value)],
  color: ['color', (value) => (isColor(value) ? value : undefined)],
  fontStyle: ['fontStyle', (value) => oneOf(fontStyles, value)],
  textDecoration: ['textDecoration', (value) => oneOf(textDecorations, value)],
  background: ['background', (value) => (isColor(value) ? value : undefined)],
  width: ['width', (value) => cssLength(value)],
  height: ['height', (value) => cssLength(value)],
  maxWidth: ['maxWidth', (value) => cssLength(value, false)],
  maxHeight: ['maxHeight', (value) => cssLength(value, false)],
  textAlign: ['textAlign', (value) => oneOf(textAligns, value)]
}
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

// Precomputed per box: each side's stored path and style property (`padding.top` → `paddingTop`).
const BOXES = (['padding', 'margin', 'border'] as const).map(
  (box) =>
    [
      box,
      sides.map((side) => [side, `${box}.${side}`, box === 'border' ? `border${capital(side)}Width` : `${box}${capital(side)}`])
    ] as const
)
const isEmptyCss = (value: unknown) => value === undefined || value === null || value === ''

/** Every (stored path, style property, checked value) a css value sets; value undefined when invalid. */
const entries = (css: Record<string, unknown>): [string, string, string | undefined][] => {
  const found: [string, string, string | undefined][] = []
  for (const field of Object.keys(css)) {
    if (!Object.hasOwn(FIELDS, field) || isEmptyCss(css[field])) continue
    const [property, rule] = FIELDS[field]
    found.push([field, property, rule(css[field])])
  }
  for (const [box, boxSides] of BOXES) {
    const value = css[box]
    if (!isRecord(value)) continue
    for (const [side, path, property] of boxSides)
      if (!isEmptyCss(value[side])) found.push([path, property, cssLength(value[side], false)])
    if (box === 'border') {
      if (!isEmptyCss(value.color)) found.push(['border.color', 'borderColor', isColor(value.color) ? value.color : undefined])
      if (!isEmptyCss(value.style)) found.push(['border.style', 'borderStyle', oneOf(borderStyles, value.style)])
    }
  }
  return found
}

/**
 * The style a css value gives, React's camelCase keys; fields with invalid values are left out (the
 * renderer never writes an unchecked value into a style attribute).
 */
export const cssStyle = (css: unknown): Record<string, string> => {
  const style: Record<string, string> = {}
  if (!isRecord(css)) return style
  for (const [, property, value] of entries(css)) if (value !== undefined) style[property] = value
  return style
}

/** The stored paths of a css value whose values are invalid (`fontSize`, `padding.left`, …). */
export const cssProblems = (css: unknown): string[] =>
  isRecord(css) ? entries(css).flatMap(([path, , value]) => (value === undefined ? [path] : [])) : []

/** A style as the text of an HTML `style` attribute (server rendering): `font-size:12px;padding-top:4px`. */
export const cssText = (style: Record<string, string>): string =>
  Object.entries(style)
    .map(([property, value]) => `${property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}:${value}`)
    .join(';')
