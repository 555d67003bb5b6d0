import { useState } from 'react'
import { Alert, Box, Paper, Stack, Tab, Tabs, Typography } from '@mui/material'
import { useSession } from '../../lib/auth'
import { useFeatures } from '../../lib/features'
import { useListT } from '../../lib/i18n/lists'
import { JobsTab } from './jobs-tab'
import { LogTab } from './log-tab'
import { PlansTab } from './plans-tab'
import { ShopsTab } from './shops-tab'

type TabName = 'shops' | 'plans' | 'log' | 'jobs'
const tabs: TabName[] = ['shops', 'plans', 'log', 'jobs']

/**
 * The operator console (decision 0131): the platform's operators see every shop's plan
 * and payments, extend trials, grant plans, keep the plan catalogue, read the log of it all, and watch the job queue (decision 0145).
 */
export const OperatorPage = () => {
  const { t } = useListT()
  const { user } = useSession()
  const [tab, setTab] = useState<TabName>('shops')
  const { captcha } = useFeatures()
  if (!user?.operator)
    return (
      <Alert severity="info" data-testid="operator-refused">
        {t('operator.notOperator')}
      </Alert>
    )
  return (
    <Stack spacing={2} data-testid="operator-page">
      <Typography variant="caption" color="text.secondary">
        {t('operator.hint')}
      </Typography>
      {/* Read-only: the operator sets the captcha's keys in the environment (decision 0201). */}
      <Typography variant="body2" color="text.secondary" data-testid="operator-captcha">
        {captcha ? t('operator.captchaOn', { siteKey: captcha.siteKey }) : t('operator.captchaOff')} {t('operator.captchaHow')}
      </Typography>
      <Paper variant="outlined">
        <Tabs value={tab} onChange={(_, value: TabName) => setTab(value)} variant="scrollable" allowScrollButtonsMobile>
          {tabs.map((name) => (
            <Tab key={name} value={name} label={t(`operator.tab.${name}`)} data-testid={`operator-tab-${name}`} />
          ))}
        </Tabs>
      </Paper>
      <Box>
        {tab === 'shops' && <ShopsTab />}
        {tab === 'plans' && <PlansTab />}
        {tab === 'log' && <LogTab />}
        {tab === 'jobs' && <JobsTab />}
      </Box>
    </Stack>
  )
}
