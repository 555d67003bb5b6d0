import { addressLine, personName, type LocaleId } from '@emporia/shared'
import { useRenderContext } from '../context'
import { formatCents } from '../props'
import { AddressForm, type AccountAddress } from './account-fields'
import { FormField } from './form-field'
import { commerceText, type CommerceMessageKey } from './commerce-messages'
import { commerceCss } from './commerce-css'
import { islandTexts } from './island-texts'
import { CaptchaField, type CaptchaOffer } from './captcha-field'

/** What the account page shows of the signed-in customer (the server's account view, decision 0114). */
export interface AccountPageView {
  customer: { firstName: string; lastName: string; email: string; phone: string }
  addresses: AccountAddress[]
  orders: { orderId: string; date: string; status: string; total: number; link: string }[]
}

const ISLAND_TEXTS = ['account.sendCode', 'account.signIn', 'account.saved'] as const

/** Signed out: an e-mail, then the mailed code, then (a new address) the name that makes the account. */
const SignInForm = ({ locale, captcha }: { locale: LocaleId; captcha?: CaptchaOffer }) => {
  const t = (key: CommerceMessageKey) => commerceText(key, locale)
  return (
    <>
      <h1>{t('account.signInTitle')}</h1>
      <p>{t('account.signInHint')}</p>
      <form className="ef-form ef-account-signin" data-account-signin noValidate>
        <FormField name="email" label={t('account.email')} type="email" required autoComplete="email" maxLength={254} />
        <div className="ef-form" data-code-step hidden>
          <p className="ef-note">{t('account.codeSent')}</p>
          <FormField name="code" label={t('account.code')} autoComplete="one-time-code" maxLength={6} />
        </div>
        <div className="ef-form" data-register-step hidden>
          <p className="ef-note">{t('account.newHere')}</p>
          <FormField name="firstName" label={t('account.firstName')} required autoComplete="given-name" />
          <FormField name="lastName" label={t('account.lastName')} autoComplete="family-name" />
          <FormField name="phone" label={t('account.phone')} type="tel" autoComplete="tel" maxLength={30} />
        </div>
        <CaptchaField captcha={captcha} locale={locale} />
        <div className="ef-error" data-account-error role="alert" />
        <button className="ef-btn ef-btn--contained ef-btn--large ef-btn--block" type="submit" data-account-submit>
          {t('account.sendCode')}
        </button>
      </form>
    </>
  )
}

const SignedIn = ({ locale, base, view }: { locale: LocaleId; base: string; view: AccountPageView }) => {
  const t = (key: CommerceMessageKey, values?: Record<string, string>) => commerceText(key, locale, values)
  const { currency } = useRenderContext()
  const { customer } = view
  const name = personName(customer.firstName, customer.lastName) || customer.email
  return (
    <>
      <h1>{t('account.title')}</h1>
      <p className="ef-account-hello">
        <span data-account-name>{t('account.hello', { name })}</span>{' '}
        <button className="ef-btn ef-btn--outlined" type="button" data-account-signout>
          {t('account.signOut')}
        </button>
      </p>
      <section>
        <h2>{t('account.orders')}</h2>
        {view.orders.length ? (
          <table className="ef-account-orders" data-account-orders>
            <thead>
              <tr>
                <th>{t('account.order')}</th>
                <th>{t('account.date')}</th>
                <th>{t('order.status')}</th>
                <th>{t('account.total')}</th>
              </tr>
            </thead>
            <tbody>
              {view.orders.map((order) => (
                <tr key={order.link} data-order-row={order.orderId}>
                  <td>
                    <a className="ef-link" href={`${base}/orders/${order.link}`}>
                      {order.orderId}
                    </a>
                  </td>
                  <td>{order.date.slice(0, 10)}</td>
                  <td>{t(`order.status.${order.status}` as CommerceMessageKey)}</td>
                  <td>{formatCents(order.total, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="ef-note">{t('account.noOrders')}</p>
        )}
      </section>
      <section>
        <h2>{t('account.details')}</h2>
        <form className="ef-form" data-account-profile data-email={customer.email} noValidate>
          <FormField
            name="firstName"
            label={t('account.firstName')}
            value={customer.firstName}
            required
            autoComplete="given-name"
          />
          <FormField name="lastName" label={t('account.lastName')} value={customer.lastName} autoComplete="family-name" />
          <FormField
            name="email"
            label={t('account.email')}
            type="email"
            value={customer.email}
            autoComplete="email"
            maxLength={254}
          />
          <div className="ef-form" data-code-step hidden>
            <p className="ef-note">{t('account.emailCode')}</p>
            <FormField name="code" label={t('account.code')} autoComplete="one-time-code" maxLength={6} />
          </div>
          <FormField
            name="phone"
            label={t('account.phone')}
            type="tel"
            value={customer.phone}
            autoComplete="tel"
            maxLength={30}
          />
          <div className="ef-error" data-account-error role="alert" />
          <p>
            <button className="ef-btn ef-btn--contained" type="submit">
              {t('account.save')}
            </button>{' '}
            <span data-account-saved />
          </p>
        </form>
      </section>
      <section>
        <h2>{t('account.addresses')}</h2>
        {view.addresses.length ? (
          <ul className="ef-account-addresses" data-account-addresses>
            {view.addresses.map((address, i) => (
              <li key={i} data-address-index={i}>
                <p>
                  {address.label ? <strong>{address.label}: </strong> : null}
                  <span data-address-text>{addressLine(address)}</span>{' '}
                  {address.default && <span className="ef-badge ef-badge--inline">{t('account.default')}</span>}
                </p>
                <details>
                  <summary>{t('account.edit')}</summary>
                  <AddressForm locale={locale} index={i} address={address} />
                </details>
                <p>
                  {!address.default && (
                    <button className="ef-btn ef-btn--text" type="button" data-address-default={i}>
                      {t('account.makeDefault')}
                    </button>
                  )}
                  <button className="ef-btn ef-btn--text" type="button" data-address-remove={i}>
                    {t('account.remove')}
                  </button>
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="ef-note">{t('account.noAddresses')}</p>
        )}
        <details data-address-add>
          <summary>{t('account.addAddress')}</summary>
          <AddressForm locale={locale} />
        </details>
      </section>
    </>
  )
}

/**
 * The customer's account page (decision 0114): signed out, the sign-in by a mailed code (registering
 * on the first one); signed in, their orders (each to its order page), details and addresses. The
 * account island sends every form to `{base}/_commerce/account…` and shows the server's refusals on
 * their fields.
 */
export const AccountPage = ({
  locale,
  base,
  view,
  captcha
}: {
  locale: LocaleId
  base: string
  view: AccountPageView | null
  /** The operator's captcha (decision 0201), asked before a signed-out visitor's code is mailed. */
  captcha?: CaptchaOffer
}) => (
  <section
    className="ef-commerce ef-account"
    data-island="account"
    data-base={base}
    data-texts={islandTexts(locale, ISLAND_TEXTS)}
    data-signed-in={view ? 'true' : 'false'}
  >
    <style>{commerceCss}</style>
    {view ? <SignedIn locale={locale} base={base} view={view} /> : <SignInForm locale={locale} captcha={captcha} />}
  </section>
)
