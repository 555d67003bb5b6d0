import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { Nav } from '../../components/nav'
import { Status } from '../../components/status'
import { call } from '../../lib/api'
import { pageUrl } from '../../lib/query'
import { useCall } from '../../lib/use-call'
import { useLocale } from '../../lib/use-locale'

/** The shop's categories; each opens its product list. */
export default function CategoriesPage() {
  const { locale, t } = useLocale()
  const list = useCall(
    () => call<{ data: { _id: string; name: string }[] }>('GET', '/_commerce/mini/categories', { lang: locale }),
    locale
  )
  const open = (category?: string, title?: string) => void Taro.navigateTo({ url: pageUrl('products', { category, title }) })
  return (
    <View className="page categories">
      <View className="row category" onClick={() => open()}>
        <Text>{t('categories.all')}</Text>
      </View>
      <Status loading={list.loading} error={list.error} onRetry={list.reload} />
      {list.data?.data.map((category) => (
        <View key={category._id} className="row category" onClick={() => open(category._id, category.name)}>
          <Text>{category.name}</Text>
        </View>
      ))}
      <Nav current="categories" />
    </View>
  )
}
