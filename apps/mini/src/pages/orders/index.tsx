import Taro from '@tarojs/taro'
import { Button, Text, View } from '@tarojs/components'
import { LangSwitch } from '../../components/lang-switch'
import { Nav } from '../../components/nav'
import { Status } from '../../components/status'
import { call, ShopError } from '../../lib/api'
import { moneyText } from '../../lib/money'
import { statusKey } from '../../lib/order'
import { pageUrl } from '../../lib/query'
import { signedIn } from '../../lib/session'
import { loadHome, type Account } from '../../lib/shop'
import { useCall } from '../../lib/use-call'
import { useLocale } from '../../lib/use-locale'

/** The member's own page: their orders (from the account call), sign-in when they have none, the language. */
export default function OrdersPage() {
  const { locale, t } = useLocale()
  const home = useCall(() => loadHome(locale), locale)
  const known = signedIn()
  const account = useCall(
    () => (known ? call<Account>('GET', '/_commerce/account', { lang: locale }) : Promise.resolve(undefined)),
    `${known}:${locale}`
  )
  // Signed out: never signed in here, or the session ended (30 days, or signed out elsewhere).
  const signedOut =
    !known || (account.error instanceof ShopError && (account.error.status === 401 || account.error.status === 403))
  const symbol = home.data?.shop.symbol ?? '$'
  return (
    <View className="page orders">
      {signedOut ? (
        <View className="signed-out">
          <Text className="note">{t('orders.signIn')}</Text>
          <Button className="to-sign-in" type="primary" onClick={() => void Taro.navigateTo({ url: pageUrl('sign-in') })}>
            {t('signIn.title')}
          </Button>
        </View>
      ) : (
        <Status
          loading={account.loading}
          error={account.error}
          empty={account.data?.orders.length === 0 && t('orders.empty')}
          onRetry={account.reload}
        />
      )}
      {account.data?.orders.map((order) => {
        const status = statusKey(order.status)
        return (
          <View
            key={order.link}
            className="row order-row"
            onClick={() => void Taro.navigateTo({ url: pageUrl('order', { link: order.link }) })}
          >
            <Text className="order-number">{order.orderId}</Text>
            <Text className="order-status">{status ? t(status) : order.status}</Text>
            <Text className="order-total">{moneyText(order.total, symbol)}</Text>
          </View>
        )
      })}
      <LangSwitch />
      <Nav current="orders" />
    </View>
  )
}
