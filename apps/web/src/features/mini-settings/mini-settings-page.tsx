import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Paper, Stack, TextField, Typography } from '@mui/material'
import { servicePaths, type MiniSettings } from '@emporia/shared'
import { useSubmit } from '../../components/ui/form'
import { useSession } from '../../lib/auth'
import { useListT } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import { useCurrentShop } from '../../lib/shop'
import { downloadMiniPackage, loadMiniSettings, miniSettingsChange, packageReady, saveMiniSettings } from './mini-settings-api'

/** `mini` (decisions 0204, 0206): the program's id and secret, and the package to upload to the platform. */
export const MiniSettingsPage = () => {
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  const loaded = useQuery({ queryKey: [servicePaths.miniSettings, shop?._id], enabled: Boolean(shop), queryFn: loadMiniSettings })
  const [saved, setSaved] = useState<MiniSettings | null>(null)
  const settings = saved ?? loaded.data
  if (!shop || !settings) return null
  return <MiniSettingsForm key={`${shop._id}-${String(settings.hasSecret)}`} settings={settings} onSaved={setSaved} />
}

const MiniSettingsForm = ({ settings, onSaved }: { settings: MiniSettings; onSaved: (settings: MiniSettings) => void }) => {
  const { t } = useListT()
  const [programId, setProgramId] = useState(settings.programId ?? '')
  const [secret, setSecret] = useState('')
  const [removeSecret, setRemoveSecret] = useState(false)
  const save = useSubmit(async () => {
    const next = await saveMiniSettings(miniSettingsChange(programId, secret, removeSecret))
    setSecret('')
    setRemoveSecret(false)
    onSaved(next)
    notifySuccess(t('editor.saved'))
  })
  const secretSet = settings.hasSecret && !removeSecret
  return (
    <Stack spacing={3} sx={{ maxWidth: 800 }}>
      <Paper
        component="form"
        variant="outlined"
        noValidate
        sx={{ p: 3 }}
        data-testid="mini-settings"
        onSubmit={(e) => void save.submit(e)}
      >
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('miniSettings.program')}
        </Typography>
        <Stack spacing={2}>
          <TextField
            label={t('miniSettings.programId')}
            value={programId}
            onChange={(event) => setProgramId(event.target.value)}
            size="small"
            slotProps={{ htmlInput: { 'data-testid': 'field-programId' } }}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              label={t('miniSettings.secret')}
              type="password"
              autoComplete="new-password"
              value={secret}
              onChange={(event) => setSecret(event.target.value)}
              size="small"
              fullWidth
              helperText={t(secretSet ? 'miniSettings.secretSet' : 'miniSettings.secretNotSet')}
              slotProps={{ htmlInput: { 'data-testid': 'field-secret' } }}
            />
            {secretSet && (
              <Button size="small" onClick={() => setRemoveSecret(true)}>
                {t('miniSettings.removeSecret')}
              </Button>
            )}
          </Stack>
          <Stack direction="row">
            <Button type="submit" variant="contained" disabled={save.busy} data-testid="mini-settings-save">
              {t('miniSettings.save')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <MiniPackage settings={settings} />
    </Stack>
  )
}

/** The package's download: open once a program id is saved, with a hint saying so until then (decision 0206). */
const MiniPackage = ({ settings }: { settings: MiniSettings }) => {
  const { t } = useListT()
  const download = useSubmit(downloadMiniPackage)
  const ready = packageReady(settings)
  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="mini-package">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('miniSettings.package')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('miniSettings.packageText')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button
          variant="outlined"
          disabled={!ready || download.busy}
          onClick={() => void download.submit()}
          data-testid="mini-package-download"
        >
          {t('miniSettings.download')}
        </Button>
        {!ready && (
          <Typography variant="body2" color="text.secondary" data-testid="mini-package-hint">
            {t('miniSettings.downloadHint')}
          </Typography>
        )}
      </Stack>
    </Paper>
  )
}
