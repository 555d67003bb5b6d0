import { BadRequest } from '@feathersjs/errors'
import type { Application } from '@feathersjs/feathers'
import Ajv from 'ajv'
import type { Knex } from 'knex'
import {
  MINI_SIGN_IN_PATH,
  miniSettingsDataSchema,
  servicePaths,
  type MiniSettings,
  type MiniSettingsData
} from '@emporia/shared'
import { noEvent, shopOf } from '../../domains/stock/service-support'
import type { ServiceContext } from '../../platform/http/service-context'
import { newObjectId } from '../../platform/http/object-id'
import { registerShopPath } from '../../platform/records/shop-scoped'
import type { RecordParams } from '../../platform/records/record-service'
import { assertValid } from '../../platform/records/validate-data'
import { shopSecretsSet, writeShopSecrets } from '../../platform/secrets/shop-secrets'
import { shopTransaction } from '../../platform/tenancy'

const validate = new Ajv({ allErrors: true, strict: false }).compile(miniSettingsDataSchema)

const view = async (knex: Knex, shop: string): Promise<MiniSettings> => {
  const row = (await knex('miniSettings').where({ shop }).first('programId')) as { programId: string | null } | undefined
  return {
    shop,
    programId: row?.programId ?? null,
    hasSecret: (await shopSecretsSet(knex, shop)).has('miniProgramSecret'),
    signInPath: MINI_SIGN_IN_PATH
  }
}

/**
 * `mini/settings` (decision 0204): find answers the shop's mini-program id and whether its secret is
 * set; create changes them — the secret is sealed in shopSecrets and never answered by any door.
 */
export const miniSettings = (context: ServiceContext) => (app: Application) => {
  const knex = context.db.knex
  registerShopPath(
    app,
    context.directory,
    servicePaths.miniSettings,
    {
      async find(params: RecordParams = {}) {
        return view(knex, shopOf(params))
      },
      async create(data: MiniSettingsData, params: RecordParams = {}) {
        const shop = shopOf(params)
        if (!data || typeof data !== 'object' || Array.isArray(data))
          throw new BadRequest('Send the settings', { key: 'format.invalid', field: 'programId' })
        assertValid(validate, data)
        await shopTransaction(knex, context.records.rowSecurity, shop, async (trx) => {
          if (data.programId !== undefined)
            await trx('miniSettings')
              .insert({ _id: newObjectId(), shop, programId: data.programId })
              .onConflict(['shop'])
              .merge({ programId: data.programId, updatedAt: trx.fn.now() })
          if (data.secret !== undefined) await writeShopSecrets(trx, shop, { miniProgramSecret: data.secret })
        })
        return view(knex, shop)
      }
    },
    ['find', 'create'],
    { create: [noEvent] }
  )
}
