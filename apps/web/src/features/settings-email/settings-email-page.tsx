import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography
} from '@mui/material'
import {
  localeIds,
  locales,
  mailSenderTypes,
  servicePaths,
  shopMailTemplates,
  type MailPreview,
  type MailSettings,
  type ShopMailTemplate
} from '@emporia/shared'
import { useSubmit } from '../../components/ui/form'
import { useSession } from '../../lib/auth'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import { formatDateTime } from '../../lib/format/date'
import { notifySuccess } from '../../lib/notify'
import { useCurrentShop, useCurrentShopId } from '../../lib/shop'
import { MailLog } from '../../components/mail/mail-log'
import {
  loadMailSettings,
  previewMail,
  saveMailSettings,
  sendTestMail,
  senderFormOf,
  settingsChange,
  verifyMailDomain,
  type SenderForm
} from './settings-email-api'

/** settings/email (spec §2.2, §3.1, §9.8; decisions 0147, 0148): the shop's sender, its templates and its mail log. */
export const SettingsEmailPage = () => {
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  const loaded = useQuery({ queryKey: [servicePaths.mailSettings, shop?._id], enabled: Boolean(shop), queryFn: loadMailSettings })
  const [saved, setSettings] = useState<MailSettings | null>(null)
  const [logKey, setLogKey] = useState(0)
  const settings = saved ?? loaded.data
  if (!shop || !settings) return null
  return (
    <Stack spacing={3} sx={{ maxWidth: 1000 }} key={shop._id}>
      <SenderSettings settings={settings} onSaved={setSettings} />
      <Templates onSent={() => setLogKey((key) => key + 1)} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <MailLog refreshKey={logKey} />
      </Paper>
    </Stack>
  )
}

