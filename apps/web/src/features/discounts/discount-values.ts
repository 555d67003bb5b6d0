import type { Discount, DiscountType } from '@emporia/shared'
import type { Values } from '../../lib/form-values'

/**
 * The editor holds a rule's nested terms as fields named by their path (`member.minQty`,
 * `timeConditions.months`); these pure helpers fold them back into the record the server takes.
 */

/** The rule's nested objects, each edited as fields named `group.field`. */
export const discountGroups = ['member', 'point', 'usePoint', 'timeConditions', 'filters', 'efilter'] as const

const blank = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.every(blank))

/** Which "what it gives" fields each type uses (decision 0089; the engine's readings, decision 0088). */
const gives: Record<DiscountType, readonly string[]> = {
  bundle: ['product', 'quantity', 'fixedDiscount', 'maxDiscount'],
  bundleFix: ['product', 'quantity', 'fixedDiscount', 'maxDiscount'],
  bundleOff: ['product', 'quantity', 'fixedDiscount', 'percentageDiscount', 'maxDiscount'],
  bundleFree: ['product', 'quantity', 'freeItems', 'maxDiscount'],
  fixed: ['fixedDiscount', 'maxDiscount'],
  percentage: ['percentageDiscount', 'maxDiscount'],
  point: ['point'],
  usePoint: ['usePoint', 'maxDiscount'],
  advanced: ['member', 'maxDiscount']
}

/** Whether a field of "what it gives" (or a group's field, by its group) belongs to the chosen type. */
export const typeUses = (type: unknown, name: string): boolean => {
  const uses = gives[type as DiscountType]
  return uses ? uses.includes(name.split('.')[0]) : false
}

/** Fields a merchant may clear: a cleared one is sent as null, else a patch would keep the old value. */
const clearable = [
  'quantity',
  'minQty',
  'maxQty',
  'percentageDiscount',
  'validFrom',
  'validTo',
  'couponCode',
  'tag',
  'exclusiveKey'
]

/** The form's values as the record: `group.field` keys folded into their group (an empty group is null). */
export const foldDiscount = (values: Values): Values => {
  const out: Values = {}
  const groups: Record<string, Values> = {}
  for (const [key, value] of Object.entries(values)) {
    const dot = key.indexOf('.')
    const group = dot > 0 ? key.slice(0, dot) : undefined
    if (group && (discountGroups as readonly string[]).includes(group)) {
      if (!blank(value)) (groups[group] ??= {})[key.slice(dot + 1)] = value
    } else out[key] = value
  }
  for (const group of discountGroups) {
    const used = group === 'member' || group === 'point' || group === 'usePoint' ? typeUses(out.type, group) : true
    out[group] = used && groups[group] ? groups[group] : null
  }
  for (const name of clearable) if (out[name] === undefined || out[name] === '') out[name] = null
  if (out.type !== 'bundleFree' && Array.isArray(out.freeItems) && out.freeItems.length) out.freeItems = []
  return out
}

/**
 * The rule being edited, as the engine reads it for the preview: valid (a draft is previewed as if it were
 * on), with the record's id when it has one so the shop's copy of it is not counted twice.
 */
export const previewRule = (folded: Values, id: string | undefined): Discount =>
  ({
    ...folded,
    _id: id ?? 'preview',
    shop: 'preview',
    status: 'valid',
    createdAt: '1970-01-01T00:00:00.000Z',
    updatedAt: '1970-01-01T00:00:00.000Z'
  }) as Discount
