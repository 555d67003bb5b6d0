import { defineScreen } from '../../lib/screens/screen'

/** Product reviews (decision 0193): the moderation list of the online shop's comments, edited in a dialog. */
export const productCommentsScreen = defineScreen({
  route: 'product-comments',
  kind: 'list',
  edit: true,
  service: 'productComments',
  area: 'products',
  drawer: { group: 'eshop', order: 70 }
})
