import { useState } from 'react'
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Grid,
  InputAdornment,
  Stack,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
  useTheme
} from '@mui/material'
import { planFeatures, type Plan } from '@emporia/shared'
import { refusedFields } from '../../components/editor/server-errors'
import { errorMessage } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import { useSavePlan } from './operator-api'
import {
  emptyPlanForm,
  formToPlan,
  limitKinds,
  limitNames,
  planPatch,
  planToForm,
  type LimitName,
  type PlanFormValues,
  type Texts
} from './plan-form'

const languages = ['en', 'cht', 'chs'] as const

/** Create a plan, or edit every field of one but its code (decision 0129: the code never changes). */
export const PlanDialog = ({ plan, onClose }: { plan: Plan | null; onClose: () => void }) => {
  const { t, tAny } = useListT()
  const save = useSavePlan()
  // On a phone the editor takes the whole screen: it is a long form.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'))
  const isNew = plan === null
  const [values, setValues] = useState<PlanFormValues>(() => (plan ? planToForm(plan) : emptyPlanForm()))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [general, setGeneral] = useState<string[]>([])
  const set = (change: Partial<PlanFormValues>) => setValues((current) => ({ ...current, ...change }))
  const setText = (field: 'name' | 'offer', lang: keyof Texts, text: string) =>
    setValues((current) => ({ ...current, [field]: { ...current[field], [lang]: text } }))
  const setLimit = (name: LimitName, change: Partial<PlanFormValues['limits'][LimitName]>) =>
    setValues((current) => ({ ...current, limits: { ...current.limits, [name]: { ...current.limits[name], ...change } } }))

  const submit = async () => {
    const made = formToPlan(values, isNew)
    setErrors(Object.fromEntries(Object.entries(made.errors).map(([path, { key, values: v }]) => [path, tAny(key, v)])))
    setGeneral([])
    if (!made.plan) return
    // An edit sends (and the log records) only what changed; nothing changed is nothing to save.
    const patch = plan ? planPatch(plan, made.plan) : undefined
    if (patch && !Object.keys(patch).length) return onClose()
    try {
      await save.mutateAsync(plan ? { id: plan._id, plan: patch! } : { plan: made.plan })
      notifySuccess(t('operator.plan.saved'))
      onClose()
    } catch (error) {
      // The server's refusals under their fields (`name.cht`, `limits.products`), the rest above the buttons.
      const refused = refusedFields(error)
      const placed: Record<string, string> = {}
      const others: string[] = []
      for (const entry of refused) {
        const message = (entry.key && tAny(entry.key, entry.values)) || entry.message || errorMessage(error)
        if (entry.field && shownFields.has(entry.field)) placed[entry.field] ??= message
        else others.push(message)
      }
      setErrors(placed)
      setGeneral(refused.length ? others : [errorMessage(error)])
    }
  }

  const text = (path: string, label: string, value: string, onChange: (next: string) => void, extra: object = {}) => (
    <TextField
      size="small"
      fullWidth
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(errors[path])}
      helperText={errors[path]}
      slotProps={{ htmlInput: { 'data-testid': `plan-${path}` } }}
      {...extra}
    />
  )
  const hkd = { slotProps: { input: { startAdornment: <InputAdornment position="start">HK$</InputAdornment> } } }

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
      data-testid="plan-dialog"
    >
      <DialogTitle>{isNew ? t('operator.planTitleNew') : t('operator.planTitleEdit', { code: plan.code })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {isNew &&
            text('code', t('operator.plan.code'), values.code, (code) => set({ code }), {
              helperText: errors.code ?? t('operator.plan.codeHint')
            })}
          <Grid container spacing={2}>
            {languages.map((lang) => (
              <Grid key={lang} size={{ xs: 12, md: 4 }}>
                {text(
                  `name.${lang}`,
                  t('operator.plan.name', { language: t(`operator.language.${lang}`) }),
                  values.name[lang],
                  (next) => setText('name', lang, next)
                )}
              </Grid>
            ))}
            {languages.map((lang) => (
              <Grid key={lang} size={{ xs: 12, md: 4 }}>
                {text(
                  `offer.${lang}`,
                  t('operator.plan.offer', { language: t(`operator.language.${lang}`) }),
                  values.offer[lang],
                  (next) => setText('offer', lang, next)
                )}
              </Grid>
            ))}
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              {text('priceMonthly', t('operator.plan.price'), values.price, (price) => set({ price }), {
                ...hkd,
                slotProps: { ...hkd.slotProps, htmlInput: { inputMode: 'decimal', 'data-testid': 'plan-priceMonthly' } }
              })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              {text('periodMonths', t('operator.plan.periodMonths'), values.periodMonths, (periodMonths) =>
                set({ periodMonths })
              )}
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              {text('freeMonths', t('operator.plan.freeMonths'), values.freeMonths, (freeMonths) => set({ freeMonths }))}
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              {text('rank', t('operator.plan.rank'), values.rank, (rank) => set({ rank }), {
                helperText: errors.rank ?? t('operator.plan.rankHint')
              })}
            </Grid>
          </Grid>
          <FormControlLabel
            control={
              <Switch
                checked={values.active}
                onChange={(event) => set({ active: event.target.checked })}
                data-testid="plan-active"
              />
            }
            label={t('operator.plan.active')}
          />
          <Typography variant="subtitle2">{t('operator.plan.features')}</Typography>
          {errors.features && <Typography color="error">{errors.features}</Typography>}
          <FormGroup row>
            {planFeatures.map((feature) => (
              <FormControlLabel
                key={feature}
                sx={{ minWidth: 220 }}
                control={
                  <Checkbox
                    checked={values.features.includes(feature)}
                    onChange={(event) =>
                      set({
                        features: event.target.checked
                          ? [...values.features, feature]
                          : values.features.filter((entry) => entry !== feature)
                      })
                    }
                    slotProps={{ input: { 'data-testid': `plan-feature-${feature}` } as object }}
                  />
                }
                label={t(`planFeature.${feature}`)}
              />
            ))}
          </FormGroup>
          <Typography variant="subtitle2">{t('operator.plan.limits')}</Typography>
          <Grid container spacing={2}>
            {limitNames.map((name) => {
              const limit = values.limits[name]
              const path = `limits.${name}`
              return (
                <Grid key={name} size={{ xs: 12, md: 6 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <TextField
                      size="small"
                      fullWidth
                      label={t(`operator.plan.limit.${name}`)}
                      value={limit.unlimited ? '' : limit.value}
                      disabled={limit.unlimited}
                      onChange={(event) => setLimit(name, { value: event.target.value })}
                      error={Boolean(errors[path])}
                      helperText={errors[path]}
                      slotProps={{
                        input:
                          limitKinds[name] === 'money'
                            ? { startAdornment: <InputAdornment position="start">HK$</InputAdornment> }
                            : undefined,
                        htmlInput: { 'data-testid': `plan-${path}` }
                      }}
                    />
                    <FormControlLabel
                      sx={{ whiteSpace: 'nowrap' }}
                      control={
                        <Checkbox
                          checked={limit.unlimited}
                          onChange={(event) => setLimit(name, { unlimited: event.target.checked })}
                          slotProps={{ input: { 'data-testid': `plan-${path}-none` } as object }}
                        />
                      }
                      label={t('operator.plan.noLimit')}
                    />
                  </Stack>
                </Grid>
              )
            })}
          </Grid>
          {general.map((message) => (
            <Alert key={message} severity="error" data-testid="plan-error">
              {message}
            </Alert>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('operator.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="plan-save"
        >
          {t('operator.plan.save')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

/** The field paths this form shows a message under. */
const shownFields = new Set([
  'code',
  ...languages.flatMap((lang) => [`name.${lang}`, `offer.${lang}`]),
  'priceMonthly',
  'periodMonths',
  'freeMonths',
  'rank',
  'features',
  ...limitNames.map((name) => `limits.${name}`)
])
