// Ready-made shops for the setup wizard (spec §2.9; decision 0110).
import { harbourTemplate } from './harbour'
import { jadeTemplate } from './jade'
import { neonTemplate } from './neon'
import type { ShopTemplate } from './template.types'

export * from './template.types'
export * from './install-template'
export * from './templates.messages'
export * from './theme-install'

/** Every template the wizard offers, in the order it shows them. */
export const shopTemplates: readonly ShopTemplate[] = [harbourTemplate, jadeTemplate, neonTemplate]
export const shopTemplateIds = shopTemplates.map((template) => template.id)
export const findShopTemplate = (id: string): ShopTemplate | undefined => shopTemplates.find((template) => template.id === id)
