import { Type, type Static } from '@sinclair/typebox'
import { ID_PATTERN } from '../platform/ids'
import type { Component, ShopPage } from '../pages/page.schema'
import type { Theme } from './theme.schema'

/** What a publish copies: the theme, every page and every component, as they were. */
export interface SiteSnapshot {
  theme: Theme | null
  pages: ShopPage[]
  components: Component[]
}

/**
 * A published version of a shop's site (spec §2.10 drafts and publish, with history). Creating one
 * publishes the drafts (`pages`, `components`, `themes`); the storefront shows the highest `version`.
 * `snapshot` is answered by `get` only (lists stay small).
 */
export const siteVersionSchema = Type.Object(
  {
    _id: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    shop: Type.String({ pattern: ID_PATTERN, readOnly: true }),
    version: Type.Integer({ minimum: 1, readOnly: true }),
    note: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
    /** The staff user who published. */
    createdBy: Type.Optional(Type.Union([Type.String({ pattern: ID_PATTERN }), Type.Null()], { readOnly: true })),
    snapshot: Type.Optional(Type.Unknown({ readOnly: true })),
    createdAt: Type.String({ format: 'date-time', readOnly: true }),
    updatedAt: Type.String({ format: 'date-time', readOnly: true })
  },
  { $id: 'SiteVersion', additionalProperties: false }
)
export type SiteVersion = Omit<Static<typeof siteVersionSchema>, 'snapshot'> & { snapshot?: SiteSnapshot }
/** Publish (note optional), or restore a version's snapshot into the drafts (`restore`: its version). */
export interface SiteVersionData {
  note?: string | null
  restore?: number
}
