import type { Spec } from '@emporia/shared'

/** One entry of `product.specs[]`: the spec definition's id and a value of its type. */
export interface SpecValue {
  spec: string
  value: number | boolean | string | string[] | Record<string, string> | null
}

/** A new entry for a spec definition, holding that type's empty value. */
export const specValueFor = (spec: Spec | undefined): SpecValue => ({
  spec: spec?._id ?? '',
  value: spec?.type === 'boolean' ? false : spec?.type === 'multiEnum' ? [] : null
})

/** Entries without a chosen spec are left out when saving (an added row never filled in). */
export const cleanSpecValues = (entries: unknown): SpecValue[] =>
  (Array.isArray(entries) ? (entries as SpecValue[]) : []).filter((entry) => entry && entry.spec)
