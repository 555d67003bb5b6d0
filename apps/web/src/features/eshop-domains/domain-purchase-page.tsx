import { useState, type FormEvent } from 'react'
import { Alert, Box, Button, Checkbox, FormControlLabel, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material'
import { normalizeDomainName, type Domain, type DomainAvailability } from '@emporia/shared'
import { ConfirmDialog } from '../../components/editor/confirm-dialog'
import { AppLink } from '../../components/ui/app-link'
import { errorMessage } from '../../lib/errors'
import { formatMoney } from '../../lib/format/money'
import { useListT } from '../../lib/i18n/lists'
import { domainAvailability, registerDomain } from './domains-api'

const YEARS = [1, 2, 3, 5, 10]

/**
 * `eshop/domains/purchase` (spec §2.2, §4.1; decision 0112): search a name, see whether it is available and
 * its price, choose the years, agree to the registrar's terms, confirm, buy. The domain it answers is
 * verified at once (the purchase proves it is the shop's).
 */
export const DomainPurchasePage = () => {
  const { t } = useListT()
  const [query, setQuery] = useState('')
  const [offer, setOffer] = useState<DomainAvailability>()
  const [years, setYears] = useState(1)
  const [agreed, setAgreed] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [asking, setAsking] = useState(false)
  const [bought, setBought] = useState<Domain>()

  const search = async (event: FormEvent) => {
    event.preventDefault()
    const name = normalizeDomainName(query)
    if (!name) return
    setBusy(true)
    setError(undefined)
    setOffer(undefined)
    setBought(undefined)
    setAgreed(false)
    try {
      setOffer(await domainAvailability(name))
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  const buy = async () => {
    if (!offer?.price) return
    setBusy(true)
    setError(undefined)
    try {
      setBought(await registerDomain({ name: offer.name, years, price: offer.price, agreeTerms: agreed }))
      setOffer(undefined)
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
      setAsking(false)
    }
  }

  const price = (cents: number) => formatMoney(cents, '$')
  const total = offer?.price ? offer.price * years : 0

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 720 }}>
      <Stack spacing={2}>
        <Typography variant="h6">{t('domain.buy')}</Typography>
        <Paper component="form" onSubmit={search} sx={{ p: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              fullWidth
              size="small"
              label={t('domain.search')}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'domain-search' } }}
            />
            <Button type="submit" variant="contained" disabled={busy || !query.trim()} data-testid="domain-search-button">
              {t('domain.searchButton')}
            </Button>
          </Stack>
        </Paper>
        {error && (
          <Alert severity="error" data-testid="domain-purchase-error">
            {error}
          </Alert>
        )}
        {offer && !offer.available && (
          <Alert severity="warning" data-testid="domain-unavailable">
            {t('domain.notAvailable', { name: offer.name })} {offer.reason ? t(`domain.reason.${offer.reason}`) : ''}
          </Alert>
        )}
        {offer?.available && offer.price !== undefined && (
          <Paper sx={{ p: 2 }} data-testid="domain-offer">
            <Stack spacing={1.5}>
              <Typography variant="subtitle1" data-testid="domain-available">
                {t('domain.available', { name: offer.name })}
              </Typography>
              <Typography data-testid="domain-price">
                {t('domain.pricePerYear', { price: price(offer.price), currency: offer.currency ?? '' })}
              </Typography>
              <TextField
                select
                size="small"
                label={t('domain.years')}
                value={years}
                onChange={(event) => setYears(Number(event.target.value))}
                sx={{ maxWidth: 160 }}
                slotProps={{ htmlInput: { 'data-testid': 'domain-years' } }}
              >
                {YEARS.map((value) => (
                  <MenuItem key={value} value={value}>
                    {value}
                  </MenuItem>
                ))}
              </TextField>
              <Typography sx={{ fontWeight: 'bold' }} data-testid="domain-total">
                {t('domain.total', { price: price(total), currency: offer.currency ?? '' })}
              </Typography>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={agreed}
                    onChange={(event) => setAgreed(event.target.checked)}
                    slotProps={{ input: { ...{ 'data-testid': 'domain-agree' } } }}
                  />
                }
                label={t('domain.agreeRegistrar')}
              />
              <Box>
                <Button variant="contained" disabled={busy || !agreed} onClick={() => setAsking(true)} data-testid="domain-buy">
                  {t('domain.buyButton')}
                </Button>
              </Box>
            </Stack>
          </Paper>
        )}
        {bought && (
          <Alert
            severity="success"
            data-testid="domain-bought"
            action={
              <Button component={AppLink} href={`/eshop/domains/edit/${bought._id}`} size="small" data-testid="domain-open">
                {t('domain.open')}
              </Button>
            }
          >
            {t('domain.bought', { name: bought.name })}
          </Alert>
        )}
      </Stack>
      <ConfirmDialog
        open={asking}
        busy={busy}
        text={
          offer ? t('domain.confirmBuy', { name: offer.name, years, price: price(total), currency: offer.currency ?? '' }) : ''
        }
        onConfirm={() => void buy()}
        onClose={() => setAsking(false)}
        testId="domain-buy-confirm"
      />
    </Box>
  )
}
