import Taro from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import { priceText } from '../lib/money'
import { pageUrl } from '../lib/query'
import { imageUrl, type Card } from '../lib/shop'
import { useLocale } from '../lib/use-locale'

/** Products as cards: picture, name, price (or sold out); a tap opens the product. */
export const Cards = ({ products, symbol }: { products: Card[]; symbol: string }) => {
  const { t } = useLocale()
  return (
    <View className="cards">
      {products.map((product) => {
        const image = imageUrl(product.image)
        return (
          <View
            key={product._id}
            className="card"
            onClick={() => void Taro.navigateTo({ url: pageUrl('product', { id: product._id }) })}
          >
            {image ? <Image className="card-image" src={image} mode="aspectFill" /> : <View className="card-image" />}
            <Text className="card-name">{product.name}</Text>
            <Text className={product.soldOut ? 'card-price sold-out' : 'card-price'}>
              {product.soldOut ? t('product.soldOut') : priceText(product.price, symbol)}
            </Text>
          </View>
        )
      })}
    </View>
  )
}
