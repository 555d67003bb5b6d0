import type { Knex } from 'knex'
import { miniTopicSchema } from '@emporia/shared'
import { createShopTable, dropShopTable } from './schema-table'

/** Mini topic records (`miniTopics`): the table is made from the shared schema, behind the wall (decision 0074). */
export const up = (knex: Knex) => createShopTable(knex, 'miniTopics', miniTopicSchema)

export const down = (knex: Knex) => dropShopTable(knex, 'miniTopics')
