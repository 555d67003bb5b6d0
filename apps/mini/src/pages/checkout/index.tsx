import Taro from '@tarojs/taro'
import { Button, Checkbox, CheckboxGroup, Input, Radio, RadioGroup, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { Status } from '../../components/status'
import { call, ShopError } from '../../lib/api'
import { cartBody, emptyCart } from '../../lib/cart'
import {
  blankForm,
  canOrder,
  checkoutBody,
  checkoutChoices,
  newCheckoutKey,
  type CheckoutForm,
  type CheckoutOptions
} from '../../lib/checkout'
import { errorText } from '../../lib/errors'
import { pickText } from '../../lib/locale'
import { moneyText } from '../../lib/money'
import { pageUrl } from '../../lib/query'
import { isWeapp, store, stored } from '../../lib/runtime'
import { signedIn } from '../../lib/session'
import { loadCart, loadHome, saveCart, type Account, type Priced } from '../../lib/shop'
import { useCall } from '../../lib/use-call'
import { useLocale } from '../../lib/use-locale'

const KEY = 'checkout-key'
type Field = 'firstName' | 'lastName' | 'email' | 'phone' | 'address' | 'remarks'

/**
 * Contact, pick-up or delivery, payment, then the order once, whatever is pressed twice. Only what the
 * shop accepts is offered (`/_commerce/mini/checkout-options`); a shop that cannot sell here says so.
 */
export default function CheckoutPage() {
  const { locale, t } = useLocale()
  const [cart] = useState(loadCart)
  const [form, setForm] = useState<CheckoutForm>(blankForm)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<{ field?: string; text: string }>()
  const home = useCall(() => loadHome(locale), locale)
  const options = useCall(() => call<CheckoutOptions>('GET', '/_commerce/mini/checkout-options', { lang: locale }), locale)
  const priced = useCall(
    () => call<Priced>('POST', '/_commerce/cart', { lang: locale }, cartBody(cart)),
    `${JSON.stringify(cart)}:${locale}`
  )
  const account = useCall(async () => {
    // A guest has no account to read: asked only once this phone signed in.
    const mine = signedIn()
      ? await call<Account>('GET', '/_commerce/account', { lang: locale }).catch(() => undefined)
      : undefined
    if (mine) setForm((before) => ({ ...before, ...mine.customer }))
    return mine
  }, '')
  const symbol = home.data?.shop.symbol ?? '$'
  const set = (field: keyof CheckoutForm, value: string | boolean) =>
    setForm((before) => ({ ...before, [field]: value }) as CheckoutForm)
  const offer = options.data
  const { deliveries, delivery, shipped, choices, payment } = offer
    ? checkoutChoices(offer, priced.data?.shipping ?? [], form, isWeapp())
    : { deliveries: [], delivery: '', shipped: false, choices: [], payment: '' as const }
  const fee = priced.data?.shipping.find((method) => method._id === delivery)?.fee ?? 0
  const ageBox = offer?.ageGate === true && priced.data?.ageRestricted === true
  const label = (method: string) => offer?.payments.find((one) => one.id === method)?.label ?? t(`pay.${method}` as 'pay.bank')
  const place = async () => {
    if (busy) return
    setBusy(true)
    setProblem(undefined)
    const key = stored<string>(KEY) ?? newCheckoutKey()
    store(KEY, key)
    try {
      const placed = await call<{ link: string }>(
        'POST',
        '/_commerce/checkout',
        { lang: locale },
        checkoutBody(cart, { ...form, delivery, payment, ageConfirmed: ageBox && form.ageConfirmed }, key)
      )
      saveCart(emptyCart())
      store(KEY, undefined)
      void Taro.redirectTo({ url: pageUrl('order', { link: placed.link }) })
    } catch (error) {
      setProblem({ field: error instanceof ShopError ? error.field : undefined, text: errorText(error, locale) })
      setBusy(false)
    }
  }
  const input = (field: Field, label: string, type: 'text' | 'number' = 'text') => (
    <View className={`field field-${field}`}>
      <Text className="label">
        {offer?.required.includes(`customer.${field}`) ? `${label} (${t('checkout.required')})` : label}
      </Text>
      <Input className="input" type={type} value={form[field]} onInput={(event) => set(field, event.detail.value)} />
      {problem?.field === `customer.${field}` || problem?.field === field ? (
        <Text className="error-text">{problem.text}</Text>
      ) : null}
    </View>
  )
  if (cart.lines.length === 0) return <Status empty={t('cart.empty')} />
  if (!offer) return <Status loading={options.loading} error={options.error} onRetry={options.reload} />
  // No way to pay or to get the goods here: a message instead of a form that would only be refused.
  if (!canOrder(offer, isWeapp())) return <Status empty={t('checkout.closed')} />
  return (
    <View className="page checkout">
      <Status loading={priced.loading} error={priced.error} onRetry={priced.reload} />
      {!account.loading && !account.data ? <Text className="note">{t('checkout.guest')}</Text> : null}
      {input('firstName', t('checkout.firstName'))}
      {input('lastName', t('checkout.lastName'))}
      {input('email', t('checkout.email'))}
      {input('phone', t('checkout.phone'))}
      {deliveries.length ? (
        <View className="deliveries-block">
          <Text className="label">{t('checkout.delivery')}</Text>
          <RadioGroup className="choices deliveries" onChange={(event) => set('delivery', event.detail.value)}>
            {offer.pickUp ? (
              <Radio className="choice delivery-pickUp" value="pickUp" checked={delivery === 'pickUp'}>
                {offer.pickUpAddress ? `${t('checkout.pickUp')} (${offer.pickUpAddress})` : t('checkout.pickUp')}
              </Radio>
            ) : null}
            {priced.data?.shipping.map((method) => (
              <Radio key={method._id} className="choice delivery-ship" value={method._id} checked={delivery === method._id}>
                {`${pickText(method.name, locale)} ${moneyText(method.fee, symbol)}`}
              </Radio>
            ))}
          </RadioGroup>
        </View>
      ) : null}
      {shipped ? input('address', t('checkout.address')) : null}
      <Text className="label">{t('checkout.payment')}</Text>
      <RadioGroup className="choices payments" onChange={(event) => set('payment', event.detail.value)}>
        {choices.map((method) => (
          <Radio key={method} className={`choice payment-${method}`} value={method} checked={payment === method}>
            {label(method)}
          </Radio>
        ))}
      </RadioGroup>
      {problem?.field === 'payment' || problem?.field === 'shippingMethod' ? (
        <Text className="error-text">{problem.text}</Text>
      ) : null}
      {ageBox ? (
        <View className="field field-ageConfirmed">
          <CheckboxGroup onChange={(event) => set('ageConfirmed', event.detail.value.includes('yes'))}>
            <Checkbox className="age-confirm" value="yes" checked={form.ageConfirmed}>
              {t('checkout.age')}
            </Checkbox>
          </CheckboxGroup>
          {problem?.field === 'ageConfirmed' ? <Text className="error-text">{problem.text}</Text> : null}
        </View>
      ) : null}
      {input('remarks', t('checkout.remarks'))}
      {priced.data ? (
        <Text className="sum cart-total">{`${t('cart.total')} ${moneyText(priced.data.total + fee, symbol)}`}</Text>
      ) : null}
      {problem && !problem.field?.match(/^(customer\.|payment$|shippingMethod$|address$|remarks$|ageConfirmed$)/) ? (
        <Text className="error-text checkout-error">{problem.text}</Text>
      ) : null}
      <Button className="place-order" type="primary" disabled={busy || !priced.data || !payment} onClick={() => void place()}>
        {busy ? t('checkout.placing') : t('checkout.place')}
      </Button>
    </View>
  )
}
