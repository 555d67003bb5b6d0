import Taro, { useRouter } from '@tarojs/taro'
import { Button, Input, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { Cards } from '../../components/cards'
import { Nav } from '../../components/nav'
import { Status } from '../../components/status'
import { call } from '../../lib/api'
import { productQuery } from '../../lib/query'
import { loadHome, type Card } from '../../lib/shop'
import { useCall } from '../../lib/use-call'
import { useLocale } from '../../lib/use-locale'

interface Listing {
  data: Card[]
  total: number
  page: number
  pages: number
}

/** A category's products, or all of them, with a search and more pages on request. */
export default function ProductsPage() {
  const { params } = useRouter()
  const { locale, t } = useLocale()
  const [q, setQ] = useState('')
  const [typed, setTyped] = useState('')
  const [page, setPage] = useState(1)
  const [shown, setShown] = useState<Card[]>([])
  const category = params.category
  const home = useCall(() => loadHome(locale), locale)
  const list = useCall(async () => {
    const answer = await call<Listing>('GET', '/_commerce/mini/products', productQuery({ category, q, page, lang: locale }))
    setShown((before) => (answer.page > 1 ? [...before, ...answer.data] : answer.data))
    return answer
  }, `${category}:${q}:${page}:${locale}`)
  useEffect(() => {
    if (params.title) void Taro.setNavigationBarTitle({ title: decodeURIComponent(params.title) })
  }, [params.title])
  const search = () => {
    setPage(1)
    setQ(typed)
  }
  return (
    <View className="page products">
      <View className="search">
        <Input
          className="search-input"
          value={typed}
          placeholder={t('products.search')}
          confirmType="search"
          onInput={(event) => setTyped(event.detail.value)}
          onConfirm={search}
        />
        <Button size="mini" onClick={search}>
          {t('products.search')}
        </Button>
      </View>
      <Status
        loading={list.loading && shown.length === 0}
        error={list.error}
        empty={!list.loading && shown.length === 0 && t('products.empty')}
        onRetry={list.reload}
      />
      <Cards products={shown} symbol={home.data?.shop.symbol ?? '$'} />
      {list.data && list.data.page < list.data.pages ? (
        <Button className="more" disabled={list.loading} onClick={() => setPage(list.data!.page + 1)}>
          {t('products.more')}
        </Button>
      ) : null}
      <Nav current="categories" />
    </View>
  )
}
