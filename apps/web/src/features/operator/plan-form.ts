import {
  fromCents,
  PLAN_CODE_PATTERN,
  PLAN_MONEY_MAX,
  planFeatures,
  planProblems,
  toCents,
  type Plan,
  type PlanData,
  type PlanFeature,
  type PlanLimits,
  type PlanPatch
} from '@emporia/shared'

/*
 * The plan editor's values as typed (text), and the plan they make (decision 0131). Money is typed in
 * HK$ and kept as exact cents: at most two decimals, refused rather than rounded, so what the operator
 * reads back is what the merchants pay.
 */

export type Texts = { en: string; cht: string; chs: string }
export type LimitName = keyof PlanLimits

/** How each limit is typed: a count, an amount in HK$, or a percentage. */
export const limitKinds: Record<LimitName, 'count' | 'money' | 'percent'> = {
  staffSeats: 'count',
  subShops: 'count',
  products: 'count',
  monthlyDiscount: 'money',
  orderDiscount: 'money',
  orderDiscountPer: 'percent'
}
export const limitNames = Object.keys(limitKinds) as LimitName[]

export interface PlanFormValues {
  code: string
  name: Texts
  offer: Texts
  /** HK$ per month, as typed ("198", "198.50"). */
  price: string
  periodMonths: string
  freeMonths: string
  rank: string
  features: PlanFeature[]
  /** Each limit: none (`unlimited`) or the value as typed. */
  limits: Record<LimitName, { unlimited: boolean; value: string }>
  active: boolean
}

/** Field path → message key (and its values) of what is wrong. */
export type PlanFormErrors = Record<string, { key: string; values?: Record<string, number> }>

const blankTexts = (): Texts => ({ en: '', cht: '', chs: '' })

export const emptyPlanForm = (): PlanFormValues => ({
  code: '',
  name: blankTexts(),
  offer: blankTexts(),
  price: '',
  periodMonths: '12',
  freeMonths: '0',
  rank: '0',
  features: [],
  limits: Object.fromEntries(limitNames.map((name) => [name, { unlimited: true, value: '' }])) as PlanFormValues['limits'],
  active: true
})

const limitText = (name: LimitName, value: number | null) =>
  value === null ? '' : limitKinds[name] === 'money' ? fromCents(value) : String(value)

export const planToForm = (plan: Plan): PlanFormValues => ({
  code: plan.code,
  name: { ...plan.name },
  offer: { ...plan.offer },
  price: fromCents(Number(plan.priceMonthly)),
  periodMonths: String(plan.periodMonths),
  freeMonths: String(plan.freeMonths),
  rank: String(plan.rank),
  features: planFeatures.filter((feature) => plan.features.includes(feature)),
  limits: Object.fromEntries(
    limitNames.map((name) => {
      const value = plan.limits[name] ?? null
      return [name, { unlimited: value === null, value: limitText(name, value === null ? null : Number(value)) }]
    })
  ) as PlanFormValues['limits'],
  active: plan.active
})

const MONEY_TEXT = /^\d+(\.\d{1,2})?$/

/** HK$ as typed → cents; undefined when it is not an amount of at most two decimals within the plan's range. */
export const parseMoney = (text: string): number | undefined => {
  const trimmed = text.trim().replace(/^\$/, '').replace(/,/g, '')
  if (!MONEY_TEXT.test(trimmed)) return undefined
  const cents = toCents(trimmed)
  return cents <= PLAN_MONEY_MAX ? cents : undefined
}

/** A whole number as typed within [min, max]; undefined otherwise. */
export const parseWhole = (text: string, min: number, max: number): number | undefined => {
  const trimmed = text.trim()
  if (!/^\d+$/.test(trimmed)) return undefined
  const value = Number(trimmed)
  return value >= min && value <= max ? value : undefined
}

const RANGES = {
  periodMonths: [1, 120],
  freeMonths: [0, 120],
  rank: [0, 1000],
  count: [0, 1_000_000],
  percent: [0, 100]
} as const

/**
 * The plan the form's values make, or what is wrong with them, field by field (the same paths the
 * server names: `name.en`, `limits.products`). `code` is checked only for a new plan (it never changes).
 */
export const formToPlan = (values: PlanFormValues, isNew: boolean): { plan?: PlanData; errors: PlanFormErrors } => {
  const errors: PlanFormErrors = {}
  const required = (path: string) => (errors[path] = { key: 'format.required' })
  const code = values.code.trim()
  if (isNew && !code) required('code')
  else if (isNew && !new RegExp(PLAN_CODE_PATTERN).test(code)) errors.code = { key: 'operator.plan.codeFormat' }
  for (const lang of ['en', 'cht', 'chs'] as const) if (!values.name[lang].trim()) required(`name.${lang}`)

  const money = (path: string, text: string) => {
    if (!text.trim()) return void required(path)
    const cents = parseMoney(text)
    if (cents === undefined) errors[path] = { key: 'operator.plan.money' }
    return cents
  }
  const whole = (path: string, text: string, [min, max]: readonly [number, number]) => {
    if (!text.trim()) return void required(path)
    const value = parseWhole(text, min, max)
    if (value === undefined) errors[path] = { key: 'operator.plan.whole', values: { min, max } }
    return value
  }

  const priceMonthly = money('priceMonthly', values.price)
  const periodMonths = whole('periodMonths', values.periodMonths, RANGES.periodMonths)
  const freeMonths = whole('freeMonths', values.freeMonths, RANGES.freeMonths)
  const rank = whole('rank', values.rank, RANGES.rank)
  const limits = Object.fromEntries(
    limitNames.map((name) => {
      const { unlimited, value } = values.limits[name]
      if (unlimited) return [name, null]
      const path = `limits.${name}`
      const kind = limitKinds[name]
      return [name, kind === 'money' ? money(path, value) : whole(path, value, RANGES[kind])]
    })
  ) as PlanLimits
  for (const [field, key] of Object.entries(planProblems({ periodMonths, freeMonths }))) errors[field] ??= { key }
  if (Object.keys(errors).length) return { errors }
  const trimmed = (texts: Texts): Texts => ({ en: texts.en.trim(), cht: texts.cht.trim(), chs: texts.chs.trim() })
  return {
    errors,
    plan: {
      code,
      name: trimmed(values.name),
      offer: trimmed(values.offer),
      priceMonthly: priceMonthly!,
      periodMonths: periodMonths!,
      freeMonths: freeMonths!,
      rank: rank!,
      features: planFeatures.filter((feature) => values.features.includes(feature)),
      limits,
      active: values.active
    }
  }
}

/** A field's value as comparable text: keys in one order (the database keeps its own), features as a set. */
const canonical = (name: string, value: unknown): string =>
  JSON.stringify(name === 'features' && Array.isArray(value) ? [...(value as string[])].sort() : value, (_, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner
  )

/** What an edit changed, field by field (the code never changes): the patch sent, and what the log records. */
export const planPatch = (before: Plan, after: PlanData): PlanPatch => {
  const { code: _code, ...fields } = after
  const was = before as unknown as Record<string, unknown>
  const same = (name: string, value: unknown) =>
    name === 'priceMonthly' ? Number(was[name]) === value : canonical(name, was[name]) === canonical(name, value)
  return Object.fromEntries(Object.entries(fields).filter(([name, value]) => !same(name, value))) as PlanPatch
}
