import type { Knex } from 'knex'
import { memberChannels, type MemberChannel } from '@emporia/shared'

/** A channel a sign-in names, or undefined: only the app and the mini-program are recorded (decision 0204). */
export const memberChannel = (value: unknown): MemberChannel | undefined => memberChannels.find((channel) => channel === value)

/**
 * Records that a customer signed in through the app or the mini-program (decision 0204): the channel
 * joins the customer's `channels`, becomes their `channel`, and `lastSeenAt` is now. In the caller's
 * transaction, behind its wall; a customer the shop does not have is left alone (false).
 */
export const recordMemberVisit = async (
  trx: Knex.Transaction,
  shop: string,
  user: string,
  channel: MemberChannel,
  now = new Date()
): Promise<boolean> => {
  const row = (await trx('shopUsers').where({ shop, _id: user }).whereNull('erasedAt').forUpdate().first('channels')) as
    { channels?: unknown } | undefined
  if (!row) return false
  const known = Array.isArray(row.channels) ? (row.channels as unknown[]).filter((c) => memberChannel(c)) : []
  const channels = [...new Set([...known, channel])]
  await trx('shopUsers')
    .where({ shop, _id: user })
    .update({ channels: JSON.stringify(channels), channel, lastSeenAt: now.toISOString(), updatedAt: trx.fn.now() })
  return true
}
