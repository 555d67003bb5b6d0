import {
  discountAvails,
  discountProblems,
  discountStatuses,
  discountTypes,
  servicePaths,
  type DiscountAvail,
  type DiscountStatus,
  type Discount,
  type DiscountType,
  type ListServicePath
} from '@emporia/shared'
import type { RecordFieldDef } from '../../components/data-table/resource'
import type { FieldDef } from '../../components/fields/field-types'
import { normalizeValues, type Values } from '../../lib/form-values'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { translatablePaths } from '../../lib/table/search-query'
import { DateRangeInput, MonthPicker, SectionHeading, StackingNote, TimeRangeInput, WeekdayPicker } from './discount-inputs'
import { foldDiscount, typeUses } from './discount-values'
import { CodeQr } from './code-qr'

const labels = <T extends string>(values: readonly T[], prefix: string) =>
  Object.fromEntries(values.map((value) => [value, `${prefix}.${value}` as AnyMessageKey])) as Record<T, AnyMessageKey>
export const typeLabels: Record<DiscountType, AnyMessageKey> = labels(discountTypes, 'discount.type')
export const statusLabels: Record<DiscountStatus, AnyMessageKey> = labels(discountStatuses, 'discount.status')
export const availLabels: Record<DiscountAvail, AnyMessageKey> = labels(discountAvails, 'discount.avail')

export const heading = (name: string, label: AnyMessageKey): Field => ({
  name,
  label,
  type: 'custom',
  component: SectionHeading,
  display: true,
  wide: true
})
type Field = RecordFieldDef<Discount>
type SelectField = Extract<FieldDef, { type: 'select' }>
/** A pick of the shop's records by name (goods filters, ranks). */
const named = (path: ListServicePath, label: AnyMessageKey): Omit<SelectField, 'name'> => ({
  type: 'select',
  multiple: true,
  source: { path, searchFields: translatablePaths('name') },
  label
})
/** Only the fields the chosen type gives show (and are checked). */
const gives = (field: Field): Field => ({ ...field, hidden: (values) => !typeUses(values.type, field.name) })

const goods = (prefix: 'filters' | 'efilter'): Field[] => [
  { name: `${prefix}.products`, ...named(servicePaths.products, `discount.${prefix}.products`) },
  { name: `${prefix}.categories`, ...named(servicePaths.categories, `discount.${prefix}.categories`) },
  { name: `${prefix}.brands`, ...named(servicePaths.brands, `discount.${prefix}.brands`) },
  { name: `${prefix}.tags`, ...named(servicePaths.tags, `discount.${prefix}.tags`) }
]

