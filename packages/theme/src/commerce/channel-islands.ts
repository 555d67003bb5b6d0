// Browser code beside the islands (the server never compiles it): which window a storefront call comes from.
/**
 * The channel a storefront call comes from (decision 0204): the shop's installed app runs the same
 * pages in a standalone window, so its orders and sign-ins say `app`; a browser tab says nothing (eshop).
 * It only labels the order and the member, never a price or a right.
 */
export const installedChannel = (): { channel?: 'app' } => {
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  return standalone ? { channel: 'app' } : {}
}
