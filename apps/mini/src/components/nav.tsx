import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { itemCount } from '../lib/cart'
import { pageUrl } from '../lib/query'
import { loadCart } from '../lib/shop'
import { useLocale } from '../lib/use-locale'

const tabs = [
  ['home', 'nav.home'],
  ['categories', 'nav.categories'],
  ['cart', 'nav.cart'],
  ['orders', 'nav.me']
] as const

/** The bottom bar: home, categories, the cart with its count, the shopper's own page. */
export const Nav = ({ current }: { current?: string }) => {
  const { t } = useLocale()
  const count = itemCount(loadCart())
  return (
    <View className="nav">
      {tabs.map(([page, label]) => (
        <View
          key={page}
          className={`nav-item nav-${page}${current === page ? ' nav-current' : ''}`}
          onClick={() => void Taro.reLaunch({ url: pageUrl(page) })}
        >
          <Text>{t(label)}</Text>
          {page === 'cart' && count > 0 ? <Text className="nav-count">{count}</Text> : null}
        </View>
      ))}
    </View>
  )
}
