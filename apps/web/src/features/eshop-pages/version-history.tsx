import { useState } from 'react'
import { Button, Drawer, List, ListItem, ListItemText, Stack, Typography } from '@mui/material'
import { ConfirmDialog } from '../../components/editor/confirm-dialog'
import { formatDateTime } from '../../lib/format'
import { useListT } from '../../lib/i18n/lists'
import { useVersions } from './eshop-pages-api'

/** The published versions, newest first, each with "Restore" (copies it back into the drafts after asking). */
export const VersionHistory = ({
  open,
  onClose,
  onRestore
}: {
  open: boolean
  onClose: () => void
  onRestore: (version: number) => Promise<void>
}) => {
  const { t, language } = useListT()
  const versions = useVersions(open)
  const [asking, setAsking] = useState<number | undefined>()
  const [busy, setBusy] = useState(false)
  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      <Stack sx={{ width: 320, p: 2 }} spacing={1} data-testid="version-history">
        <Typography variant="h6">{t('pe.versions')}</Typography>
        {versions.data?.length === 0 ? <Typography color="text.secondary">{t('pe.noVersions')}</Typography> : null}
        <List dense>
          {(versions.data ?? []).map((version) => (
            <ListItem
              key={version._id}
              data-testid={`version-${version.version}`}
              secondaryAction={
                <Button
                  size="small"
                  onClick={() => setAsking(version.version)}
                  data-testid={`version-${version.version}-restore`}
                >
                  {t('pe.restore')}
                </Button>
              }
            >
              <ListItemText
                primary={t('pe.version', { version: version.version })}
                secondary={[formatDateTime(version.createdAt, language as never), version.note].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </Stack>
      <ConfirmDialog
        open={asking !== undefined}
        text={t('pe.restoreAsk', { version: asking })}
        busy={busy}
        confirmText={t('pe.restore')}
        onClose={() => setAsking(undefined)}
        onConfirm={() => {
          setBusy(true)
          void onRestore(asking!).finally(() => {
            setBusy(false)
            setAsking(undefined)
          })
        }}
        testId="restore-dialog"
      />
    </Drawer>
  )
}
