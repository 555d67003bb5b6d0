import { lazy, Suspense, useMemo, useRef, useState } from 'react'
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme
} from '@mui/material'
import Undo from '@mui/icons-material/Undo'
import Redo from '@mui/icons-material/Redo'
import History from '@mui/icons-material/History'
import ArrowBack from '@mui/icons-material/ArrowBack'
import Tune from '@mui/icons-material/Tune'
import { useQueryClient } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import {
  collectFetches,
  pickTran,
  resolvePage,
  servicePaths,
  socialSettingNames,
  storefrontUi,
  type ComponentModel,
  type LocaleId,
  type PageNode,
  type SocialSettingName,
  type Theme
} from '@emporia/shared'
import { themeChromeNodes, themeVariables } from '@emporia/theme'
import { useCurrentShop } from '../../lib/shop'
import { UnsavedDialog } from '../../components/editor/unsaved-dialog'
import { useLeaveGuard } from '../../components/editor/use-leave-guard'
import { refusedFields } from '../../components/editor/server-errors'
import { translateKnown } from '../../components/editor/server-refusal'
import { PageEditorEnvContext, type PageEditorEnv } from '../../components/page-editor/editor-env'
import {
  FieldProblemsContext,
  fieldProblemsOf,
  placeProblem,
  type PlacedProblem
} from '../../components/page-editor/field-problems'
import { PreviewProvider, type CanvasFrame, type PreviewInputs } from '../../components/page-editor/preview/preview-env'
import {
  PageCanvas,
  type CanvasHistory,
  type EditedModel,
  type SelectNode
} from '../../components/page-editor/puck-adapter/page-canvas'
import { useAppNavigate } from '../../components/ui/app-link'
import { errorMessage } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'
import { pageBlocksMessages } from './page-blocks.messages'
import { notifyError, notifySuccess } from '../../lib/notify'
import {
  createComponent,
  patchComponent,
  publishSite,
  restoreVersion,
  useCategoryNames,
  useComponent,
  useComponents,
  useDraftTheme,
  useFetchedAnswers,
  type CanvasCatalogue,
  usePages
} from './eshop-pages-api'
import { DesignerProblems } from './designer-problems'
import { eshopPagesResource } from './eshop-pages-resource'
import { designPath } from './design-path'
import { VersionHistory } from './version-history'

const EditorDialog = lazy(() => import('../../components/editor/editor-dialog').then((m) => ({ default: m.EditorDialog })))

/** The shop's look on its storefront: the draft theme, its variables, what the storefront's blocks are told. */
interface SiteLook {
  theme: Theme | null
  variables: string
  context: CanvasFrame['context']
}

const emptyModel: EditedModel = { name: '', dataType: {}, data: {}, props: {}, content: [] }
/** What is compared to tell unsaved changes: the model as it would be sent. */
const snapshot = (model: EditedModel) => JSON.stringify(model)

/**
 * A refused save's problems (`componentProblems` on the server): each translated, with where it is —
 * and, for a save, the node and prop its path names in the content that was sent.
 */
const problemsOf = (error: unknown, sent?: readonly PageNode[]): PlacedProblem[] =>
  refusedFields(error).map((entry) => {
    const path = entry.field ?? ''
    const text = (entry.key && translateKnown(entry.key, entry.values)) || entry.message || errorMessage(error)
    return { path, text, ...(sent ? placeProblem(sent, path) : {}) }
  })

