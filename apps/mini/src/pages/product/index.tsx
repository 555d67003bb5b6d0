import Taro, { useRouter } from '@tarojs/taro'
import { Button, Image, RichText, ScrollView, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { Nav } from '../../components/nav'
import { Status } from '../../components/status'
import { call } from '../../lib/api'
import { priceText } from '../../lib/money'
import { addToCart, imageUrl, loadHome, type ProductDetail } from '../../lib/shop'
import { useCall } from '../../lib/use-call'
import { useLocale } from '../../lib/use-locale'

/** One product: its pictures, description, SKU choice and the add-to-cart button. */
export default function ProductPage() {
  const { params } = useRouter()
  const { locale, t } = useLocale()
  const id = params.id ?? ''
  const home = useCall(() => loadHome(locale), locale)
  const product = useCall(
    () => call<ProductDetail>('GET', `/_commerce/mini/products/${encodeURIComponent(id)}`, { lang: locale }),
    `${id}:${locale}`
  )
  const [sku, setSku] = useState('')
  const [added, setAdded] = useState(false)
  const symbol = home.data?.shop.symbol ?? '$'
  const item = product.data
  const chosen = item?.skus.find((one) => one._id === sku)
  const needsSku = Boolean(item && item.skus.length > 0 && !chosen)
  const soldOut = Boolean(item?.soldOut || chosen?.soldOut)
  const add = () => {
    if (!item || needsSku || soldOut) return
    addToCart({
      product: item._id,
      sku,
      quantity: 1,
      name: chosen ? `${item.name} · ${chosen.name}` : item.name,
      image: item.images[0]
    })
    setAdded(true)
    void Taro.showToast({ title: t('product.added'), icon: 'success' })
  }
  return (
    <View className="page product">
      <Status loading={product.loading} error={product.error} onRetry={product.reload} />
      {item ? (
        <View className="product-detail">
          <ScrollView className="product-images" scrollX>
            {item.images.map((src) => (
              <Image key={src} className="product-image" src={imageUrl(src) ?? ''} mode="aspectFit" />
            ))}
          </ScrollView>
          <Text className="product-name">{item.name}</Text>
          <Text className="product-price">{soldOut ? t('product.soldOut') : priceText(chosen?.price ?? item.price, symbol)}</Text>
          {item.skus.length ? (
            <View className="skus">
              <Text className="skus-label">{t('product.choose')}</Text>
              {item.skus.map((one) => (
                <Text
                  key={one._id}
                  className={`sku${one._id === sku ? ' sku-current' : ''}${one.soldOut ? ' sold-out' : ''}`}
                  onClick={() => setSku(one._id)}
                >
                  {one.name}
                </Text>
              ))}
            </View>
          ) : null}
          <Button className="add-to-cart" type="primary" disabled={needsSku || soldOut} onClick={add}>
            {t('product.add')}
          </Button>
          {added ? <Text className="added">{t('product.added')}</Text> : null}
          {item.description ? <RichText className="description" nodes={item.description} /> : null}
        </View>
      ) : null}
      <Nav />
    </View>
  )
}