const fields: Field[] = [
  heading('$basics', 'discount.section.basics'),
  { name: 'name', label: 'res.name', type: 'translatable', required: true },
  { name: 'desc', label: 'discount.desc', type: 'translatable', multiline: true },
  { name: 'type', label: 'discount.type', type: 'select', required: true, source: { enumList: typeLabels } },
  {
    name: 'status',
    label: 'discount.status',
    type: 'select',
    required: true,
    source: { enumList: statusLabels },
    // Over Limit is the server's (decision 0089): shown, never picked.
    disabledOptions: ['overlimit']
  },
  { name: 'avail', label: 'discount.avail', type: 'select', required: true, source: { enumList: availLabels } },
  { name: 'priority', label: 'discount.priority', type: 'number', integer: true },
  { name: 'tag', label: 'discount.tag', type: 'text' },
  { name: 'couponCode', label: 'discount.couponCode', type: 'text' },
  {
    name: '$codeQr',
    label: 'coupon.printQr',
    type: 'custom',
    component: CodeQr,
    display: true,
    hidden: (values) => !values.couponCode
  },
  { name: 'automatic', label: 'discount.automatic', type: 'boolean' },
  { name: 'open', label: 'discount.open', type: 'boolean' },
  // The orders that may use the rule; the one that takes the last use makes it Over Limit (decision 0186).
  { name: 'limitTotal', label: 'discount.limitTotal', type: 'number', integer: true },

  heading('$gives', 'discount.section.gives'),
  gives({
    name: 'product',
    label: 'discount.product',
    type: 'select',
    source: { path: servicePaths.products, searchFields: translatablePaths('name') }
  }),
  gives({ name: 'quantity', label: 'discount.quantity', type: 'number', integer: true }),
  gives({
    name: 'freeItems',
    label: 'discount.freeItems',
    type: 'list',
    noItemId: true,
    fields: [
      {
        name: 'product',
        label: 'discount.product',
        type: 'select',
        required: true,
        source: { path: servicePaths.products, searchFields: translatablePaths('name') }
      },
      {
        name: 'sku',
        label: 'discount.sku',
        type: 'recordItem',
        source: { path: servicePaths.products, from: 'product', list: 'skus', valueField: 'id' }
      },
      { name: 'quantity', label: 'discount.quantity', type: 'number', integer: true, required: true }
    ]
  }),
  gives({ name: 'fixedDiscount', label: 'discount.fixedDiscount', type: 'money' }),
  gives({ name: 'percentageDiscount', label: 'discount.percentageDiscount', type: 'number' }),
  gives({ name: 'maxDiscount', label: 'discount.maxDiscount', type: 'money' }),
  gives({ name: 'member.minQty', label: 'discount.member.minQty', type: 'number', integer: true }),
  gives({ name: 'member.minPrice', label: 'discount.member.minPrice', type: 'money' }),
  gives({ name: 'member.minNonGroupQty', label: 'discount.member.minNonGroupQty', type: 'number', integer: true }),
  gives({ name: 'member.maxQty', label: 'discount.member.maxQty', type: 'number', integer: true }),
  gives({ name: 'member.maxPrice', label: 'discount.member.maxPrice', type: 'money' }),
  gives({ name: 'member.fixedDiscount', label: 'discount.member.fixedDiscount', type: 'money' }),
  gives({ name: 'member.percentageDiscount', label: 'discount.member.percentageDiscount', type: 'number' }),
  gives({ name: 'member.stepQty', label: 'discount.member.stepQty', type: 'number', integer: true }),
  gives({ name: 'member.unitDiscount', label: 'discount.member.unitDiscount', type: 'money' }),
  gives({ name: 'member.maxDiscount', label: 'discount.member.maxDiscount', type: 'money' }),
  gives({
    name: 'point.point',
    label: 'discount.pointType',
    type: 'select',
    source: { path: servicePaths.pointTypes, searchFields: translatablePaths('name') }
  }),
  gives({ name: 'point.fixed', label: 'discount.point.fixed', type: 'number', integer: true }),
  gives({ name: 'point.percentage', label: 'discount.point.percentage', type: 'number' }),
  gives({ name: 'point.max', label: 'discount.point.max', type: 'number', integer: true }),
  gives({
    name: 'usePoint.point',
    label: 'discount.pointType',
    type: 'select',
    source: { path: servicePaths.pointTypes, searchFields: translatablePaths('name') }
  }),
  gives({ name: 'usePoint.ratio', label: 'discount.usePoint.ratio', type: 'number', integer: true }),
  gives({ name: 'usePoint.unit', label: 'discount.usePoint.unit', type: 'number', integer: true }),
  gives({ name: 'usePoint.fixedMax', label: 'discount.usePoint.fixedMax', type: 'money' }),
  gives({ name: 'usePoint.percentageMax', label: 'discount.usePoint.percentageMax', type: 'number' }),

  heading('$conditions', 'discount.section.conditions'),
  { name: 'minPrice', label: 'discount.minPrice', type: 'money' },
  { name: 'maxPrice', label: 'discount.maxPrice', type: 'money' },
  { name: 'minQty', label: 'discount.minQty', type: 'number', integer: true },
  { name: 'maxQty', label: 'discount.maxQty', type: 'number', integer: true },
  { name: 'conditionOr', label: 'discount.conditionOr', type: 'boolean', wide: true },
  {
    name: 'rankConditions',
    label: 'discount.rankConditions',
    type: 'select',
    multiple: true,
    source: { path: servicePaths.shopRanks, searchFields: translatablePaths('name') },
    wide: true
  },
  { name: 'validFrom', label: 'discount.validFrom', type: 'datetime' },
  { name: 'validTo', label: 'discount.validTo', type: 'datetime' },
  { name: 'timeConditions.dateRange', label: 'discount.time.dateRange', type: 'custom', component: DateRangeInput },
  { name: 'timeConditions.timeRange', label: 'discount.time.timeRange', type: 'custom', component: TimeRangeInput },
  { name: 'timeConditions.startDay', label: 'discount.time.startDay', type: 'number', integer: true },
  { name: 'timeConditions.endDay', label: 'discount.time.endDay', type: 'number', integer: true },
  { name: 'timeConditions.startHour', label: 'discount.time.startHour', type: 'number', integer: true },
  { name: 'timeConditions.endHour', label: 'discount.time.endHour', type: 'number', integer: true },
  { name: 'timeConditions.months', label: 'discount.time.months', type: 'custom', component: MonthPicker, wide: true },
  { name: 'timeConditions.weekdays', label: 'discount.time.weekdays', type: 'custom', component: WeekdayPicker, wide: true },

  heading('$goods', 'discount.section.goods'),
  ...goods('filters'),
  ...goods('efilter'),

  heading('$stacking', 'discount.section.stacking'),
  { name: 'exclusive', label: 'discount.exclusive', type: 'boolean' },
  { name: 'exclusiveInclude', label: 'discount.exclusiveInclude', type: 'boolean' },
  { name: 'exclusiveKey', label: 'discount.exclusiveKey', type: 'text' },
  { name: 'grouping', label: 'discount.grouping', type: 'boolean' },
  { name: 'matchLoopQuantity', label: 'discount.matchLoopQuantity', type: 'boolean' },
  { name: 'suggest', label: 'discount.suggest', type: 'boolean' },
  {
    name: '$stackingNote',
    label: 'discount.section.stacking',
    type: 'custom',
    component: StackingNote,
    display: true,
    wide: true
  }
]

/** The form's values as the server takes them: inputs normalized (cents, numbers), groups folded. */
export const discountRecord = (values: Values): Values => foldDiscount(normalizeValues(fields, values))

/** The shared rules (one schema, two sides), each shown on the field it names. */
const problemAt = (name: string) => (_value: unknown, values: Values) =>
  discountProblems(discountRecord(values)).find((problem) => problem.field === name)?.key

/** Every field of the discount editor, grouped the way a merchant reads a rule. */
export const discountFields: Field[] = fields.map((field) =>
  field.type === 'custom' && field.display ? field : { ...field, validate: problemAt(field.name) }
)
