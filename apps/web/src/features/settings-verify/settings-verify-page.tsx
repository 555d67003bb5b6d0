import { useState } from 'react'
import { Alert, Box, Button, FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material'
import type { Shop } from '@emporia/shared'
import { ConfirmDialog } from '../../components/editor/confirm-dialog'
import { AppLink } from '../../components/ui/app-link'
import { useSubmit } from '../../components/ui/form'
import { useSession } from '../../lib/auth'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import { useCurrentShop } from '../../lib/shop'
import {
  saveVerifySettings,
  turnsVerifyOn,
  unverifiedStaff,
  verifySettingsOf,
  type UnverifiedMember,
  type VerifySettings
} from './settings-verify-api'

/** settings/verify (spec §2.2, §4.4; decision 0138): the shop's sign-in requirements. */
export const SettingsVerifyPage = () => {
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  // The form starts from the shop once it is known; another shop is another form.
  return shop ? <VerifyForm key={shop._id} shop={shop} verified={user?.verified === true} /> : null
}

const SWITCHES: { name: keyof VerifySettings; label: AnyMessageKey; help: AnyMessageKey }[] = [
  {
    name: 'staffVerifyRequired',
    label: 'verifySettings.staffVerifyRequired',
    help: 'verifySettings.staffVerifyRequiredHelp'
  },
  {
    name: 'adminTwoStepRequired',
    label: 'verifySettings.adminTwoStepRequired',
    help: 'verifySettings.adminTwoStepRequiredHelp'
  }
]

const VerifyForm = ({ shop, verified }: { shop: Shop; verified: boolean }) => {
  const { t, language } = useListT()
  const [values, setValues] = useState(() => verifySettingsOf(shop))
  /** The unverified members while the question "turn it on?" is open. */
  const [asking, setAsking] = useState<UnverifiedMember[] | null>(null)
  const save = useSubmit(async () => {
    setAsking(null)
    setValues(verifySettingsOf(await saveVerifySettings(values)))
    notifySuccess(t('editor.saved'))
  })
  const ask = useSubmit(async () => setAsking(await unverifiedStaff()))
  const submit = () => void (turnsVerifyOn(shop, values) ? ask.submit() : save.submit())
  // An admin who has not verified cannot turn it on (the server refuses too): they would lock themself out.
  const blocked = !verified && !values.staffVerifyRequired
  const separator = language === 'en' ? ', ' : '、'

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      data-testid="verify-settings"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
      sx={{ p: 3, maxWidth: 900 }}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('verifySettings.title')}
      </Typography>
      <Stack spacing={2}>
        {SWITCHES.map((item) => (
          <Box key={item.name}>
            <FormControlLabel
              control={
                <Switch
                  checked={values[item.name]}
                  disabled={item.name === 'staffVerifyRequired' && blocked}
                  onChange={(event) => setValues((current) => ({ ...current, [item.name]: event.target.checked }))}
                  slotProps={{ input: { ...{ 'data-testid': `field-${item.name}` } } }}
                />
              }
              label={t(item.label)}
            />
            <Typography variant="body2" color="text.secondary">
              {t(item.help)}
            </Typography>
            {item.name === 'staffVerifyRequired' && blocked && (
              <Alert
                severity="info"
                sx={{ mt: 1 }}
                data-testid="verify-yourself-first"
                action={
                  <Button component={AppLink} href="/register/verify" size="small">
                    {t('verifySettings.verifyNow')}
                  </Button>
                }
              >
                {t('verifySettings.verifyYourselfFirst')}
              </Alert>
            )}
          </Box>
        ))}
      </Stack>
      <Stack direction="row" sx={{ mt: 3 }}>
        <Button type="submit" variant="contained" disabled={save.busy || ask.busy} data-testid="verify-settings-save">
          {t('editor.save')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={asking !== null}
        title={t('verifySettings.confirmTitle')}
        text={
          asking?.length
            ? t('verifySettings.confirmSome', {
                count: asking.length,
                names: asking.map((member) => member.name).join(separator)
              })
            : t('verifySettings.confirmNone')
        }
        confirmText={t('verifySettings.turnOn')}
        busy={save.busy}
        testId="verify-settings-confirm"
        onClose={() => setAsking(null)}
        onConfirm={() => void save.submit()}
      />
    </Paper>
  )
}
