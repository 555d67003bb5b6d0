import { BadRequest } from '@feathersjs/errors'
import type { Application } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { impliedRoles, posAccessOf, servicePaths, type PosAccessType, type ShopRole } from '@emporia/shared'
import type { ShopDirectory } from './shop-directory'

/**
 * `shops.users` is derived from accepted shop members. Every member change locks the shop row
 * first (so two admins removing each other cannot both succeed), then rewrites the list in the
 * same transaction; `announce` runs after commit so no one re-reads the old list into a cache.
 */
export class ShopUsersSync {
  constructor(
    private readonly app: Application,
    private readonly directory: ShopDirectory
  ) {}

  async lock(trx: Knex.Transaction, shop: string) {
    await trx('shops').select('_id').where({ _id: shop }).forUpdate().first()
  }

  /** Rewrites shop.users; refuses (rolling back) a change that leaves no accepted admin. */
  async rewrite(trx: Knex.Transaction, shop: string) {
    const members = (await trx('shopMembers')
      .select('user', 'role', 'perm', 'posAccess', 'name', 'email')
      .where({ shop, accepted: true })
      .whereNotNull('user')
      .orderBy('_id')) as {
      user: string
      role: ShopRole
      perm: string[]
      posAccess: PosAccessType | null
      name: string | null
      email: string
    }[]
    if (!members.some((member) => member.role === 'admin'))
      throw new BadRequest('A shop needs at least one admin', { key: 'errors.lastAdmin' })
    // Each member's POS level travels with the shop, so the till reads its own (decision 0095).
    const users = members.map(({ user, role, perm, posAccess, name, email }) => ({
      user,
      role,
      roles: [...impliedRoles(role)],
      perm,
      accepted: true,
      posAccess: posAccessOf({ role, posAccess }),
      name: name || email.split('@')[0]
    }))
    await trx('shops')
      .where({ _id: shop })
      .update({ users: JSON.stringify(users), updatedAt: trx.fn.now() })
  }

  /** After commit: drop the cached shop here and tell every process and member (shops patched). */
  async announce(shop: string) {
    this.directory.forget(shop)
    // `_get` reads past the shops hooks (no caller here): the record service's own, beyond the wire's map.
    const service = this.app.service(servicePaths.shops) as unknown as {
      _get: (id: string) => Promise<unknown>
      emit: (event: string, data: unknown) => void
    }
    const record = await service._get(shop).catch(() => undefined)
    if (record) service.emit('patched', record)
  }
}
