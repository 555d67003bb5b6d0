import Taro from '@tarojs/taro'
import { Button, Input, Radio, RadioGroup, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { Status } from '../../components/status'
import { call, ShopError } from '../../lib/api'
import { cartBody, emptyCart } from '../../lib/cart'
import { blankForm, checkoutBody, newCheckoutKey, offeredPayments, type CheckoutForm } from '../../lib/checkout'
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

/** Contact, pick-up or delivery, payment, then the order once, whatever is pressed twice. */
export default function CheckoutPage() {
  const { locale, t } = useLocale()
  const [cart] = useState(loadCart)
  const [form, setForm] = useState<CheckoutForm>(blankForm)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<{ field?: string; text: string }>()
  const home = useCall(() => loadHome(locale), locale)
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
  const set = (field: keyof CheckoutForm, value: string) => setForm((before) => ({ ...before, [field]: value }) as CheckoutForm)
  const fee = priced.data?.shipping.find((method) => method._id === form.delivery)?.fee ?? 0
  const choices = offeredPayments(form.delivery, isWeapp())
  const place = async () => {
    if (busy) return
    setBusy(true)
    setProblem(undefined)
    const key = stored<string>(KEY) ?? newCheckoutKey()
    store(KEY, key)
    try {
      const placed = await call<{ link: string }>('POST', '/_commerce/checkout', { lang: locale }, checkoutBody(cart, form, key))
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
      <Text className="label">{label}</Text>
      <Input className="input" type={type} value={form[field]} onInput={(event) => set(field, event.detail.value)} />
      {problem?.field === `customer.${field}` || problem?.field === field ? (
        <Text className="error-text">{problem.text}</Text>
      ) : null}
    </View>
  )
  if (cart.lines.length === 0) return <Status empty={t('cart.empty')} />
  return (
    <View className="page checkout">
      <Status loading={priced.loading} error={priced.error} onRetry={priced.reload} />
      {!account.loading && !account.data ? <Text className="note">{t('checkout.guest')}</Text> : null}
      {input('firstName', t('checkout.firstName'))}
      {input('lastName', t('checkout.lastName'))}
      {input('email', t('checkout.email'))}
      {input('phone', t('checkout.phone'))}
      <Text className="label">{t('checkout.delivery')}</Text>
      <RadioGroup className="choices deliveries" onChange={(event) => set('delivery', event.detail.value)}>
        <Radio className="choice delivery-pickUp" value="pickUp" checked={form.delivery === 'pickUp'}>
          {t('checkout.pickUp')}
        </Radio>
        {priced.data?.shipping.map((method) => (
          <Radio key={method._id} className="choice delivery-ship" value={method._id} checked={form.delivery === method._id}>
            {`${pickText(method.name, locale)} ${moneyText(method.fee, symbol)}`}
          </Radio>
        ))}
      </RadioGroup>
      {form.delivery !== 'pickUp' ? input('address', t('checkout.address')) : null}
      <Text className="label">{t('checkout.payment')}</Text>
      <RadioGroup className="choices payments" onChange={(event) => set('payment', event.detail.value)}>
        {choices.map((payment) => (
          <Radio key={payment} className={`choice payment-${payment}`} value={payment} checked={form.payment === payment}>
            {t(`pay.${payment}`)}
          </Radio>
        ))}
      </RadioGroup>
      {problem?.field === 'payment' || problem?.field === 'shippingMethod' ? (
        <Text className="error-text">{problem.text}</Text>
      ) : null}
      {input('remarks', t('checkout.remarks'))}
      {priced.data ? (
        <Text className="sum cart-total">{`${t('cart.total')} ${moneyText(priced.data.total + fee, symbol)}`}</Text>
      ) : null}
      {problem && !problem.field?.match(/^(customer\.|payment$|shippingMethod$|address$|remarks$)/) ? (
        <Text className="error-text checkout-error">{problem.text}</Text>
      ) : null}
      <Button className="place-order" type="primary" disabled={busy || !priced.data} onClick={() => void place()}>
        {busy ? t('checkout.placing') : t('checkout.place')}
      </Button>
    </View>
  )
}
