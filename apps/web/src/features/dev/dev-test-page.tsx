import { lazy, Suspense, useMemo, useState } from 'react'
import { useLocation, useSearch } from '@tanstack/react-router'
import { Button, Card, CardContent, Stack, Typography } from '@mui/material'
import TouchApp from '@mui/icons-material/TouchApp'
import { NotFoundPage } from '../../components/ui/error-page'
import { useLoadedFeatures } from '../../lib/features'
import { formatFileSize, formatMoney } from '../../lib/format'
import { useT } from '../../lib/i18n/i18n'
import { notifyError, notifySuccess } from '../../lib/notify'
import { usePageOptions } from '../../lib/page-options'
import { DevPagesMenu } from './dev-pages-menu'

// The field gallery brings the editor and every field; only this developer page loads it, on demand.
const FieldGallery = lazy(() => import('./field-gallery').then((m) => ({ default: m.FieldGallery })))
// `?fixture=nested|cursor|lookup|virtual` shows one table fixture over a real service instead (browser tests).
const DevFixture = lazy(() => import('./dev-fixtures').then((m) => ({ default: m.DevFixture })))
// The hardware pages (decision 0097) bring the printer encoder: each loads on its own route only.
const hardwarePages = {
  printer: lazy(() => import('./dev-printer-page').then((m) => ({ default: m.PrinterTestPage }))),
  label: lazy(() => import('./dev-label-page').then((m) => ({ default: m.LabelTestPage }))),
  weight: lazy(() => import('./dev-weight-page').then((m) => ({ default: m.WeightTestPage }))),
  batch: lazy(() => import('./dev-batch-page').then((m) => ({ default: m.BatchTestPage })))
}

/** An error whose message cannot be read: showing it breaks the error page on purpose. */
const unreadableError = () => {
  const error = new Error()
  Object.defineProperty(error, 'message', {
    get() {
      throw new Error('unreadable message')
    }
  })
  return error
}

/**
 * Developer test pages (spec §2.2): the shell's checks with the browser tests' table fixtures at
 * `emporia/test`, the till's hardware at `emporia/printer`, `label`, `weight` and `batch`. It exists only when the
 * server says developer tools are on (DEV_TOOLS=1, decision 0067); otherwise it is a 404, and until
 * the server has answered it shows nothing.
 */
export const DevTestPage = () => {
  const features = useLoadedFeatures()
  const pathname = useLocation({ select: (location) => location.pathname })
  if (!features) return null
  if (!features.devTools) return <NotFoundPage />
  const Hardware = hardwarePages[pathname.split('/').pop() as keyof typeof hardwarePages]
  return Hardware ? (
    <Suspense fallback={null}>
      <Hardware />
    </Suspense>
  ) : (
    <DevTestContent />
  )
}

/** Exercises the shell's gestures, badges, messages and error page. */
const DevTestContent = () => {
  const { t } = useT()
  const [short, setShort] = useState(0)
  const [long, setLong] = useState(0)
  const [failure, setFailure] = useState<Error | undefined>()
  // `?dark&noDrawer&fullPage&large&noSelect` try the page options of spec §2.3 on this page.
  const search = useSearch({ strict: false }) as Record<string, unknown>
  // Raw text: the router's search parsing would turn an id such as `123e4…` into a number.
  const searchStr = useLocation({ select: (location) => location.searchStr })
  if (failure) throw failure

  const options = useMemo(
    () => ({
      dark: 'dark' in search,
      noDrawer: 'noDrawer' in search,
      fullPage: 'fullPage' in search,
      fontSize: 'large' in search ? ('large' as const) : ('normal' as const),
      noSelect: 'noSelect' in search,
      actions: [
        {
          key: 'press',
          label: t('dev.pressMe'),
          icon: <TouchApp />,
          badge: short + long || undefined,
          onShortPress: () => setShort((count) => count + 1),
          onLongPress: () => setLong((count) => count + 1)
        }
      ]
    }),
    [t, short, long, search]
  )
  usePageOptions(options)

  const params = new URLSearchParams(searchStr)
  if (params.get('fixture'))
    return (
      <Suspense fallback={null}>
        <DevFixture params={params} />
      </Suspense>
    )

  return (
    <Card variant="outlined" sx={{ maxWidth: 640 }}>
      <CardContent>
        <DevPagesMenu />
        <Typography sx={{ mb: 2 }}>{t('dev.intro')}</Typography>
        <Typography data-testid="dev-short">{t('dev.short', { count: short })}</Typography>
        <Typography data-testid="dev-long">{t('dev.long', { count: long })}</Typography>
        <Typography sx={{ mt: 2 }} data-testid="dev-money">
          {t('dev.money')}: {formatMoney(-123456789)}
        </Typography>
        <Typography data-testid="dev-sizes">
          {t('dev.sizes')}: {[100, 2048, 5 * 1024 ** 2, 3 * 1024 ** 3].map((size) => formatFileSize(size)).join(' · ')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" onClick={() => notifyError(t('dev.sampleError'))} data-testid="dev-error">
            {t('dev.showError')}
          </Button>
          <Button variant="outlined" onClick={() => notifySuccess(t('basic.saveSuccess'))} data-testid="dev-success">
            {t('dev.showSuccess')}
          </Button>
          <Button
            variant="outlined"
            color="error"
            onClick={() => setFailure(new Error(t('dev.sampleError')))}
            data-testid="dev-throw"
          >
            {t('dev.throw')}
          </Button>
          <Button variant="outlined" color="error" onClick={() => setFailure(unreadableError())} data-testid="dev-break">
            {t('dev.breakErrorPage')}
          </Button>
        </Stack>
        <Stack sx={{ mt: 2 }}>
          <Suspense fallback={null}>
            <FieldGallery />
          </Suspense>
        </Stack>
      </CardContent>
    </Card>
  )
}
