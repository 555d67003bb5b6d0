import Taro, { useRouter } from '@tarojs/taro'
import { Button, Image, RichText, Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { Nav } from '../../components/nav'
import { Status } from '../../components/status'
import { call } from '../../lib/api'
import { amountText } from '../../lib/money'
import { pageUrl } from '../../lib/query'
import { addToCart, imageUrl, loadHome, type TopicDetail } from '../../lib/shop'
import { useCall } from '../../lib/use-call'
import { useLocale } from '../../lib/use-locale'

/** A campaign page: its banner, rich text and products, each added to the cart from here. */
export default function TopicPage() {
  const { params } = useRouter()
  const { locale, t } = useLocale()
  const id = params.id ?? ''
  const home = useCall(() => loadHome(locale), locale)
  const topic = useCall(
    () => call<TopicDetail>('GET', `/_commerce/topics/${encodeURIComponent(id)}`, { lang: locale }),
    `${id}:${locale}`
  )
  const [added, setAdded] = useState<string[]>([])
  const symbol = home.data?.shop.symbol ?? '$'
  const item = topic.data
  useEffect(() => {
    if (item?.name) void Taro.setNavigationBarTitle({ title: item.name })
  }, [item?.name])
  const banner = imageUrl(item?.banner)
  return (
    <View className="page topic">
      <Status loading={topic.loading} error={topic.error} onRetry={topic.reload} />
      {item ? (
        <View className="topic-detail">
          {banner ? <Image className="topic-banner" src={banner} mode="widthFix" /> : null}
          <Text className="topic-title">{item.name}</Text>
          {item.desc ? <Text className="topic-desc">{item.desc}</Text> : null}
          {amountText(item.price, symbol) ? <Text className="topic-price">{amountText(item.price, symbol)}</Text> : null}
          {item.content ? <RichText className="topic-content" nodes={item.content} /> : null}
          <Text className="section-title">{t('topic.products')}</Text>
          {item.products.map((product) => {
            const image = imageUrl(product.image)
            return (
              <View key={product._id} className="topic-product">
                <View onClick={() => void Taro.navigateTo({ url: pageUrl('product', { id: product._id }) })}>
                  {image ? <Image className="card-image" src={image} mode="aspectFill" /> : null}
                  <Text className="card-name">{product.name}</Text>
                  {amountText(product.price, symbol) ? (
                    <Text className="card-price">{amountText(product.price, symbol)}</Text>
                  ) : null}
                </View>
                <Button
                  className="add-to-cart"
                  size="mini"
                  onClick={() => {
                    addToCart({ product: product._id, sku: '', quantity: 1, name: product.name, image: image })
                    setAdded((before) => [...before, product._id])
                  }}
                >
                  {t('product.add')}
                </Button>
                {added.includes(product._id) ? <Text className="added">{t('product.added')}</Text> : null}
              </View>
            )
          })}
        </View>
      ) : null}
      <Nav />
    </View>
  )
}
