import { useState } from 'react'
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { PAGE_PATH_PATTERN, servicePaths } from '@emporia/shared'
import { refusedFields } from '../../components/editor/server-errors'
import { translateKnown } from '../../components/editor/server-refusal'
import { useAppNavigate } from '../../components/ui/app-link'
import { errorMessage } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'
import { notifyError } from '../../lib/notify'
import { createComponent, createPage } from './eshop-pages-api'
import { designPath } from './design-path'

const pathPattern = new RegExp(PAGE_PATH_PATTERN)

/**
 * "Add" on the pages list (decision 0163): only a name and an address, then straight into the designer
 * on the page's own new component; the rest (SEO) is the designer's "Page settings".
 */
export const NewPageDialog = ({ onClose }: { onClose: () => void }) => {
  const { t, language } = useListT()
  const navigate = useAppNavigate()
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [path, setPath] = useState('/')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<{ field?: string; text: string } | undefined>()
  const pathWrong = path !== '' && !pathPattern.test(path)

  const create = async () => {
    setBusy(true)
    setProblem(undefined)
    const title = name.trim()
    try {
      const component = await createComponent({ name: title, dataType: {}, data: {}, props: {}, content: [] })
      await createPage({ name: { [language]: title }, path: path.trim(), component: component._id })
      void queryClient.invalidateQueries({ queryKey: [servicePaths.pages] })
      void queryClient.invalidateQueries({ queryKey: [servicePaths.components] })
      onClose()
      navigate(designPath(component._id))
    } catch (error) {
      const refused = refusedFields(error)[0]
      const text = (refused?.key && translateKnown(refused.key, refused.values)) || refused?.message || errorMessage(error)
      if (refused?.field) setProblem({ field: refused.field, text })
      else notifyError(text)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="new-page-dialog">
      <DialogTitle>{t('page.new')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('page.newHint')}</DialogContentText>
        <Stack spacing={2}>
          <TextField
            autoFocus
            required
            size="small"
            label={t('res.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={problem?.field === 'name'}
            helperText={problem?.field === 'name' ? problem.text : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'new-page-name', maxLength: 100 } }}
          />
          <TextField
            required
            size="small"
            label={t('page.path')}
            value={path}
            onChange={(event) => setPath(event.target.value)}
            error={pathWrong || problem?.field === 'path'}
            helperText={pathWrong ? t('page.pathFormat') : problem?.field === 'path' ? problem.text : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'new-page-path', maxLength: 200 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('pe.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || !name.trim() || !path || pathWrong}
          onClick={() => void create()}
          data-testid="new-page-create"
        >
          {t('page.create')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
