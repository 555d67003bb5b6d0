import { useMemo, useState } from 'react'
import { Alert, Box, Button, Card, CardContent, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import {
  fontFamilies,
  pickTran,
  servicePaths,
  themeColorKeys,
  themeComponents,
  type LocaleId,
  type PropSpec,
  type Theme,
  type ThemeData
} from '@emporia/shared'
import { UnsavedDialog } from '../../components/editor/unsaved-dialog'
import { useLeaveGuard } from '../../components/editor/use-leave-guard'
import { refusedFields } from '../../components/editor/server-errors'
import { translateKnown } from '../../components/editor/server-refusal'
import { ConstantInput } from '../../components/page-editor/constant-input'
import { PageEditorEnvContext, type PageEditorEnv } from '../../components/page-editor/editor-env'
import { ColourWidget } from '../../components/page-editor/widgets/colour-widget'
import { FieldWidget } from '../../components/page-editor/widgets/field-widget'
import { MenusEditor } from '../../components/page-editor/widgets/menus-editor'
import { errorMessage } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import { saveTheme, useShopPages, useTheme } from './eshop-theme-api'

type Draft = ThemeData
const emptyTheme: Draft = { colors: {}, headerMenu: [], footerMenu: [] }
const draftOf = (theme: Theme | null | undefined): Draft => {
  if (!theme) return emptyTheme
  const { _id, shop, createdAt, updatedAt, ...data } = theme
  void [_id, shop, createdAt, updatedAt]
  return data
}

type HeaderFooterProp =
  | 'height'
  | 'translucent'
  | 'fixed'
  | 'flat'
  | 'dark'
  | 'background'
  | 'topBackground'
  | 'padding'
  | 'inset'
  | 'hideBottom'
  | 'year'
  | 'name'

/** The header's and footer's own props (§3.15), constants only; their menus are edited above. */
const ownProps = (name: 'header' | 'footer') =>
  Object.entries(themeComponents[name].props as Record<string, PropSpec>).filter(([prop]) => prop !== 'items')

const Section = ({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) => (
  <Card variant="outlined" data-testid={testId}>
    <CardContent>
      <Typography variant="h6" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </CardContent>
  </Card>
)

const ThemeForm = ({ theme, env }: { theme: Theme | null; env: PageEditorEnv }) => {
  const { t } = useListT()
  const queryClient = useQueryClient()
  const initial = useMemo(() => draftOf(theme), [theme])
  const [draft, setDraft] = useState<Draft>(initial)
  const [saved, setSaved] = useState(() => JSON.stringify(initial))
  const [id, setId] = useState(theme?._id)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const dirty = JSON.stringify(draft) !== saved
  const guard = useLeaveGuard(dirty, () => undefined)
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }))

  const save = async () => {
    setBusy(true)
    setErrors({})
    try {
      const stored = await saveTheme(id, draft)
      setId(stored._id)
      setSaved(JSON.stringify(draft))
      notifySuccess(t('theme.saved'))
      void queryClient.invalidateQueries({ queryKey: [servicePaths.themes] })
    } catch (error) {
      const fields = Object.fromEntries(
        refusedFields(error).map((entry) => [
          entry.field!,
          (entry.key && translateKnown(entry.key, entry.values)) || entry.message || errorMessage(error)
        ])
      )
      setErrors(Object.keys(fields).length ? fields : { '': errorMessage(error) })
    } finally {
      setBusy(false)
    }
  }
  const errorAt = (path: string) => Object.entries(errors).find(([field]) => field === path || field.startsWith(`${path}.`))?.[1]
  const shown = (path: string) =>
    errorAt(path) ? (
      <Typography color="error" variant="caption" data-testid={`error-${path}`}>
        {errorAt(path)}
      </Typography>
    ) : null
  const unplaced = Object.entries(errors).filter(
    ([field]) =>
      !['colors', 'headerMenu', 'footerMenu', 'font', 'logo', 'favicon', 'header', 'footer', 'homePage'].some(
        (path) => field === path || field.startsWith(`${path}.`)
      )
  )

  return (
    <PageEditorEnvContext.Provider value={env}>
      <Stack spacing={2} sx={{ p: 2, maxWidth: 960 }} data-testid="theme-page">
        {unplaced.length ? <Alert severity="error">{unplaced.map(([, text]) => text).join(' · ')}</Alert> : null}
        <Section title={t('theme.menus')} testId="theme-menus">
          <MenusEditor
            label={t('theme.headerMenu')}
            value={draft.headerMenu}
            onChange={(headerMenu) => set({ headerMenu })}
            testId="header-menu"
          />
          {shown('headerMenu')}
          <MenusEditor
            label={t('theme.footerMenu')}
            value={draft.footerMenu}
            onChange={(footerMenu) => set({ footerMenu })}
            testId="footer-menu"
          />
          {shown('footerMenu')}
        </Section>
        <Section title={t('theme.colors')} testId="theme-colors">
          {themeColorKeys.map((key) => (
            <Box key={key}>
              <ColourWidget
                label={t(`theme.color.${key}`)}
                value={draft.colors[key] ?? ''}
                onChange={(colour) => set({ colors: { ...draft.colors, [key]: colour } })}
                testId={`color-${key}`}
              />
              {shown(`colors.${key}`)}
            </Box>
          ))}
        </Section>
        <Section title={t('theme.options')} testId="theme-options">
          <TextField
            select
            size="small"
            label={t('theme.font')}
            value={draft.font ?? ''}
            onChange={(event) => set({ font: (event.target.value || undefined) as Draft['font'] })}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'theme-font' } as object } }}
          >
            <MenuItem value="">–</MenuItem>
            {fontFamilies.map((font) => (
              <MenuItem key={font} value={font} data-testid={`theme-font-option-${font}`}>
                {font}
              </MenuItem>
            ))}
          </TextField>
          <FieldWidget
            type="image"
            label={t('theme.logo')}
            value={draft.logo ?? null}
            onChange={(logo) => set({ logo: (logo ?? null) as Draft['logo'] })}
            testId="theme-logo"
          />
          <FieldWidget
            type="image"
            label={t('theme.favicon')}
            value={draft.favicon ?? null}
            onChange={(favicon) => set({ favicon: (favicon ?? null) as Draft['favicon'] })}
            testId="theme-favicon"
          />
          <TextField
            select
            size="small"
            label={t('theme.homePage')}
            value={draft.homePage ?? ''}
            onChange={(event) => set({ homePage: event.target.value || null })}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'theme-homePage' } as object } }}
          >
            <MenuItem value="">–</MenuItem>
            {env.pages.map((page) => (
              <MenuItem key={page._id} value={page._id}>
                {page.name} ({page.path})
              </MenuItem>
            ))}
          </TextField>
          {shown('homePage')}
        </Section>
        {(['header', 'footer'] as const).map((part) => (
          <Section key={part} title={t(`theme.${part}`)} testId={`theme-${part}`}>
            {ownProps(part).map(([prop, spec]) => (
              <ConstantInput
                key={prop}
                label={t(`theme.prop.${prop as HeaderFooterProp}`)}
                type={spec.type}
                spec={spec}
                value={draft[part]?.[prop] ?? spec.default}
                onChange={(value) => set({ [part]: { ...draft[part], [prop]: value } })}
                testId={`${part}-${prop}`}
              />
            ))}
            {shown(part)}
          </Section>
        ))}
        <Box sx={{ position: 'sticky', bottom: 0, py: 1, bgcolor: 'background.default' }}>
          <Button variant="contained" disabled={busy || !dirty} onClick={() => void save()} data-testid="theme-save">
            {t('theme.save')}
          </Button>
        </Box>
      </Stack>
      <UnsavedDialog guard={guard} />
    </PageEditorEnvContext.Provider>
  )
}

/** The theme (spec §2.10, §3.1): header and footer menus, colours, font, logo, favicon, header and footer props. */
export const ThemePage = () => {
  const { language } = useListT()
  const theme = useTheme()
  const pages = useShopPages()
  const env = useMemo<PageEditorEnv>(
    () => ({
      components: [],
      categories: [],
      pages: (pages.data ?? []).map((page) => ({
        _id: page._id,
        component: page.component,
        path: page.path,
        name: pickTran(page.name, language as LocaleId)
      }))
    }),
    [pages.data, language]
  )
  if (theme.isError) return <Alert severity="error">{errorMessage(theme.error)}</Alert>
  if (theme.isPending) return <CircularProgress sx={{ m: 4 }} />
  return <ThemeForm key={theme.data?._id ?? 'new'} theme={theme.data} env={env} />
}
