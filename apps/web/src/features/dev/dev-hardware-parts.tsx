import type { ReactNode } from 'react'
import { Card, CardContent, Typography } from '@mui/material'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import { DevPagesMenu } from './dev-pages-menu'

/** The frame of a hardware test page (decision 0097). */
export const HardwarePage = ({ intro, children }: { intro: AnyMessageKey; children: ReactNode }) => {
  const { t } = useListT()
  return (
    <Card variant="outlined" sx={{ maxWidth: 720 }}>
      <CardContent>
        <DevPagesMenu />
        <Typography sx={{ mb: 2 }}>{t(intro)}</Typography>
        {children}
      </CardContent>
    </Card>
  )
}
