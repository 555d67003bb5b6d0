import type { Knex } from 'knex'
import { couponTemplateSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/** CouponTemplate records (`couponTemplates`): the table is made from the shared schema, behind the wall (decision 0074). */
export const up = (knex: Knex) => createShopTable(knex, 'couponTemplates', couponTemplateSchema)

export const down = (knex: Knex) => dropShopTable(knex, 'couponTemplates')
