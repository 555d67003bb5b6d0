import type { Knex } from 'knex'
import { orderSchema } from '@emporia/shared'
import { addSchemaColumns } from './schema-table'

/**
 * Pricing in orders and the staff discount budget (decision 0092): the orders' new fields (pricing,
 * coupons, chosenDiscounts, usePoints) come from the schema; the staff table and the shops table are
 * hand-made, so their columns are written out.
 */
export const up = async (knex: Knex) => {
  await addSchemaColumns(knex, 'orders', orderSchema)
  await knex.schema.alterTable('shopMembers', (table) => {
    table.bigInteger('monthlyDiscount')
    table.bigInteger('maxDiscount')
    table.bigInteger('monthlyUsedDiscount').notNullable().defaultTo(0)
    table.text('discountMonth')
  })
  await knex.schema.alterTable('shops', (table) => {
    table.boolean('useDiscountLimit').notNullable().defaultTo(false)
  })
}

export const down = async (knex: Knex) => {
  await knex.schema.alterTable('shops', (table) => table.dropColumn('useDiscountLimit'))
  await knex.schema.alterTable('shopMembers', (table) => {
    for (const column of ['monthlyDiscount', 'maxDiscount', 'monthlyUsedDiscount', 'discountMonth']) table.dropColumn(column)
  })
  await knex.schema.alterTable('orders', (table) => {
    for (const column of ['pricing', 'coupons', 'chosenDiscounts', 'usePoints']) table.dropColumn(column)
  })
}
