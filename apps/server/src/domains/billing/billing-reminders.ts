import type { Knex } from 'knex'
import type { ServiceContext } from '../../platform/http/service-context'
import { shopAdmins, textIn } from '../../platform/mail/recipients'
import { planByCode, type SubscriptionRow } from './subscriptions'

/*
 * The reminders before a trial or an unrenewed contract ends (decision 0129): 7 days and 1 day before,
 * to every admin of the shop in their own language, through the mail outbox in the sweep's transaction.
 * The end they were sent for is kept on the subscription (`reminded7For`, `reminded1For`), so a restart
 * or a second process never sends one twice, and a new period (a renewal, an extended trial) gets its own.
 */

const DAY = 86_400_000

/** The end a reminder is about now, and which one is due; undefined when none is. */
export const dueReminder = (
  row: SubscriptionRow,
  now: Date
): { end: string; mark: 'reminded7For' | 'reminded1For' } | undefined => {
  const end =
    row.state === 'trial'
      ? row.trialEnd
      : row.state === 'active' && (!row.autoRenew || !row.providerPaymentMethod)
        ? row.end
        : null
  if (!end) return undefined
  const left = Date.parse(end) - now.getTime()
  if (left <= 0) return undefined
  if (left <= DAY) return row.reminded1For === end ? undefined : { end, mark: 'reminded1For' }
  if (left <= 7 * DAY) return row.reminded7For === end ? undefined : { end, mark: 'reminded7For' }
  return undefined
}

/** Mails the reminder to the shop's accepted admins, in `trx` (the outbox row commits with the mark). */
export const sendReminder = async (context: ServiceContext, trx: Knex.Transaction, row: SubscriptionRow, end: string) => {
  const shop = (await trx('shops').where({ _id: row.shop }).first('name')) as { name: unknown } | undefined
  const plan = await planByCode(trx, row.plan)
  for (const admin of await shopAdmins(trx, row.shop)) {
    const locale = admin.locale
    await context.mailer.enqueue(
      {
        to: admin.email,
        type: row.state === 'trial' ? 'trialEnding' : 'planEnding',
        locale,
        shop: row.shop,
        values: {
          name: admin.name,
          shopName: textIn(shop?.name, locale),
          plan: plan ? textIn(plan.name, locale) : row.plan,
          date: end.slice(0, 10),
          // From configuration only, never a request's headers (decision 0067).
          link: `${context.config.publicUrl}/billing`
        }
      },
      trx
    )
  }
}
