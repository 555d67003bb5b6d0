import { useRouter } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { Nav } from '../../components/nav'
import { Status } from '../../components/status'
import { call } from '../../lib/api'
import { pickText } from '../../lib/locale'
import { moneyText } from '../../lib/money'
import { statusKey, type OrderView } from '../../lib/order'
import { loadHome } from '../../lib/shop'
import { useCall } from '../../lib/use-call'
import { useLocale } from '../../lib/use-locale'

/** An order's status page, by the secret link the checkout answered. */
export default function OrderPage() {
  const { params } = useRouter()
  const { locale, t } = useLocale()
  const link = params.link ?? ''
  const home = useCall(() => loadHome(locale), locale)
  const order = useCall(
    () => call<OrderView>('GET', `/_commerce/orders/${encodeURIComponent(link)}`, { lang: locale }),
    `${link}:${locale}`
  )
  const money = (cents: number) => moneyText(cents, home.data?.shop.symbol ?? '$')
  const item = order.data
  const status = item ? statusKey(item.status) : undefined
  return (
    <View className="page order">
      <Status loading={order.loading} error={order.error} onRetry={order.reload} />
      {item ? (
        <View className="order-detail">
          <Text className="order-number">{`${t('order.number')} ${item.orderId}`}</Text>
          <Text className="order-status">{`${t('order.status')}: ${status ? t(status) : item.status}`}</Text>
          {item.products.map((line, i) => (
            <View key={i} className="order-line">
              <Text>{`${pickText(line.name, locale)} × ${line.quantity}`}</Text>
              <Text>{money(line.total)}</Text>
            </View>
          ))}
          <Text className="sum cart-total">{`${t('cart.total')} ${money(item.total)}`}</Text>
          {item.waitsForPayment ? <Text className="note">{t('order.waits')}</Text> : null}
          {item.bankAccounts.length ? (
            <View className="bank">
              <Text>{t('order.bank')}</Text>
              {item.bankAccounts.map((account) => (
                <Text key={account.no}>{`${account.bankName} ${account.name} ${account.no}`}</Text>
              ))}
            </View>
          ) : null}
        </View>
      ) : null}
      <Nav />
    </View>
  )
}
