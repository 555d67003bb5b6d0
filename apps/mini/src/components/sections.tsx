import Taro from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import { amountText } from '../lib/money'
import { pageUrl } from '../lib/query'
import { imageUrl, type Section } from '../lib/shop'
import { useLocale } from '../lib/use-locale'
import { Cards } from './cards'

/** A banner's link, a storefront path: its product or topic page here; other addresses stay out. */
const follow = (link?: string) => {
  const [, kind, id] = /^\/(products|topics)\/([0-9a-f]{24})\/?$/.exec(link ?? '') ?? []
  if (kind) void Taro.navigateTo({ url: pageUrl(kind === 'products' ? 'product' : 'topic', { id }) })
}

/** The home page's sections, as the shop's pages lay them out. */
export const Sections = ({ sections, symbol }: { sections: Section[]; symbol: string }) => {
  const { t } = useLocale()
  return (
    <View className="sections">
      {sections.map((section, i) => {
        if (section.type === 'banner')
          return (
            <View key={i} className="section banner">
              {section.images.map((image, j) => (
                <Image
                  key={j}
                  className="banner-image"
                  src={imageUrl(image.src) ?? ''}
                  mode="widthFix"
                  onClick={() => follow(image.link)}
                />
              ))}
            </View>
          )
        if (section.type === 'products')
          return (
            <View key={i} className="section products">
              {section.title ? <Text className="section-title">{section.title}</Text> : null}
              <Cards products={section.products} symbol={symbol} />
            </View>
          )
        if (section.type === 'topics')
          return (
            <View key={i} className="section topics">
              <Text className="section-title">{t('home.topics')}</Text>
              {section.topics.map((topic) => {
                const banner = imageUrl(topic.banner)
                return (
                  <View
                    key={topic._id}
                    className="topic-card"
                    onClick={() => void Taro.navigateTo({ url: pageUrl('topic', { id: topic._id }) })}
                  >
                    {banner ? <Image className="topic-banner" src={banner} mode="widthFix" /> : null}
                    <Text className="topic-name">{topic.name}</Text>
                    {topic.desc ? <Text className="topic-desc">{topic.desc}</Text> : null}
                    {amountText(topic.price, symbol) ? (
                      <Text className="topic-price">{amountText(topic.price, symbol)}</Text>
                    ) : null}
                  </View>
                )
              })}
            </View>
          )
        return (
          <View key={i} className="section text">
            <Text>{section.text}</Text>
          </View>
        )
      })}
    </View>
  )
}
