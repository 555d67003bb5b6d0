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
  mail: 'M3 6h18v12H3zM3 6l9 7 9-7',
  // Social networks (the footer's links, settings/social): outlines in the same stroke, not brand artwork.
  facebook: 'M14 21v-7h3l.5-3.5H14V8.6c0-1 .3-1.6 1.7-1.6h1.9V4a25 25 0 0 0-2.8-.2C12.2 3.8 10.5 5.4 10.5 8.3v2.2H7.5V14h3v7',
  instagram:
    'M7.5 3h9A4.5 4.5 0 0 1 21 7.5v9a4.5 4.5 0 0 1-4.5 4.5h-9A4.5 4.5 0 0 1 3 16.5v-9A4.5 4.5 0 0 1 7.5 3zM12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM17.3 6.7v.01',
  whatsapp: 'M4 20l1.3-3.9A8.5 8.5 0 1 1 8.7 19zM9 8.3c0 3.6 3.1 6.7 6.7 6.7l.9-1.5-2-1-1 .8a5 5 0 0 1-2.4-2.4l.8-1-1-2z',
  youtube: 'M3 8.2A3.2 3.2 0 0 1 6.2 5h11.6A3.2 3.2 0 0 1 21 8.2v7.6a3.2 3.2 0 0 1-3.2 3.2H6.2A3.2 3.2 0 0 1 3 15.8zM10 9v6l5-3z',
  x: 'M4 4h4.5L20 20h-4.5zM20 4l-6.6 7.3M4 20l6.6-7.3',
  line: 'M12 4c5 0 9 3.1 9 7s-4 7-9 7c-.6 0-1.2 0-1.8-.1L7 20.5V17c-2.4-1.3-4-3.5-4-6 0-3.9 4-7 9-7z',
  wechat:
    'M9.5 4C5.4 4 2 6.6 2 9.9c0 1.8 1 3.4 2.6 4.5L4 16.5l2.6-1.3c.9.3 1.9.4 2.9.4M15.5 10c3.6 0 6.5 2.3 6.5 5.1 0 1.5-.8 2.8-2.1 3.8l.4 1.6-2.1-1c-.9.3-1.8.4-2.7.4-3.6 0-6.5-2.3-6.5-5.1S11.9 10 15.5 10z'
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

/** Whether a name draws an icon (where it does not, callers show the name as text). */
export const hasIcon = (name: string) => known(name) !== undefined

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
