import { Box, Stack, Typography } from '@mui/material'
import { remoteFontScalePercent, type PosDisplay } from '@emporia/shared'
import { useT } from '../../lib/i18n/i18n'
import { useListT } from '../../lib/i18n/lists'
import { resolveText } from '../../lib/i18n/translatable'
import { useCurrentShop } from '../../lib/shop'
import { enabledBanners, screenMode } from './customer-display'
import { PosScreenBanners } from './pos-screen-banners'
import { useCustomerDisplay } from './use-customer-display'

/**
 * The customer-facing screen (spec §2.13 posScreen; decision 0099): the order as the till shows it, the
 * payment and change once paid, the shop's banners while idle; sized by the cashier's remoteFontScale.
 */
export const PosScreenPage = () => {
  const state = useCustomerDisplay()
  const shop = useCurrentShop(true)
  const mode = screenMode(state.display)
  const banners = enabledBanners(shop)
  // The shop's multiscreen switch (decision 0196): off, the till feeds nothing and the screen says why.
  if (shop?.multiscreen === false) return <SwitchedOff />
  return (
    <Box
      data-testid="pos-screen"
      data-mode={mode}
      data-cashier={state.cashier ?? ''}
      // Inline: the scale changes at run time, and one class per value would pile up.
      style={{ fontSize: `${remoteFontScalePercent(state.remoteFontScale)}%` }}
      sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}
    >
      {mode === 'idle' ? (
        banners.length ? (
          <PosScreenBanners banners={banners} />
        ) : (
          <Welcome name={shop?.name} />
        )
      ) : (
        <OrderView display={state.display!} paid={mode === 'paid'} />
      )}
    </Box>
  )
}

const SwitchedOff = () => {
  const { t } = useListT()
  return (
    <Box data-testid="pos-screen-off" sx={{ flex: 1, display: 'grid', placeItems: 'center', textAlign: 'center', p: 4 }}>
      <div>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {t('posDisplay.off')}
        </Typography>
        <Typography sx={{ mt: 2, opacity: 0.7 }}>{t('posDisplay.offHelp')}</Typography>
      </div>
    </Box>
  )
}

const Welcome = ({ name }: { name: unknown }) => {
  const { t, tAny, language } = useT()
  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', textAlign: 'center', p: 4 }}>
      <div>
        <Typography variant="h2" component="p" sx={{ fontWeight: 700 }}>
          {t('posScreen.welcome')}
        </Typography>
        {name ? <Typography variant="h4">{resolveText(name as never, language, tAny)}</Typography> : null}
        <Typography sx={{ mt: 2, opacity: 0.7 }}>{t('posScreen.idle')}</Typography>
      </div>
    </Box>
  )
}

// Sizes in em, so the cashier's remoteFontScale on the root scales everything.
const OrderView = ({ display, paid }: { display: PosDisplay; paid: boolean }) => {
  const { t } = useListT()
  return (
    <Stack sx={{ flex: 1, p: 3, gap: 2, fontSize: '1.5em' }}>
      <Box component="ol" sx={{ flex: 1, overflow: 'auto', listStyle: 'none', m: 0, p: 0 }}>
        {display.lines.map((line, index) => (
          <Box
            component="li"
            key={index}
            data-testid={`pos-screen-line-${index}`}
            sx={{
              display: 'grid',
              gridTemplateColumns: '1fr auto auto',
              gap: 2,
              py: 0.75,
              borderBottom: '1px solid rgba(255,255,255,0.15)'
            }}
          >
            <span>
              {line.name}
              {line.discount ? (
                <Box component="span" sx={{ display: 'block', fontSize: '0.7em', color: '#86efac' }}>
                  {line.discount}
                </Box>
              ) : null}
            </span>
            <span>
              {line.quantity} × {line.price}
            </span>
            <Box component="span" sx={{ textAlign: 'right', minWidth: '6em' }}>
              {line.total}
            </Box>
          </Box>
        ))}
      </Box>
      {display.suggest?.length ? (
        <Box data-testid="pos-screen-suggest" sx={{ color: '#fde68a', fontSize: '0.8em' }}>
          {display.suggest.map((text) => (
            <div key={text}>{text}</div>
          ))}
        </Box>
      ) : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5, columnGap: 3 }}>
        {display.subtotal && <Row label={t('posDisplay.subtotal')} value={display.subtotal} />}
        {display.discount && <Row label={t('posDisplay.discount')} value={display.discount} />}
        <Row label={t('posDisplay.total')} value={display.total ?? ''} strong testId="pos-screen-total" />
        {paid && display.received && <Row label={t('posDisplay.received')} value={display.received} />}
        {paid && display.change && (
          <Row label={t('posDisplay.change')} value={display.change} strong testId="pos-screen-change" />
        )}
      </Box>
      {paid && (
        <Typography
          data-testid="pos-screen-paid"
          sx={{ textAlign: 'center', fontSize: '1.3em', fontWeight: 700, color: '#86efac' }}
        >
          {t('posDisplay.thanks')}
        </Typography>
      )}
    </Stack>
  )
}

const Row = ({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) => (
  <>
    <Box sx={{ fontWeight: strong ? 700 : 400, fontSize: strong ? '1.3em' : '1em' }}>{label}</Box>
    <Box data-testid={testId} sx={{ textAlign: 'right', fontWeight: strong ? 700 : 400, fontSize: strong ? '1.3em' : '1em' }}>
      {value}
    </Box>
  </>
)