const SenderSettings = ({ settings, onSaved }: { settings: MailSettings; onSaved: (settings: MailSettings) => void }) => {
  const { t, language } = useListT()
  const [form, setForm] = useState<SenderForm>(() => senderFormOf(settings))
  const [remove, setRemove] = useState<{ smtpPassword?: boolean; sendgridKey?: boolean; sendgridWebhookKey?: boolean }>({})
  const set = (field: keyof SenderForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }))
  const save = useSubmit(async () => {
    const saved = await saveMailSettings(settingsChange(form, remove))
    setForm(senderFormOf(saved))
    setRemove({})
    onSaved(saved)
    notifySuccess(t('editor.saved'))
  })
  const verify = useSubmit(async () => onSaved(await verifyMailDomain()))
  const field = (name: keyof SenderForm, label: AnyMessageKey, extra: Record<string, unknown> = {}) => (
    <TextField
      label={t(label)}
      value={form[name] as string}
      onChange={set(name)}
      size="small"
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `field-${name}` } }}
      {...extra}
    />
  )
  const secret = (name: 'smtpPassword' | 'sendgridKey' | 'sendgridWebhookKey', label: AnyMessageKey, isSet: boolean) => (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        label={t(label)}
        type="password"
        autoComplete="new-password"
        value={form[name]}
        onChange={set(name)}
        size="small"
        fullWidth
        helperText={
          remove[name] ? t('emailSettings.secretNotSet') : isSet ? t('emailSettings.secretSet') : t('emailSettings.secretNotSet')
        }
        slotProps={{ htmlInput: { 'data-testid': `field-${name}` } }}
      />
      {isSet && !remove[name] && (
        <Button size="small" onClick={() => setRemove((current) => ({ ...current, [name]: true }))}>
          {t('emailSettings.removeSecret')}
        </Button>
      )}
    </Stack>
  )
  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      sx={{ p: 3 }}
      data-testid="mail-sender"
      onSubmit={(event) => {
        event.preventDefault()
        void save.submit()
      }}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('emailSettings.sender')}
      </Typography>
      <Stack spacing={2}>
        <TextField
          select
          label={t('emailSettings.senderType')}
          value={form.senderType}
          onChange={(event) => setForm((current) => ({ ...current, senderType: event.target.value as SenderForm['senderType'] }))}
          size="small"
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'field-senderType' } as object } }}
        >
          {mailSenderTypes.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`emailSettings.type.${type}` as AnyMessageKey)}
            </MenuItem>
          ))}
        </TextField>
        {field('senderName', 'emailSettings.senderName')}
        {(form.senderType === 'subdomain' || form.senderType === 'custom') && field('senderLocal', 'emailSettings.senderLocal')}
        {form.senderType === 'custom' && field('customDomain', 'emailSettings.customDomain')}
        {settings.senderAddress && settings.senderType === form.senderType && (
          <Typography color="text.secondary" data-testid="sender-address">
            {t('emailSettings.senderAddress', { address: settings.senderAddress })}
          </Typography>
        )}
        {form.senderType === 'custom' && settings.dnsRecords.length > 0 && (
          <Box data-testid="mail-dns">
            <Typography sx={{ mb: 1 }}>{t('emailSettings.dnsIntro')}</Typography>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('emailSettings.dnsName')}</TableCell>
                  <TableCell>{t('emailSettings.dnsValue')}</TableCell>
                  <TableCell>{t('emailSettings.dnsStatus')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {settings.dnsRecords.map((record) => (
                  <TableRow key={record.name}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>TXT {record.name}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all', maxWidth: 420 }}>{record.value}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={record.status === 'found' ? 'success' : record.status === 'wrong' ? 'error' : 'default'}
                        label={t(`emailSettings.dns.${record.status}` as AnyMessageKey)}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center' }}>
              <Button onClick={() => void verify.submit()} disabled={verify.busy} data-testid="mail-verify">
                {t('emailSettings.verify')}
              </Button>
              <Chip
                size="small"
                color={settings.domainVerifiedAt ? 'success' : 'default'}
                label={
                  settings.domainVerifiedAt
                    ? `${t('emailSettings.verified')} · ${formatDateTime(settings.domainVerifiedAt, language)}`
                    : t('emailSettings.notVerified')
                }
                data-testid="mail-domain-state"
              />
            </Stack>
            {settings.domainReason && !settings.domainVerifiedAt && (
              <Alert severity="warning" sx={{ mt: 1 }} data-testid="mail-domain-reason">
                {t(settings.domainReason as AnyMessageKey)}
              </Alert>
            )}
          </Box>
        )}
        {form.senderType === 'ordinary' && (
          <>
            <Stack direction="row" spacing={2}>
              {field('smtpHost', 'emailSettings.smtpHost')}
              {field('smtpPort', 'emailSettings.smtpPort', { sx: { maxWidth: 140 } })}
            </Stack>
            <FormControlLabel
              control={
                <Checkbox
                  checked={form.smtpSecure}
                  onChange={(event) => setForm((current) => ({ ...current, smtpSecure: event.target.checked }))}
                />
              }
              label={t('emailSettings.smtpSecure')}
            />
            {field('smtpUser', 'emailSettings.smtpUser')}
            {secret('smtpPassword', 'emailSettings.smtpPassword', settings.smtpPasswordSet)}
            {field('smtpFrom', 'emailSettings.smtpFrom')}
          </>
        )}
        {field('brandColor', 'emailSettings.brandColor')}
        <Typography variant="subtitle1" component="h3">
          {t('emailSettings.sendgrid')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('emailSettings.sendgridHelp')}
        </Typography>
        {secret('sendgridKey', 'emailSettings.sendgridKey', settings.sendgridKeySet)}
        {(settings.sendgridKeySet || form.sendgridKey) && (
          <>
            <Typography variant="body2" color="text.secondary" data-testid="sendgrid-webhook-url">
              {t('emailSettings.sendgridWebhookHelp', { url: settings.sendgridWebhookUrl })}
            </Typography>
            {secret('sendgridWebhookKey', 'emailSettings.sendgridWebhookKey', settings.sendgridWebhookKeySet)}
          </>
        )}
        {(settings.sendgridKeySet || form.sendgridKey) &&
          shopMailTemplates.map((template) => (
            <TextField
              key={template}
              size="small"
              label={t(`emailTemplate.${template}` as AnyMessageKey)}
              value={form.templateIds[template] ?? ''}
              onChange={(event) =>
                setForm((current) => ({ ...current, templateIds: { ...current.templateIds, [template]: event.target.value } }))
              }
            />
          ))}
      </Stack>
      <Stack direction="row" sx={{ mt: 3 }}>
        <Button type="submit" variant="contained" disabled={save.busy} data-testid="mail-sender-save">
          {t('editor.save')}
        </Button>
      </Stack>
    </Paper>
  )
}

const Templates = ({ onSent }: { onSent: () => void }) => {
  const { t, language } = useListT()
  const [template, setTemplate] = useState<ShopMailTemplate>('order')
  const [locale, setLocale] = useState<string>(language)
  const shopId = useCurrentShopId()
  const shown = useQuery({
    queryKey: [servicePaths.mailPreview, shopId, template, locale],
    queryFn: () => previewMail(template, locale),
    retry: false
  })
  const preview: MailPreview | undefined = shown.data
  const failed = shown.error ? ((shown.error as { data?: { key?: string } }).data?.key ?? 'mail.renderFailed') : null
  const test = useSubmit(async () => {
    const { to } = await sendTestMail(template, locale)
    notifySuccess(t('emailSettings.testSent', { to }))
    onSent()
  })
  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="mail-templates">
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('emailSettings.templates')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('emailSettings.template')}
          value={template}
          onChange={(event) => setTemplate(event.target.value as ShopMailTemplate)}
          sx={{ minWidth: 260 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'mail-template' } as object } }}
        >
          {shopMailTemplates.map((name) => (
            <MenuItem key={name} value={name} data-testid={`mail-template-${name}`}>
              {t(`emailTemplate.${name}` as AnyMessageKey)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('emailSettings.language')}
          value={locale}
          onChange={(event) => setLocale(event.target.value)}
          sx={{ minWidth: 160 }}
        >
          {localeIds.map((id) => (
            <MenuItem key={id} value={id}>
              {locales.find((entry) => entry.id === id)?.name}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={() => void test.submit()} disabled={test.busy} data-testid="mail-send-test">
          {t('emailSettings.sendTest')}
        </Button>
      </Stack>
      {failed && (
        <Alert severity="error" data-testid="mail-preview-error">
          {t(failed as AnyMessageKey)}
        </Alert>
      )}
      {preview && !failed && (
        <Box>
          <Typography sx={{ mb: 1 }} data-testid="mail-preview-subject">
            {t('emailSettings.subject', { subject: preview.subject })}
          </Typography>
          {/* The mail's own HTML in a sandbox: no scripts, forms, pop-ups or navigation, as a mail client shows it
              (same origin only so the page can read the frame; without allow-scripts nothing in it runs). */}
          <Box
            component="iframe"
            title={t('emailSettings.previewTitle')}
            sandbox="allow-same-origin"
            srcDoc={preview.html}
            data-testid="mail-preview"
            sx={{ width: '100%', height: 640, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#f3f4f6' }}
          />
        </Box>
      )}
    </Paper>
  )
}
