import { productCommentSchema, servicePaths, type CommentStatus } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import type { Values } from '../../lib/form-values'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { translatablePaths } from '../../lib/table/search-query'
import { setCommentsStatus } from './product-comments-api'
import { productCommentsScreen } from './product-comments.screen'

export const commentStatusLabels: Record<CommentStatus, AnyMessageKey> = {
  pending: 'productComment.status.pending',
  approved: 'productComment.status.approved',
  hidden: 'productComment.status.hidden'
}

const ratingLabels: Record<string, AnyMessageKey> = {
  '1': 'productComment.rating.1',
  '2': 'productComment.rating.2',
  '3': 'productComment.rating.3',
  '4': 'productComment.rating.4',
  '5': 'productComment.rating.5'
}

/** What is saved: an emptied reply is no reply; a rating chosen as text is its number. */
const prepareComment = (values: Values): Values => {
  const out: Values = { ...values }
  if ('reply' in out && (typeof out.reply !== 'string' || !out.reply.trim())) out.reply = null
  if ('rating' in out)
    out.rating = out.rating === '' || out.rating === null || out.rating === undefined ? null : Number(out.rating)
  return out
}

/**
 * Product comments (decision 0193): the moderation list, newest first; approve or hide the chosen ones,
 * reply in the editor (the reply shows under the comment on the storefront).
 */
export const productCommentsResource = defineResource({
  screen: productCommentsScreen,
  schema: productCommentSchema,
  name: 'productComment.one',
  urlKey: 'productComments',
  empty: { text: 'empty.productComments' },
  flags: { noAdd: true, noClone: true },
  defaultSort: { sortBy: ['createdAt'], sortDesc: [true] },
  columns: [
    { value: 'createdAt', text: 'productComment.date', kind: 'datetime', sortable: true },
    { value: 'status', text: 'productComment.status', enumList: commentStatusLabels, sortable: true },
    { value: 'product', text: 'productComment.product', lookup: { path: servicePaths.products } },
    { value: 'author', text: 'productComment.author' },
    { value: 'rating', text: 'productComment.rating', kind: 'number', sortable: true },
    { value: 'text', text: 'productComment.text' },
    { value: 'reply', text: 'productComment.reply' }
  ],
  fields: [
    {
      name: 'product',
      label: 'productComment.product',
      type: 'select',
      required: true,
      source: { path: servicePaths.products, searchFields: translatablePaths('name') }
    },
    { name: 'status', label: 'productComment.status', type: 'select', required: true, source: { enumList: commentStatusLabels } },
    { name: 'rating', label: 'productComment.rating', type: 'select', source: { enumList: ratingLabels } },
    { name: 'text', label: 'productComment.text', type: 'textarea', required: true, wide: true },
    { name: 'reply', label: 'productComment.reply', type: 'textarea', wide: true }
  ],
  search: [
    { field: 'status', type: 'enum', label: 'productComment.status', enumList: commentStatusLabels },
    { field: 'text', type: 'regexp', label: 'productComment.text' }
  ],
  prepare: prepareComment,
  batchActions: [
    {
      key: 'approve',
      label: 'productComment.approve',
      run: (ids) => setCommentsStatus(ids, 'approved'),
      done: 'productComment.approved'
    },
    { key: 'hide', label: 'productComment.hide', run: (ids) => setCommentsStatus(ids, 'hidden'), done: 'productComment.hidden' }
  ]
})