const Designer = ({
  id,
  initial,
  env,
  stored,
  catalogue,
  site
}: {
  id?: string
  initial: EditedModel
  env: PageEditorEnv
  stored: Record<string, ComponentModel>
  catalogue: CanvasCatalogue
  site: SiteLook
}) => {
  const { t, language } = useListT()
  const navigate = useAppNavigate()
  const queryClient = useQueryClient()
  const [model, setModel] = useState(initial)
  // The page this component is (the first, when several addresses show it): its settings are a dialog here.
  const page = id ? env.pages.find((one) => one.component === id) : undefined
  const [saved, setSaved] = useState(() => snapshot(initial))
  const [busy, setBusy] = useState(false)
  const [problems, setProblems] = useState<PlacedProblem[]>([])
  const selectNode = useRef<SelectNode | undefined>(undefined)
  // Each refused prop's message on its field while the prop still holds what was refused.
  const fieldProblems = useMemo(() => fieldProblemsOf(problems, model.content), [problems, model.content])
  const [publishing, setPublishing] = useState<string | undefined>()
  const [history, setHistory] = useState(false)
  const [settings, setSettings] = useState(false)
  const dirty = snapshot(model) !== saved
  // Puck's canvas, block list and settings do not fit a phone (decision 0173): a note, the page's settings.
  const small = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true })
  const guard = useLeaveGuard(dirty, () => navigate(page ? '/eshop/pages' : '/eshop/pages?tab=components'))
  const labels = useMemo(
    () => ({
      name: t('pe.componentName'),
      variables: t('pe.variables'),
      declared: t('pe.declared'),
      // Blocks, their settings and groups in the interface's language.
      words: (key: string) => (pageBlocksMessages[language as LocaleId] as Record<string, string>)[key],
      // Puck's own panels, buttons and tooltips (its dictionary) in the same language.
      dictionary: Object.fromEntries(
        Object.entries(pageBlocksMessages[language as LocaleId])
          .filter(([key]) => key.startsWith('pe.puck.'))
          .map(([key, text]) => [key.slice('pe.puck.'.length), text])
      )
    }),
    [t, language]
  )
  // The canvas renders with the same inputs as the storefront: the page's data sources run through the client.
  const calls = useMemo(() => collectFetches(model, stored), [model, stored])
  const fetched = useFetchedAnswers(calls, catalogue)
  // The storefront's frame (decision 0163): the theme's header and footer around a page, as it renders them.
  const ownTypes = useMemo(() => model.content.map((node) => node.type).join(','), [model.content])
  const frame = useMemo<CanvasFrame>(() => {
    const chrome = page ? themeChromeNodes(site.theme, new Set(ownTypes.split(','))) : { top: [], bottom: [] }
    const resolve = (content: PageNode[]) =>
      resolvePage({ dataType: {}, data: {}, props: {}, content }, { locale: language as LocaleId, pages: env.pages }).nodes
    return {
      variables: site.variables,
      top: resolve(chrome.top),
      bottom: resolve(chrome.bottom),
      context: { ...site.context, path: page?.path }
    }
  }, [page, site, ownTypes, language, env.pages])
  const preview = useMemo<PreviewInputs>(
    () => ({ model, fetched, locale: language as LocaleId, pages: env.pages, components: stored, frame }),
    [model, fetched, language, env.pages, stored, frame]
  )
  const placeable = useMemo(() => env.components.filter((component) => component._id !== id), [env.components, id])

  /** Saves the draft; answers the component's id (a new one is created, and the route follows it). */
  const save = async (): Promise<string | undefined> => {
    setBusy(true)
    setProblems([])
    try {
      const data = { ...model, name: (model.name ?? '').trim() || t('route.eshop/pages/design') }
      const stored = id ? await patchComponent(id, data) : await createComponent(data)
      setSaved(snapshot(model))
      void queryClient.invalidateQueries({ queryKey: [servicePaths.components] })
      notifySuccess(t('pe.saved'))
      if (!id) {
        guard.close()
        navigate(designPath(stored._id), { replace: true })
      }
      return stored._id
    } catch (error) {
      const found = problemsOf(error, model.content)
      setProblems(found.length ? found : [{ path: '', text: errorMessage(error) }])
      // The first problem's node is selected: its fields show, the message on the refused one.
      const first = found.find((problem) => problem.node)
      if (first?.node) selectNode.current?.(first.node)
      return undefined
    } finally {
      setBusy(false)
    }
  }

  const publish = async (note: string) => {
    if (dirty && !(await save())) return
    setBusy(true)
    try {
      const version = await publishSite(note.trim() || undefined)
      notifySuccess(t('pe.published', { version: version.version }))
      setPublishing(undefined)
      void queryClient.invalidateQueries({ queryKey: [servicePaths.siteVersions] })
    } catch (error) {
      const found = problemsOf(error)
      setProblems(found.length ? found : [{ path: '', text: errorMessage(error) }])
      setPublishing(undefined)
    } finally {
      setBusy(false)
    }
  }

  const restore = async (version: number) => {
    try {
      await restoreVersion(version)
      notifySuccess(t('pe.restored', { version }))
      setHistory(false)
      // The drafts changed under the editor: load them again (the page remounts on the new data).
      await queryClient.resetQueries({ queryKey: [servicePaths.components] })
      await queryClient.invalidateQueries({ queryKey: [servicePaths.pages] })
    } catch (error) {
      notifyError(errorMessage(error))
    }
  }

  const actions = (canvas: CanvasHistory) => (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Tooltip title={t('pe.back')}>
        <IconButton aria-label={t('pe.back')} onClick={guard.requestClose} data-testid="designer-back">
          <ArrowBack />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('pe.undo')}>
        <span>
          <IconButton
            aria-label={t('pe.undo')}
            disabled={!canvas.canUndo}
            onClick={canvas.undo}
            data-testid="designer-undo"
            data-history-index={canvas.index}
          >
            <Undo />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('pe.redo')}>
        <span>
          <IconButton aria-label={t('pe.redo')} disabled={!canvas.canRedo} onClick={canvas.redo} data-testid="designer-redo">
            <Redo />
          </IconButton>
        </span>
      </Tooltip>
      {page && (
        <Button variant="text" startIcon={<Tune />} onClick={() => setSettings(true)} data-testid="designer-page-settings">
          {t('page.settings')}
        </Button>
      )}
      <Tooltip title={t('pe.versions')}>
        <IconButton aria-label={t('pe.versions')} onClick={() => setHistory(true)} data-testid="designer-history">
          <History />
        </IconButton>
      </Tooltip>
      <Button variant="outlined" disabled={busy} onClick={() => void save()} data-testid="designer-save" data-dirty={dirty}>
        {t('pe.save')}
      </Button>
      <Button variant="contained" disabled={busy} onClick={() => setPublishing('')} data-testid="designer-publish">
        {t('pe.publish')}
      </Button>
    </Stack>
  )

  return (
    <Box sx={{ height: 'calc(100vh - 64px)', display: 'flex', flexDirection: 'column' }} data-testid="page-designer">
      <DesignerProblems
        problems={problems}
        content={model.content}
        onSelect={(node) => selectNode.current?.(node)}
        onClose={() => setProblems([])}
      />
      {small ? (
        <Stack spacing={2} sx={{ p: 2 }} data-testid="designer-small-screen">
          <Typography variant="h6">{model.name || t('route.eshop/pages/design')}</Typography>
          <Alert severity="info">{t('pe.smallScreen')}</Alert>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" startIcon={<ArrowBack />} onClick={guard.requestClose} data-testid="designer-back">
              {t('pe.backToPages')}
            </Button>
            {page && (
              <Button
                variant="contained"
                startIcon={<Tune />}
                onClick={() => setSettings(true)}
                data-testid="designer-page-settings"
              >
                {t('page.settings')}
              </Button>
            )}
          </Stack>
        </Stack>
      ) : (
        <Box sx={{ flex: 1, minHeight: 0 }}>
          <PageEditorEnvContext.Provider value={env}>
            <PreviewProvider inputs={preview}>
              <FieldProblemsContext.Provider value={fieldProblems}>
                <PageCanvas
                  initial={initial}
                  placeable={placeable}
                  labels={labels}
                  title={model.name || t('route.eshop/pages/design')}
                  onChange={setModel}
                  actions={actions}
                  selectNodeRef={selectNode}
                />
              </FieldProblemsContext.Provider>
            </PreviewProvider>
          </PageEditorEnvContext.Provider>
        </Box>
      )}
      <Dialog open={publishing !== undefined} onClose={() => setPublishing(undefined)} fullWidth maxWidth="xs">
        <DialogTitle>{t('pe.publish')}</DialogTitle>
        <DialogContent>
          <TextField
            fullWidth
            size="small"
            sx={{ mt: 1 }}
            label={t('pe.publishNote')}
            value={publishing ?? ''}
            onChange={(event) => setPublishing(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'publish-note', maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPublishing(undefined)}>{t('pe.cancel')}</Button>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => void publish(publishing ?? '')}
            data-testid="publish-confirm"
          >
            {t('pe.publish')}
          </Button>
        </DialogActions>
      </Dialog>
      <Suspense fallback={null}>
        {settings && page && (
          <EditorDialog
            definition={eshopPagesResource}
            editor={page._id}
            onClose={() => {
              setSettings(false)
              void queryClient.invalidateQueries({ queryKey: [servicePaths.pages] })
            }}
          />
        )}
      </Suspense>
      <VersionHistory open={history} onClose={() => setHistory(false)} onRestore={restore} />
      <UnsavedDialog guard={guard} />
    </Box>
  )
}

