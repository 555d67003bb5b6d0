import { useQuery } from '@tanstack/react-query'
import { Box, Chip, Link, List, ListItem, ListItemText } from '@mui/material'
import Comment from '@mui/icons-material/ChatBubbleOutlineOutlined'
import { servicePaths, type CommentStatus, type LocaleId, type Page, type ProductComment } from '@emporia/shared'
import { AppLink } from '../../components/ui/app-link'
import { EmptyState } from '../../components/ui/empty-state'
import { formatDateTime } from '../../lib/format/date'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import { queryKeys } from '../../lib/query-keys'
import { useRealtimeSync } from '../../lib/realtime-sync'
import { shopApi } from '../../lib/resource-client'

const SHOWN = 5
const QUERY = {
  $sort: { createdAt: -1 },
  $limit: SHOWN,
  $select: ['_id', 'author', 'rating', 'text', 'status', 'createdAt']
}
const statusLabels: Record<CommentStatus, AnyMessageKey> = {
  pending: 'dashboard.comment.pending',
  approved: 'dashboard.comment.approved',
  hidden: 'dashboard.comment.hidden'
}

type Recent = Pick<ProductComment, '_id' | 'author' | 'rating' | 'text' | 'status' | 'createdAt'>

/** The dashboard's recent comments (spec §2.7): the newest five, with the way to the moderation list. */
export const CommentsPanel = ({ shopId }: { shopId: string }) => {
  const { t, language } = useListT()
  useRealtimeSync(servicePaths.productComments, true)
  const comments = useQuery({
    queryKey: queryKeys.find(servicePaths.productComments, { ...QUERY, shop: shopId }),
    staleTime: 30_000,
    retry: false,
    queryFn: async (): Promise<Page<Recent>> => shopApi(servicePaths.productComments).find(QUERY) as Promise<Page<Recent>>
  })
  const rows = comments.data?.data ?? []
  if (!rows.length) return <EmptyState icon={<Comment />} text={t('dashboard.commentsEmpty')} testId="panel-comments-empty" />
  return (
    <>
      <List dense disablePadding data-testid="recent-comments">
        {rows.map((comment) => (
          <ListItem key={comment._id} disableGutters data-testid="recent-comment">
            <ListItemText
              primary={
                <>
                  {comment.rating ? '★'.repeat(comment.rating) + ' ' : ''}
                  {comment.text.length > 80 ? `${comment.text.slice(0, 80)}…` : comment.text}
                </>
              }
              secondary={
                <>
                  {comment.author ? `${comment.author} · ` : ''}
                  {formatDateTime(comment.createdAt, language as LocaleId)}{' '}
                  <Chip
                    component="span"
                    size="small"
                    variant="outlined"
                    label={t(statusLabels[comment.status ?? 'pending'])}
                    data-testid="recent-comment-status"
                  />
                </>
              }
            />
          </ListItem>
        ))}
      </List>
      <Box sx={{ mt: 1 }}>
        <Link component={AppLink} href="/product-comments" data-testid="comments-moderate">
          {t('dashboard.moderate')}
        </Link>
      </Box>
    </>
  )
}
