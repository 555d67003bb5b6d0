// A few outline icons drawn inline (no icon font to download); unknown names show nothing.
const PATHS: Record<string, string> = {
  menu: 'M3 6h18M3 12h18M3 18h18',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4.2-4.2',
  cart: 'M3 4h2l2.4 11h10.2L20 8H6.2M9 20a1 1 0 1 0 0-.01M17 20a1 1 0 1 0 0-.01',
  favorite: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  lang: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z',
  close: 'M6 6l12 12M18 6L6 18',
  left: 'M15 5l-7 7 7 7',
  right: 'M9 5l7 7-7 7',
  down: 'M6 9l6 6 6-6',
  home: 'M4 11l8-7 8 7v9h-5v-6H9v6H4z',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
  mail: 'M3 6h18v12H3zM3 6l9 7 9-7'
}

/** Icon names stored by the editor may carry a set prefix (`mdi-cart`, `mdi:cart`). */
const known = (name: string) => {
  const bare = name.replace(/^[a-z]+[-:]/, '').replace(/-outline$/, '')
  if (PATHS[bare]) return bare
  if (bare.includes('cart') || bare.includes('shopping')) return 'cart'
  if (bare.includes('heart')) return 'favorite'
  if (bare.includes('magnify')) return 'search'
  if (bare.includes('account')) return 'user'
  if (bare.includes('earth') || bare.includes('translate') || bare.includes('web')) return 'lang'
  return undefined
}

export const Icon = ({ name, size = 22 }: { name: string; size?: number }) => {
  const found = known(name)
  if (!found) return null
  return (
    <svg
      className="ef-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[found]} />
    </svg>
  )
}
