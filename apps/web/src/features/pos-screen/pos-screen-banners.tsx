import { useEffect, useState } from 'react'
import { Box, Typography } from '@mui/material'
import type { Shop } from '@emporia/shared'
import { attachmentUrl, srcSet } from '../../components/media/media-api'
import { useT } from '../../lib/i18n/i18n'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'

// Long enough to read a title from across the counter.
const ROTATE_MS = 8000

/** The shop's POS banners (settings/posBanners) one after another while no order is on the till. */
export const PosScreenBanners = ({ banners }: { banners: NonNullable<Shop['posBanners']> }) => {
  const { tAny, language } = useT()
  const [index, setIndex] = useState(0)
  useEffect(() => {
    if (banners.length < 2) return
    const timer = setInterval(() => setIndex((current) => (current + 1) % banners.length), ROTATE_MS)
    return () => clearInterval(timer)
  }, [banners.length])
  const banner = banners[index % banners.length]
  if (!banner) return null
  const title = banner.title ? resolveText(banner.title as Translatable, language, tAny) : ''
  return (
    <Box sx={{ flex: 1, position: 'relative', overflow: 'hidden' }} data-testid="pos-screen-banner" data-index={index}>
      <Box
        component="img"
        src={attachmentUrl(banner.image)}
        srcSet={srcSet(banner.image)}
        sizes="100vw"
        alt={title}
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }}
      />
      {title && (
        <Typography
          variant="h3"
          component="p"
          sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, p: 3, bgcolor: 'rgba(0,0,0,0.5)', textAlign: 'center' }}
        >
          {title}
        </Typography>
      )}
    </Box>
  )
}
