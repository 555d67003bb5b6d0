import { Text, View } from '@tarojs/components'
import { locales } from '../lib/locale'
import { localeNames } from '../lib/messages'
import { chooseLocale, useLocale } from '../lib/use-locale'

/** The three languages; the chosen one is kept on the phone. */
export const LangSwitch = () => {
  const { locale } = useLocale()
  return (
    <View className="langs">
      {locales.map((id) => (
        <Text key={id} className={id === locale ? 'lang lang-current' : 'lang'} onClick={() => chooseLocale(id)}>
          {localeNames[id]}
        </Text>
      ))}
    </View>
  )
}
