import type { Knex } from 'knex'

/*
 * A customer's stored name in the order of its language (decision 0154): a name with a part in a CJK
 * script is family name first, Han and kana run together ("陳小明" for 小明 陳), Hangul keeps its space.
 * The rule as it was written here (personName in packages/shared may change later; this must not).
 */
const HAN_KANA = '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]'
const HANGUL = '[\u1100-\u11ff\uac00-\ud7af]'
const EAST_ASIAN = '[\u1100-\u11ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]'

export const up = async (knex: Knex) => {
  const first = `btrim("firstName")`
  const last = `btrim("lastName")`
  await knex.raw(
    `update "shopUsers" set "name" = case
       when ${first} ~ '${HAN_KANA}' and ${last} ~ '${HAN_KANA}' and not (${first} || ${last}) ~ '${HANGUL}'
         then ${last} || ${first}
       else ${last} || ' ' || ${first}
     end
     where "erasedAt" is null and coalesce(${first}, '') <> '' and coalesce(${last}, '') <> ''
       and (${first} ~ '${EAST_ASIAN}' or ${last} ~ '${EAST_ASIAN}')`
  )
}

// The names stay as they are now: "first last" back would be the order this migration corrected.
export const down = async () => undefined
