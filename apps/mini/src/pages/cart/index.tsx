import Taro, { useDidShow } from '@tarojs/taro'
import { Button, Input, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { Nav } from '../../components/nav'
import { Status } from '../../components/status'
import { call } from '../../lib/api'
import { cartBody, setQuantity, type Cart } from '../../lib/cart'
import { moneyText } from '../../lib/money'
import { pageUrl } from '../../lib/query'
import { loadCart, loadHome, saveCart, type Priced } from '../../lib/shop'
import { useCall } from '../../lib/use-call'
import { useLocale } from '../../lib/use-locale'

/** The cart kept on the phone, priced by the server each time it changes. */
export default function CartPage() {
  const { locale, t } = useLocale()
  const [cart, setCart] = useState<Cart>(loadCart)
  const [code, setCode] = useState('')
  useDidShow(() => setCart(loadCart()))
  const home = useCall(() => loadHome(locale), locale)
  const priced = useCall(
    () =>
      cart.lines.length ? call<Priced>('POST', '/_commerce/cart', { lang: locale }, cartBody(cart)) : Promise.resolve(undefined),
    `${JSON.stringify(cart)}:${locale}`
  )
  const symbol = home.data?.shop.symbol ?? '$'
  const change = (next: Cart) => {
    saveCart(next)
    setCart(next)
  }
  const money = (cents: number) => moneyText(cents, symbol)
  const sums = priced.data
  return (
    <View className="page cart">
      <Status empty={cart.lines.length === 0 && t('cart.empty')} />
      {cart.lines.map((line) => {
        const price = sums?.lines.find((one) => one.product === line.product && one.sku === line.sku)
        return (
          <View key={`${line.product}:${line.sku}`} className="cart-line">
            <Text className="cart-name">{price?.name ?? line.name ?? ''}</Text>
            <View className="quantity">
              <Button size="mini" onClick={() => change(setQuantity(cart, line.product, line.sku, line.quantity - 1))}>
                −
              </Button>
              <Text className="cart-quantity">{line.quantity}</Text>
              <Button size="mini" onClick={() => change(setQuantity(cart, line.product, line.sku, line.quantity + 1))}>
                +
              </Button>
            </View>
            {price ? <Text className="cart-line-total">{money(price.total)}</Text> : null}
          </View>
        )
      })}
      {cart.lines.length ? (
        <View className="cart-sums">
          <Status loading={priced.loading && !sums} error={priced.error} onRetry={priced.reload} />
          <View className="coupon">
            <Input
              className="coupon-input"
              value={code}
              placeholder={t('cart.coupon')}
              onInput={(event) => setCode(event.detail.value)}
            />
            <Button
              size="mini"
              onClick={() => {
                if (code.trim())
                  change({ ...cart, coupons: [...cart.coupons.filter((known) => known !== code.trim()), code.trim()] })
                setCode('')
              }}
            >
              {t('cart.apply')}
            </Button>
          </View>
          {sums?.refused.map((refused) => (
            <Text key={refused.code} className="error-text">
              {refused.message}
            </Text>
          ))}
          {sums?.suggestions.map((suggestion, i) => (
            <Text key={i} className="suggestion">
              {suggestion.message}
            </Text>
          ))}
          {sums ? (
            <View className="sums">
              <Text className="sum">{`${t('cart.subtotal')} ${money(sums.subtotal)}`}</Text>
              {sums.discount ? <Text className="sum">{`${t('cart.discount')} -${money(sums.discount)}`}</Text> : null}
              <Text className="sum cart-total">{`${t('cart.total')} ${money(sums.total)}`}</Text>
            </View>
          ) : null}
          <Button
            className="to-checkout"
            type="primary"
            disabled={!sums}
            onClick={() => void Taro.navigateTo({ url: pageUrl('checkout') })}
          >
            {t('cart.checkout')}
          </Button>
        </View>
      ) : null}
      <Nav current="cart" />
    </View>
  )
}
