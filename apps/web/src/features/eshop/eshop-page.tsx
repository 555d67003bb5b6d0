import { useState } from 'react'
import { Alert, Box, Button, CircularProgress, Paper, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  findShopTemplate,
  pickTran,
  shopTemplates,
  SUBDOMAIN_PATTERN,
  templateColors,
  themeColorKeys,
  type ThemeColorKey,
  type ThemeColors,
  type ThemeInstallMode,
  type ThemeInstallResult
} from '@emporia/shared'
import { useAppNavigate } from '../../components/ui/app-link'
import { useSession } from '../../lib/auth'
import { errorField, errorMessage, errorStatus } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'
import { notifyError } from '../../lib/notify'
import { fetchShops, setCurrentShopId, useCurrentShopId, useShops } from '../../lib/shop'
import { CustomizeStep } from './customize-step'
import { createShop, fetchTheme, installTemplate, patchShop } from './eshop-api'
import { InstallDialog } from './install-dialog'
import { InstallDone } from './install-done'
import { NameStep, type NameValues } from './name-step'
import { TemplateStep } from './template-step'

const SUBDOMAIN_RE = new RegExp(SUBDOMAIN_PATTERN)
const STEPS = ['wizard.step.name', 'wizard.step.template', 'wizard.step.customize'] as const

/**
 * /eshop, the setup wizard (spec §2.9, decision 0110): name → template → customize, then "Are you sure
 * to use this theme?" with cancel / install / replace. A merchant without a shop creates it at the
 * first step; one with a shop re-themes it. The install publishes, so the storefront works at once.
 */
