import type { LocaleId } from '@emporia/shared'
import { pickTran } from '@emporia/shared'
import { useRenderContext } from '../context'
import { commerceText } from './commerce-messages'
import { commerceCss } from './commerce-css'
import { islandTexts } from './island-texts'
import { CART_TEXTS } from './cart-page'
import { FormField } from './form-field'
import { CardField } from './card-field'
import { CaptchaField, type CaptchaOffer } from './captcha-field'

/** What the shop offers at checkout, from its settings (the server decides again when the order comes). */
export interface CheckoutOffers {
  bank: boolean
  /** The mobile wallet (decision 0199): its code is shown on the order's page once placed. */
  wallet?: boolean
  /** The messaging app's wallet (WeChat Pay HK), the same way. */
  messagingWallet?: boolean
  cash: boolean
  pickUp: boolean
  pickUpAddress?: string
  shipping: { _id: string; name: unknown }[]
  /** Card payments (decision 0115): the provider's browser script and the shop's public key. */
  card?: { script: string; publicKey: string }
  /** False while the shop has no way to pay or no way to get the goods (decision 0152): no form, a message. */
  open?: boolean
  /** The goods are not delivered (shop flag skipShipping, decision 0178): no delivery step. */
  skipShipping?: boolean
  /** The shop's age gate is on (decision 0178): a cart with an age-restricted product asks the buyer's age. */
  ageGate?: boolean
  /** The operator's captcha (decision 0201): asked of a shopper who is not signed in. */
  captcha?: CaptchaOffer
}

/**
 * What the checkout and the cart show while the shop cannot take an order (decision 0152): a plain
 * message in the shopper's language instead of a form with empty delivery and payment choices.
 */
export const CheckoutClosed = ({ locale, base }: { locale: LocaleId; base: string }) => (
  <section className="ef-commerce" data-checkout-closed>
    <style>{commerceCss}</style>
    <h1>{commerceText('checkout.title', locale)}</h1>
    <p className="ef-note" role="status">
      {commerceText('checkout.closed', locale)}
    </p>
    <p>
      <a className="ef-link" href={`${base}/`}>
        {commerceText('cart.continue', locale)}
      </a>
    </p>
  </section>
)

/** A signed-in customer's details and default address (decision 0114), filled in for them. */
export interface CheckoutAccount {
  firstName: string
  lastName: string
  email: string
  phone: string
  address: string
}

/**
 * The checkout page (decision 0109): who the customer is, delivery (a shipping method with its fee
 * for this cart, or pick-up), payment (card through the provider's script, decision 0115; bank
 * transfer; cash on pick-up) and the order's sums. The checkout island sends it with the cart and a
 * retry key, then opens the order's page. A signed-in customer finds their details and default
 * address filled in; the order is theirs (decision 0114).
 */
