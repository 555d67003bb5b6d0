import { Button, Text, View } from '@tarojs/components'
import { errorText } from '../lib/errors'
import { useLocale } from '../lib/use-locale'

interface Props {
  loading?: boolean
  error?: unknown
  /** Shown when loaded, without error, and there is nothing to show. */
  empty?: string | false
  onRetry?: () => void
}

/** A page's loading, error and empty states; nothing once there is something to show. */
export const Status = ({ loading, error, empty, onRetry }: Props) => {
  const { locale, t } = useLocale()
  if (loading) return <View className="status status-loading">{t('state.loading')}</View>
  if (error)
    return (
      <View className="status status-error">
        <Text className="error-text">{errorText(error, locale)}</Text>
        {onRetry ? (
          <Button className="retry" size="mini" onClick={onRetry}>
            {t('state.retry')}
          </Button>
        ) : null}
      </View>
    )
  if (empty) return <View className="status status-empty">{empty}</View>
  return null
}
