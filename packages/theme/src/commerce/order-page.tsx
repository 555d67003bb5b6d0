import { pickTran, type LocaleId } from '@emporia/shared'
import { useRenderContext } from '../context'
import { formatCents } from '../props'
import { commerceText, type CommerceMessageKey } from './commerce-messages'
import { commerceCss } from './commerce-css'
import { islandTexts } from './island-texts'
import { CardField } from './card-field'
import { QrCode } from './qr-code'

/** What the order page shows (the server's order status view, decision 0109). */
export interface OrderPageView {
  orderId: string
  status?: string
  products: { name: unknown; price: number; quantity: number; total: number; product?: string }[]
  subtotal: number
  discount: number
  rounding: number
  shipping?: { name?: unknown; fee: number } | null
  total: number
  waitsForPayment: boolean
  address: string | null
  payments: { method: string; status: string; amount: number; slip: boolean }[]
  bankAccounts: { bankName: string; name: string; no: string }[]
  /** The customer may say they received it (shop flag useReceive, decision 0178). */
  canConfirmReceived?: boolean
  /** Each line links to its product's page (shop flag useEshopLink, decision 0178). */
  productLinks?: boolean
  /** The carrier and tracking, while the shop shows tracking (useTracking, decision 0178). */
  tracking?: { company: string | null; number: string | null; url: string | null } | null
}

const Sum = ({ label, cents, total }: { label: string; cents: number; total?: boolean }) => (
  <div className={total ? 'ef-sums__total' : undefined}>
    <span>{label}</span>
    <span>{formatCents(cents, useRenderContext().currency)}</span>
  </div>
)

/**
 * The order's own page, reached by its secret link (decision 0109): what was bought, the sums, the
 * status in the customer's words, and while a bank transfer is awaited the shop's accounts and a slip
 * upload (the slip island sends it to the same link).
 */
export const OrderPage = ({
  locale,
  base,
  link,
  view,
  fresh,
  card,
  wallet
}: {
  locale: LocaleId
  base: string
  link: string
  view: OrderPageView
  fresh?: boolean
  /** An unpaid order's pending card payment, payable here (decision 0115). */
  card?: { script: string; publicKey: string; clientSecret: string }
  /** An unpaid order's pending wallet payment (decision 0199): the code to open or scan with the wallet app. */
  wallet?: { code: string }
}) => {
  const t = (key: CommerceMessageKey, values?: Record<string, string>) => commerceText(key, locale, values)
  const { currency } = useRenderContext()
  const bank = view.payments.find((payment) => payment.method === 'bank' && payment.status === 'pending')
  const statusKey = `order.status.${view.status ?? 'unpaid'}` as CommerceMessageKey
  return (
    <section className="ef-commerce" data-order={view.orderId}>
      <style>{commerceCss}</style>
      {/* The checkout island clears the visitor's cart when it opens this page. */}
      {fresh && <p className="ef-note">{t('order.thanks')}</p>}
      <h1>{t('order.title', { orderId: view.orderId })}</h1>
      <p>
        {t('order.status')}: <strong data-order-status>{t(statusKey)}</strong>
      </p>
      {view.waitsForPayment && <p className="ef-note">{t('order.paymentPending')}</p>}
      <ul className="ef-cart-lines">
        {view.products.map((line, i) => (
          <li className="ef-cart-line" key={i}>
            <span className="ef-cart-line__name">
              {view.productLinks && line.product ? (
                <a className="ef-link" href={`${base}/products/${line.product}`} data-product-link>
                  {pickTran(line.name, locale)}
                </a>
              ) : (
                pickTran(line.name, locale)
              )}
            </span>
            <span>
              {line.quantity} × {formatCents(line.price, currency)}
            </span>
            <span>{formatCents(line.total, currency)}</span>
          </li>
        ))}
      </ul>
      <div className="ef-sums">
        <Sum label={t('cart.subtotal')} cents={view.subtotal} />
        {view.discount > 0 && <Sum label={t('cart.discount')} cents={-view.discount} />}
        {view.shipping && (
          <Sum label={`${t('cart.shipping')} (${pickTran(view.shipping.name, locale)})`} cents={view.shipping.fee} />
        )}
        <Sum label={t('cart.total')} cents={view.total} total />
      </div>
      {view.address && (
        <p>
          {t('checkout.address')}: {view.address}
        </p>
      )}
      {view.tracking && (
        <p data-order-tracking>
          {t('order.tracking')}: {[view.tracking.company, view.tracking.number].filter(Boolean).join(' · ')}{' '}
          {view.tracking.url && (
            <a className="ef-link" href={view.tracking.url} target="_blank" rel="noopener noreferrer nofollow">
              {t('order.trackParcel')}
            </a>
          )}
        </p>
      )}
      {view.canConfirmReceived && (
        <div data-island="received" data-base={base} data-link={link}>
          <div className="ef-error" data-received-error role="alert" />
          <button className="ef-btn ef-btn--contained" type="button" data-confirm-received>
            {t('order.confirmReceived')}
          </button>
        </div>
      )}
      {bank && view.waitsForPayment && (
        <div data-island="slip" data-base={base} data-link={link} data-texts={islandTexts(locale, ['order.slipReceived'])}>
          <h2>{t('checkout.bank')}</h2>
          <p>{t('checkout.bankHint')}</p>
          <ul className="ef-accounts">
            {view.bankAccounts.map((account) => (
              <li key={account.no}>
                {account.bankName} · {account.name} · {account.no}
              </li>
            ))}
          </ul>
          {bank.slip ? (
            <p className="ef-note" data-slip-done>
              {t('order.slipReceived')}
            </p>
          ) : (
            <form className="ef-form" data-slip-form>
              {/* The browser's own file button speaks the browser's language ("Choose File"): ours speaks the shop's. */}
              <label className="ef-file">
                {t('order.slip')}
                <input className="ef-file__input" type="file" name="file" accept="image/*,application/pdf" required />
                <span className="ef-file__row">
                  <span className="ef-btn ef-btn--outlined ef-file__button">{t('order.chooseFile')}</span>
                  <span className="ef-file__name" data-file-name data-empty={t('order.noFile')}>
                    {t('order.noFile')}
                  </span>
                </span>
              </label>
              <div className="ef-error" data-slip-error role="alert" />
              <button className="ef-btn ef-btn--outlined" type="submit">
                {t('order.uploadSlip')}
              </button>
            </form>
          )}
        </div>
      )}
      {card && (
        <form
          className="ef-form"
          data-island="orderCard"
          data-card-script={card.script}
          data-card-key={card.publicKey}
          data-client-secret={card.clientSecret}
          data-texts={islandTexts(locale, [
            'checkout.paying',
            'checkout.cardDeclined',
            'checkout.cardFailed',
            'checkout.cardUnavailable'
          ])}
        >
          <h2>{t('checkout.card')}</h2>
          <CardField locale={locale} />
          <button className="ef-btn ef-btn--contained" type="submit" data-card-pay>
            {t('checkout.retryPayment')}
          </button>
        </form>
      )}
      {wallet && (
        <div className="ef-form" data-wallet>
          <h2>{t('checkout.wallet')}</h2>
          <p>{t('checkout.walletHint')}</p>
          <QrCode text={wallet.code} label={t('checkout.wallet')} />
          <a className="ef-btn ef-btn--contained" href={wallet.code} data-wallet-code={wallet.code}>
            {t('checkout.walletOpen')}
          </a>
        </div>
      )}
      <p className="ef-text">{t('order.keepLink')}</p>
    </section>
  )
}
