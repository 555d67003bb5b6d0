import type { MemberChannel } from '@emporia/shared'
import { recordMemberVisit } from '../../customers/member-channel'
import { commerceTransaction, type Commerce } from '../commerce/commerce-context'

/**
 * A customer signed in through the installed app (the storefront's sign-in, its body saying
 * `channel: "app"`) or the mini-program (its own sign-in): recorded on the shop user (decision 0204).
 */
export const recordChannel = (commerce: Commerce, shop: string, user: string, channel: MemberChannel) =>
  commerceTransaction(commerce, shop, (trx) => recordMemberVisit(trx, shop, user, channel))
