import { shopStaffSchema } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'

/**
 * The table keeps its first name, `shopMembers` (migrations are never rewritten; its row-security
 * policy and indexes carry that name too): in the glossary a member is a customer (docs/decisions/0074).
 */
export const shopStaffModel = modelFromSchema('shopMembers', shopStaffSchema)
