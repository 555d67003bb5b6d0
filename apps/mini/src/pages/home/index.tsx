import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { useEffect } from 'react'
import { LangSwitch } from '../../components/lang-switch'
import { Nav } from '../../components/nav'
import { Sections } from '../../components/sections'
import { Status } from '../../components/status'
import { loadHome } from '../../lib/shop'
import { useCall } from '../../lib/use-call'
import { useLocale } from '../../lib/use-locale'

/** The shop's home: its sections (banners, products, campaigns, text) from the server. */
export default function HomePage() {
  const { locale, t } = useLocale()
  const home = useCall(() => loadHome(locale, true), locale)
  const name = home.data?.shop.name
  useEffect(() => {
    if (name) void Taro.setNavigationBarTitle({ title: name })
  }, [name])
  return (
    <View className="page home">
      {name ? <Text className="shop-name">{name}</Text> : null}
      <Status
        loading={home.loading && !home.data}
        error={home.error}
        empty={home.data?.sections.length === 0 && t('state.empty')}
        onRetry={home.reload}
      />
      {home.data ? <Sections sections={home.data.sections} symbol={home.data.shop.symbol} /> : null}
      <LangSwitch />
      <Nav current="home" />
    </View>
  )
}
