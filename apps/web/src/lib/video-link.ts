/**
 * Video links (spec §5.6): a watch or short URL of one hosting service, a show or embed URL of
 * another, any other http(s) link as a plain link.
 */
export type VideoLinkInfo = { type: 'youtube'; id: string } | { type: 'vimeo'; id: string } | { type: 'link'; url: string }

export const parseVideoLink = (text: string): VideoLinkInfo | undefined => {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  const host = url.hostname.replace(/^www\.|^m\./, '')
  if (host === 'youtube.com' && url.pathname === '/watch' && url.searchParams.get('v'))
    return { type: 'youtube', id: url.searchParams.get('v')! }
  if (host === 'youtube.com' && /^\/(embed|shorts)\/[\w-]+/.test(url.pathname))
    return { type: 'youtube', id: url.pathname.split('/')[2] }
  if (host === 'youtu.be' && url.pathname.length > 1) return { type: 'youtube', id: url.pathname.slice(1).split('/')[0] }
  if (host === 'vimeo.com' && /^\/\d+/.test(url.pathname)) return { type: 'vimeo', id: url.pathname.split('/')[1] }
  if (host === 'player.vimeo.com' && /^\/video\/\d+/.test(url.pathname)) return { type: 'vimeo', id: url.pathname.split('/')[2] }
  return { type: 'link', url: url.href }
}
