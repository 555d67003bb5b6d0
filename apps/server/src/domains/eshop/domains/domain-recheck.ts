import type { Application } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../../platform/http/service-context'
import { shopAdmins, textIn } from '../../../platform/mail/recipients'
import { checkDomain, makeResolver, type DnsLookup } from './dns-check'
import { claimLapsed } from './domain-claims'
import { storefrontHost } from './storefront-host'

/*
 * The domains' daily look (decision 0158), a job of the queue (`domains.recheck`):
 * - a verified external domain's DNS is checked again; it stays verified (decision 0112: its proof was
 *   seen), but the check's findings are recorded for the domains screen, and the shop's admins are told
 *   once when a domain that checked fine stops pointing at the shop;
 * - a bought domain's registration: the admins are told 30 days and 7 days before it ends, once each per
 *   end; once it has ended, the domain is `expired` and the storefront no longer answers on it;
 * - an unproven claim whose week is over lapses (`expired`), as the verify call would find it.
 * Each change is written in its shop's transaction with the row locked and re-read, and each warning is
 * queued in that transaction with its mark, so a run repeated (a retry, a second process) sends nothing twice.
 */

const DAY = 86_400_000

type DomainRow = {
  _id: string
  shop: string
  name: string
  token: string
  type: string
  status: string
  expiresAt: string | Date | null
  checkReason: string | null
  expiryWarned: string | null
  manualConfig: unknown
}

const iso = (value: string | Date | null) => (value ? new Date(value).toISOString() : null)

/** The warning due for a registration ending at `end`, or none: 7 days before, else 30 days before. */
export const expiryWarningDue = (end: string, now: Date, warned: string | null): string | undefined => {
  const left = Date.parse(end) - now.getTime()
  if (left <= 0) return undefined
  const mark = left <= 7 * DAY ? `${end}:7` : left <= 30 * DAY ? `${end}:30` : undefined
  return mark && mark !== warned ? mark : undefined
}

/** Mails the shop's accepted admins, each in their language, inside `trx`. */
const tellAdmins = async (
  context: ServiceContext,
  trx: Knex.Transaction,
  row: DomainRow,
  type: 'domainFailing' | 'domainExpiring',
  values: Record<string, string>
) => {
  const shop = (await trx('shops').where({ _id: row.shop }).first('name')) as { name: unknown } | undefined
  for (const admin of await shopAdmins(trx, row.shop)) {
    const locale = admin.locale
    await context.mailer.enqueue(
      {
        to: admin.email,
        type,
        locale,
        shop: row.shop,
        values: {
          name: admin.name,
          shopName: textIn(shop?.name, locale),
          domain: row.name,
          // From configuration only, never a request's headers (decision 0067).
          link: `${context.config.publicUrl}/${row.shop}/eshop/domains`,
          ...values
        }
      },
      trx
    )
  }
}

/**
 * One domain's change in its own transaction, as the billing sweep moves a shop (the platform's job, past
 * the wall, every statement naming the shop): the row locked and read again, then `change` decides.
 */
const inShop = (
  context: ServiceContext,
  row: DomainRow,
  change: (trx: Knex.Transaction, current: DomainRow) => Promise<Record<string, unknown> | undefined>
) =>
  context.db.knex.transaction(async (trx) => {
    const current = (await trx('domains').where({ _id: row._id, shop: row.shop }).forUpdate().first()) as DomainRow | undefined
    if (!current) return undefined
    const patch = await change(trx, current)
    if (!patch) return undefined
    const [updated] = (await trx('domains')
      .where({ _id: row._id, shop: row.shop })
      .update({ ...patch, updatedAt: trx.fn.now() })
      .returning('*')) as Record<string, unknown>[]
    return updated
  })

/** Runs the daily look over every shop's domains; answers how many domains changed. */
export const recheckDomains = async (
  app: Application,
  context: ServiceContext,
  dns: DnsLookup = makeResolver(context.config.dnsServers),
  now = context.clock.now()
): Promise<number> => {
  // Past the wall (the connection's own role): the platform's list of what to look at, ids only.
  const rows = (await context.db
    .knex('domains')
    .whereIn('status', ['verified', 'pending'])
    .orderBy('_id')
    .select(
      '_id',
      'shop',
      'name',
      'token',
      'type',
      'status',
      'expiresAt',
      'checkReason',
      'expiryWarned',
      'manualConfig'
    )) as DomainRow[]
  let changed = 0
  const announce = (updated: Record<string, unknown> | undefined) => {
    if (!updated) return
    changed += 1
    app
      .service(servicePaths.domains)
      .emit('patched', { ...updated, _id: String(updated._id).trim(), shop: String(updated.shop).trim() })
  }
  for (const listed of rows) {
    const row = { ...listed, _id: String(listed._id).trim(), shop: String(listed.shop).trim() }
    const expiresAt = iso(row.expiresAt)
    if (row.status === 'pending') {
      if (claimLapsed({ status: 'pending', expiresAt }, now.getTime()))
        announce(
          await inShop(context, row, async (_trx, current) => (current.status === 'pending' ? { status: 'expired' } : undefined))
        )
      continue
    }
    if (row.type === 'registered' && expiresAt) {
      announce(
        await inShop(context, row, async (trx, current) => {
          const end = iso(current.expiresAt)
          if (current.status !== 'verified' || !end) return undefined
          if (Date.parse(end) <= now.getTime()) return { status: 'expired' }
          const mark = expiryWarningDue(end, now, current.expiryWarned)
          if (!mark) return undefined
          await tellAdmins(context, trx, current, 'domainExpiring', { date: end.slice(0, 10) })
          return { expiryWarned: mark }
        })
      )
      continue
    }
    if (row.type !== 'external') continue
    // The DNS is asked outside any transaction: a slow resolver never holds a connection.
    const subdomain = (
      (await context.db.knex('shops').where({ _id: row.shop }).first('subdomain')) as { subdomain?: string } | undefined
    )?.subdomain
    if (!subdomain) continue
    const result = await checkDomain(dns, row as never, storefrontHost(context.config, subdomain), context.config.publicIp)
    announce(
      await inShop(context, row, async (trx, current) => {
        if (current.status !== 'verified') return undefined
        const reason = result.verified ? null : (result.reason ?? null)
        // Told once per failing streak: when a domain that checked fine stops pointing here.
        if (reason && !current.checkReason) await tellAdmins(context, trx, current, 'domainFailing', {})
        return { checkedAt: now.toISOString(), checkReason: reason, manualConfig: JSON.stringify(result.manualConfig) }
      })
    )
  }
  return changed
}