export const CheckoutPage = ({
  locale,
  base,
  offers,
  account
}: {
  locale: LocaleId
  base: string
  offers: CheckoutOffers
  account?: CheckoutAccount
}) => {
  const t = (key: Parameters<typeof commerceText>[0]) => commerceText(key, locale)
  const { currency } = useRenderContext()
  if (offers.open === false) return <CheckoutClosed locale={locale} base={base} />
  const firstDelivery = offers.shipping[0]?._id ?? (offers.pickUp ? 'pickUp' : '')
  const firstPayment = offers.card
    ? 'stripe'
    : offers.wallet
      ? 'mobileWallet'
      : offers.messagingWallet
        ? 'messagingWallet'
        : offers.bank
          ? 'bank'
          : offers.cash
            ? 'cash'
            : ''
  return (
    <section
      className="ef-commerce"
      data-island="checkout"
      data-base={base}
      data-currency={currency}
      data-texts={islandTexts(locale, [
        ...CART_TEXTS,
        'checkout.placing',
        'checkout.placeOrder',
        'checkout.offline',
        'checkout.paying',
        'checkout.cardDeclined',
        'checkout.cardFailed',
        'checkout.cardUnavailable',
        'checkout.retryPayment'
      ])}
      {...(offers.card ? { 'data-card-script': offers.card.script, 'data-card-key': offers.card.publicKey } : {})}
    >
      <style>{commerceCss}</style>
      <h1>{t('checkout.title')}</h1>
      <div className="ef-checkout">
        <form className="ef-form" data-checkout-form noValidate>
          <fieldset>
            <legend>{t('checkout.contact')}</legend>
            {account && (
              <p>
                <a className="ef-link" href={`${base}/account`}>
                  {t('account.title')}
                </a>
              </p>
            )}
            <FormField
              name="customer.firstName"
              label={t('checkout.firstName')}
              required
              autoComplete="given-name"
              value={account?.firstName}
            />
            <FormField
              name="customer.lastName"
              label={t('checkout.lastName')}
              autoComplete="family-name"
              value={account?.lastName}
            />
            <FormField
              name="customer.email"
              label={t('checkout.email')}
              type="email"
              required
              autoComplete="email"
              value={account?.email}
              readOnly={Boolean(account)}
            />
            <FormField
              name="customer.phone"
              label={t('checkout.phone')}
              type="tel"
              required
              autoComplete="tel"
              value={account?.phone}
            />
          </fieldset>
          {!offers.skipShipping && (
            <fieldset>
              <legend>{t('checkout.delivery')}</legend>
              {offers.shipping.map((method) => (
                <label className="ef-choice" key={method._id}>
                  <input type="radio" name="delivery" value={method._id} defaultChecked={method._id === firstDelivery} />
                  <span>{pickTran(method.name, locale)}</span>
                  <span data-shipping-fee={method._id} />
                </label>
              ))}
              {offers.pickUp && (
                <label className="ef-choice">
                  <input type="radio" name="delivery" value="pickUp" defaultChecked={firstDelivery === 'pickUp'} />
                  <span>
                    {t('checkout.pickUpHere')}
                    {offers.pickUpAddress ? ` (${offers.pickUpAddress})` : ''}
                  </span>
                </label>
              )}
              <span className="ef-error" data-error-for="shippingMethod" />
              <label data-address>
                {t('checkout.address')}
                <textarea name="address" rows={2} maxLength={500} autoComplete="street-address" defaultValue={account?.address} />
                <span className="ef-error" data-error-for="address" />
              </label>
            </fieldset>
          )}
          <fieldset>
            <legend>{t('checkout.payment')}</legend>
            {offers.card && (
              <>
                <label className="ef-choice">
                  <input type="radio" name="payment" value="stripe" defaultChecked={firstPayment === 'stripe'} />
                  <span>{t('checkout.card')}</span>
                </label>
                {/* The provider's script mounts its card field here once the page has script. */}
                <CardField locale={locale} />
              </>
            )}
            {offers.wallet && (
              <label className="ef-choice">
                <input type="radio" name="payment" value="mobileWallet" defaultChecked={firstPayment === 'mobileWallet'} />
                <span>{t('checkout.wallet')}</span>
              </label>
            )}
            {offers.messagingWallet && (
              <label className="ef-choice">
                <input type="radio" name="payment" value="messagingWallet" defaultChecked={firstPayment === 'messagingWallet'} />
                <span>{t('checkout.messagingWallet')}</span>
              </label>
            )}
            {offers.bank && (
              <label className="ef-choice">
                <input type="radio" name="payment" value="bank" defaultChecked={firstPayment === 'bank'} />
                <span>{t('checkout.bank')}</span>
              </label>
            )}
            {offers.cash && (
              <label className="ef-choice">
                <input type="radio" name="payment" value="cash" defaultChecked={firstPayment === 'cash'} />
                <span>{t('checkout.pickUp')}</span>
              </label>
            )}
            <span className="ef-error" data-error-for="payment" />
          </fieldset>
          <label>
            {t('checkout.remarks')}
            <textarea name="remarks" rows={2} maxLength={1000} />
          </label>
          {offers.ageGate && (
            // Shown by the checkout island once the priced cart holds an age-restricted product; the server checks again.
            <label className="ef-choice" data-age-gate hidden>
              <input type="checkbox" name="ageConfirmed" value="true" />
              <span>{t('checkout.ageConfirm')}</span>
              <span className="ef-error" data-error-for="ageConfirmed" />
            </label>
          )}
          <CaptchaField captcha={offers.captcha} locale={locale} />
          <div className="ef-error" data-checkout-error role="alert" />
          <button className="ef-btn ef-btn--contained ef-btn--large ef-btn--block" type="submit" data-checkout-submit>
            {t('checkout.placeOrder')}
          </button>
        </form>
        <aside>
          <ul className="ef-cart-lines" data-cart-lines />
          <div className="ef-sums" data-cart-sums />
        </aside>
      </div>
    </section>
  )
}