/**
 * The page editor (spec §2.10): one stored component designed on Puck's canvas, with its data variables
 * and declared props; save the draft, publish the site, restore a published version, undo/redo.
 */
export const PageDesignerPage = () => {
  const { t, language } = useListT()
  const { id } = useParams({ strict: false }) as { id?: string }
  const component = useComponent(id)
  const components = useComponents()
  const pages = usePages()
  const categories = useCategoryNames()
  const theme = useDraftTheme()
  const shop = useCurrentShop(true)
  const ui = useMemo(() => storefrontUi(shop ?? {}), [shop])
  const catalogue = useMemo<CanvasCatalogue>(
    () => ({
      locale: language as LocaleId,
      showSoldOut: ui.showSoldOut,
      showStock: ui.showStock,
      categories: new Map((categories.data ?? []).map((one) => [one._id, { _id: one._id, name: one.name }]))
    }),
    [language, ui, categories.data]
  )
  const site = useMemo<SiteLook>(() => {
    const social: Partial<Record<SocialSettingName, string | null>> = {}
    for (const name of socialSettingNames) if (shop?.[name]) social[name] = shop[name]
    const draft = theme.data ?? null
    return {
      theme: draft,
      variables: themeVariables(draft?.colors, draft?.font, ui.productImageRatio),
      context: {
        shopName: shop ? pickTran(shop.name, language as LocaleId) : '',
        logo: draft?.logo ?? undefined,
        currency: '$',
        locales: ui.locales,
        social
      }
    }
  }, [theme.data, shop, ui, language])
  const env = useMemo<PageEditorEnv>(
    () => ({
      components: (components.data ?? []).map((entry) => ({ _id: entry._id, name: entry.name, props: entry.props })),
      pages: (pages.data ?? []).map((page) => ({
        _id: page._id,
        component: page.component,
        path: page.path,
        name: pickTran(page.name, language as LocaleId)
      })),
      categories: (categories.data ?? []).map((category) => pickTran(category.name, language as LocaleId)).filter(Boolean)
    }),
    [components.data, pages.data, categories.data, language]
  )
  const stored = useMemo(
    () => Object.fromEntries((components.data ?? []).map((entry) => [entry._id, entry as ComponentModel])),
    [components.data]
  )
  const initial = useMemo<EditedModel | undefined>(
    () =>
      id
        ? component.data && {
            name: component.data.name,
            dataType: component.data.dataType,
            data: component.data.data,
            props: component.data.props,
            content: component.data.content
          }
        : emptyModel,
    [id, component.data]
  )
  if (id && component.isError) return <Alert severity="warning">{t('pe.notFound')}</Alert>
  // Puck's component list is built once: wait for the shop's components too.
  if (!initial || components.isPending || theme.isPending) return <CircularProgress sx={{ m: 4 }} />
  // Keyed by the record only: the refetch after every save must not remount the editor (it would drop
  // undo history, an open drawer, and whatever was typed while the save was on its way). A restore
  // resets the components' queries, so the editor unmounts to the spinner and comes back on the new data.
  return <Designer key={id ?? 'new'} id={id} initial={initial} env={env} stored={stored} catalogue={catalogue} site={site} />
}
