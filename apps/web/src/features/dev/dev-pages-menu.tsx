import { Button, Stack, Typography } from '@mui/material'
import { AppLink } from '../../components/ui/app-link'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'

/** The developer pages (spec §2.2), in the spec's order. */
const DEV_PAGES = ['batch', 'importWithScript', 'label', 'printer', 'test', 'weight'] as const

/** Links between the developer pages: each is reached by a click from the others. */
export const DevPagesMenu = () => {
  const { t } = useListT()
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }} component="nav" data-testid="dev-pages">
      <Typography variant="body2" color="text.secondary">
        {t('devPages.menu')}
      </Typography>
      {DEV_PAGES.map((name) => (
        <Button key={name} size="small" component={AppLink} href={`/emporia/${name}`} data-testid={`dev-page-${name}`}>
          {t(`route.emporia/${name}` as AnyMessageKey)}
        </Button>
      ))}
    </Stack>
  )
}