export const EshopPage = () => {
  const { t, language } = useListT()
  const navigate = useAppNavigate()
  const queryClient = useQueryClient()
  const signedIn = useSession().status === 'signed-in'
  const shops = useShops(signedIn)
  const currentId = useCurrentShopId()
  const shop = shops.data?.find((candidate) => candidate._id === currentId)
  const theme = useQuery({
    queryKey: ['wizard-theme', shop?._id],
    queryFn: () => fetchTheme(shop!._id),
    enabled: Boolean(shop),
    retry: false
  })

  const [step, setStep] = useState(0)
  const [names, setNames] = useState<NameValues>({ name: '', subdomain: '' })
  const [tried, setTried] = useState(false)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [templateId, setTemplateId] = useState(shopTemplates[0].id)
  const [colors, setColors] = useState(templateColors(shopTemplates[0]))
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [installError, setInstallError] = useState<string>()
  const [result, setResult] = useState<ThemeInstallResult>()
  const template = findShopTemplate(templateId) ?? shopTemplates[0]

  // An existing shop: its name and subdomain, and the template and colours it has, as the starting point
  // (set while rendering, once per shop and per theme, so the merchant's edits then stand).
  const [seededShop, setSeededShop] = useState<string>()
  const [seededTheme, setSeededTheme] = useState<string>()
  if (shop && seededShop !== shop._id) {
    setSeededShop(shop._id)
    setNames({ name: pickTran(shop.name, language), subdomain: shop.subdomain })
  }
  const installedTheme = theme.data
  if (installedTheme && seededTheme !== installedTheme._id) {
    setSeededTheme(installedTheme._id)
    const installed = installedTheme.template ? findShopTemplate(installedTheme.template) : undefined
    if (installed) {
      setTemplateId(installed.id)
      setColors(templateColors(installed, installedTheme.colors))
    }
  }

  const formErrors = {
    name: names.name.trim() ? undefined : t('format.required'),
    subdomain: !names.subdomain.trim()
      ? t('format.required')
      : SUBDOMAIN_RE.test(names.subdomain.trim())
        ? undefined
        : t('format.subdomain')
  }
  const nameErrors = { name: formErrors.name ?? serverErrors.name, subdomain: formErrors.subdomain ?? serverErrors.subdomain }

  /** A server refusal on a field shows under it; anything else in the error snackbar. */
  const onFieldError = (error: unknown, fields: readonly string[]) => {
    const field = errorField(error)
    if (field && fields.includes(field)) setServerErrors({ [field]: errorMessage(error) })
    else notifyError(errorMessage(error))
  }

  /** Step one's end: creates the shop (no shop yet) or saves a changed name or subdomain. */
  const saveShop = async (): Promise<string | undefined> => {
    setTried(true)
    setServerErrors({})
    if (formErrors.name || formErrors.subdomain) return undefined
    setBusy(true)
    try {
      if (!shop) {
        const created = await createShop(names)
        // The new shop must be in the list before it becomes the current one.
        await fetchShops(queryClient, true)
        setCurrentShopId(created._id)
        return created._id
      }
      if (pickTran(shop.name, language) !== names.name.trim() || shop.subdomain !== names.subdomain.trim()) {
        await patchShop(shop._id, names)
        await fetchShops(queryClient, true)
      }
      return shop._id
    } catch (error) {
      onFieldError(error, ['name', 'subdomain'])
      return undefined
    } finally {
      setBusy(false)
    }
  }

  const next = async () => {
    if (step === 0 && !(await saveShop())) return
    setStep((current) => Math.min(current + 1, STEPS.length - 1))
  }

  const chooseTemplate = (id: string) => {
    setTemplateId(id)
    setColors(templateColors(findShopTemplate(id) ?? shopTemplates[0]))
  }

  const install = async (mode: ThemeInstallMode) => {
    if (!currentId) return
    setBusy(true)
    setInstallError(undefined)
    setServerErrors({})
    try {
      setResult(await installTemplate(currentId, { template: template.id, colors, mode, locale: language }))
      setConfirming(false)
      void theme.refetch()
    } catch (error) {
      const field = errorField(error)
      if (field?.startsWith('colors.')) {
        // A colour the server refused: back to the colours, the message under that one.
        setConfirming(false)
        setStep(2)
        setServerErrors({ [field.slice(7)]: errorMessage(error) })
      } else if (errorStatus(error) === 409) setInstallError(errorMessage(error))
      else {
        setConfirming(false)
        notifyError(errorMessage(error))
      }
    } finally {
      setBusy(false)
    }
  }

  if (signedIn && shops.isPending)
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status" data-testid="wizard-loading">
        <CircularProgress size={24} />
        <Typography>{t('wizard.loading')}</Typography>
      </Stack>
    )
  if (shops.isError)
    return (
      <Alert
        severity="error"
        data-testid="wizard-load-error"
        action={<Button onClick={() => void shops.refetch()}>{t('wizard.retry')}</Button>}
      >
        {t('wizard.loadFailed')}
      </Alert>
    )

  const colorErrors = Object.fromEntries(
    Object.entries(serverErrors).filter(([key]) => (themeColorKeys as readonly string[]).includes(key))
  ) as Partial<Record<ThemeColorKey, string>>
  const installed = theme.data?.template ? findShopTemplate(theme.data.template) : undefined

  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }} data-testid="wizard">
      <Box>
        <Typography variant="h5" component="h1">
          {t('wizard.title')}
        </Typography>
        <Typography color="text.secondary">{t('wizard.subtitle')}</Typography>
        {installed && (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="wizard-current-template">
            {t('wizard.installed', { name: installed.name[language] })}
          </Typography>
        )}
      </Box>
      {result ? (
        <InstallDone
          result={result}
          onDashboard={() => navigate(`/${currentId}/dashboard`)}
          onAgain={() => {
            setResult(undefined)
            setStep(1)
          }}
        />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }} data-testid="wizard-steps">
            {STEPS.map((label) => (
              <Step key={label}>
                <StepLabel>{t(label)}</StepLabel>
              </Step>
            ))}
          </Stepper>
          <Box
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              if (step < STEPS.length - 1) void next()
              else setConfirming(true)
            }}
            data-testid={`wizard-step-${step}`}
          >
            {step === 0 && (
              <NameStep
                values={names}
                onChange={setNames}
                errors={nameErrors}
                shown={tried || Boolean(serverErrors.name || serverErrors.subdomain)}
              />
            )}
            {step === 1 && <TemplateStep value={templateId} onChange={chooseTemplate} language={language} />}
            {step === 2 && (
              <CustomizeStep
                template={template}
                colors={colors}
                onChange={(value: Required<ThemeColors>) => setColors(value)}
                errors={colorErrors}
                language={language}
              />
            )}
            <Stack direction="row" spacing={1} sx={{ mt: 3, flexWrap: 'wrap', gap: 1 }}>
              {step > 0 && (
                <Button onClick={() => setStep(step - 1)} disabled={busy} data-testid="wizard-back">
                  {t('wizard.back')}
                </Button>
              )}
              <Box sx={{ flex: 1 }} />
              {step === 0 && !shop && (
                <Button
                  onClick={() => void saveShop().then((id) => id && navigate(`/${id}/dashboard`))}
                  disabled={busy}
                  data-testid="create-shop-submit"
                >
                  {t('wizard.skip')}
                </Button>
              )}
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={busy}
                startIcon={busy && !confirming ? <CircularProgress size={16} color="inherit" /> : undefined}
                data-testid={step < STEPS.length - 1 ? 'wizard-next' : 'wizard-use'}
              >
                {step < STEPS.length - 1 ? t('wizard.next') : t('wizard.use')}
              </Button>
            </Stack>
          </Box>
        </Paper>
      )}
      <InstallDialog
        open={confirming}
        busy={busy}
        error={installError}
        onCancel={() => {
          setConfirming(false)
          setInstallError(undefined)
        }}
        onInstall={(mode) => void install(mode)}
      />
    </Stack>
  )
}
