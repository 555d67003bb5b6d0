import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'

/**
 * A shop's icon names an attachment of that shop (settings/shop; decision 0178): another shop's picture,
 * or an id that names none, is refused on `icon` the same way, telling nothing of other shops' files.
 * The installed app's icon (`appIcon`, decision 0202) follows the same rule.
 */
export const checkOwnIcon = async (knex: Knex, shop: string | null, icon: string, field: 'icon' | 'appIcon' = 'icon') => {
  const own = shop ? await knex('attachments').where({ _id: icon, shop }).first('_id') : undefined
  if (!own) throw new BadRequest('Choose a picture from this shop’s media library', { key: 'shopSettings.iconNotFound', field })
}
