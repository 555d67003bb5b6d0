import { BadRequest } from '@feathersjs/errors'
import { pickTran, type LocaleId, type ShopUser } from '@emporia/shared'
import { commerceTransaction, type Commerce } from '../commerce/commerce-context'
import { checkSignInCode, issueSignInCode, SIGN_IN_CODE_MINUTES, type CodeCheck } from './sign-in-codes'
import type { ProfileInput } from './account-input'

const CODE_REFUSALS: Record<Exclude<CodeCheck, 'ok'>, { key: string; text: string }> = {
  wrong: { key: 'account.codeWrong', text: 'This code is not right; check the e-mail and try again' },
  spent: { key: 'account.codeSpent', text: 'Too many wrong tries; ask for a new code' },
  none: { key: 'account.codeExpired', text: 'This code has expired or was used; ask for a new one' }
}

export const codeRefusal = (check: Exclude<CodeCheck, 'ok'>) =>
  new BadRequest(CODE_REFUSALS[check].text, { key: CODE_REFUSALS[check].key, field: 'code' })

/**
 * Mails a sign-in code to an address of the shop (decision 0114). Known address or not, the same
 * work and the same answer: whoever asks learns nothing about the shop's customers. The mail is
 * queued once the code is stored (the outbox is not the shop's table).
 */
export const requestSignInCode = async (commerce: Commerce, shop: string, email: string, locale: LocaleId) => {
  const secret = commerce.context.config.authSecret
  const code = await commerceTransaction(commerce, shop, (trx) => issueSignInCode(trx, secret, shop, email))
  const row = (await commerce.context.db.knex('shops').where({ _id: shop }).first('name')) as { name?: unknown } | undefined
  await commerce.context.mailer.enqueue({
    to: email,
    type: 'shopSignIn',
    locale,
    shop,
    values: { code, minutes: SIGN_IN_CODE_MINUTES, shopName: pickTran(row?.name, locale) || 'Emporia' }
  })
}

export type SignInResult = { user: string; registered: boolean } | { register: true }

/**
 * Signs in with a mailed code. The shop user with this e-mail — made by an earlier guest checkout
 * too — is the account; an unknown address registers: without a first name the answer asks for one
 * (the code stays good), with it the customer is made through the shopUsers service, by its rules
 * and afterRegister promotions. Only a phone is never a way in: it was never proven.
 */
export const signIn = async (
  commerce: Commerce,
  shop: string,
  email: string,
  code: string,
  profile: ProfileInput
): Promise<SignInResult> => {
  const secret = commerce.context.config.authSecret
  type Outcome = SignInResult | { refused: Exclude<CodeCheck, 'ok'> }
  const result = await commerceTransaction(commerce, shop, async (trx): Promise<Outcome> => {
    const check = await checkSignInCode(trx, secret, shop, email, code, false)
    // A wrong try is counted when this transaction commits; the refusal follows it.
    if (check !== 'ok') return { refused: check }
    // As checkout does: two first sign-ins of one address make one customer.
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`shopUsers:${shop}:${email}`])
    const known = (await trx('shopUsers').where({ shop, email }).whereNull('erasedAt').first('_id')) as
      { _id: string } | undefined
    let user = known?._id
    if (!user) {
      if (!profile.firstName) return { register: true }
      const made = (await commerce.app
        .service('shopUsers')
        .create({ firstName: profile.firstName, lastName: profile.lastName, email, phone: profile.phone }, {
          shop,
          transaction: trx
        } as Record<string, unknown>)) as ShopUser
      user = made._id
    }
    await checkSignInCode(trx, secret, shop, email, code, true)
    return { user, registered: !known }
  })
  if ('refused' in result) throw codeRefusal(result.refused)
  return result
}
