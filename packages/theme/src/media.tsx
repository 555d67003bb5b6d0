import type { CSSProperties } from 'react'
import { imageSizes, type ImageSize } from '@emporia/shared'
import { useRenderContext, type ThemeRenderContext } from './context'
import { num, record, text } from './props'

const SIZES = Object.entries(imageSizes) as [ImageSize, number][]

/** An image prop (§3.6 imageRef) as addresses: one per srcset size for an upload (§9.6), or its own src. */
export interface ImageSource {
  src: string
  webp?: string
  jpg?: string
  width?: number
  height?: number
  thumb?: string
}

export const imageSource = (value: unknown, context: Pick<ThemeRenderContext, 'imageUrl'>): ImageSource | undefined => {
  const image = record(value)
  if (!image) return undefined
  const width = num(image.width) || undefined
  const height = num(image.height) || undefined
  const thumb = text(image.thumb).startsWith('data:image/') ? text(image.thumb) : undefined
  const attachment = text(image.attachment)
  if (image.type === 'attachment' && /^[0-9a-f]{24}$/.test(attachment)) {
    // Sizes past the original's width would be the original again (the server never upscales).
    const wanted = SIZES.filter((_, index) => !width || index === 0 || SIZES[index - 1][1] < width)
    const set = (format: 'webp' | 'jpg') =>
      wanted
        .map(([size, edge]) => `${context.imageUrl(attachment, size, format)} ${width ? Math.min(edge, width) : edge}w`)
        .join(', ')
    return { src: context.imageUrl(attachment, 'medium', 'jpg'), webp: set('webp'), jpg: set('jpg'), width, height, thumb }
  }
  const src = text(image.src)
  return src ? { src, width, height, thumb } : undefined
}

interface PictureProps {
  image: unknown
  alt?: string
  /** The `sizes` attribute: how wide the image shows (full width by default). */
  sizes?: string
  fit?: string
  className?: string
  style?: CSSProperties
  /** The first screen's image: fetched at once, never lazily. */
  eager?: boolean
}

/**
 * An image that never shifts the layout (width and height, or the box's own size) and lets the browser
 * pick the size it needs in webp, jpg where webp is not supported (§9.6).
 */
export const Picture = ({ image, alt = '', sizes = '100vw', fit, className, style, eager }: PictureProps) => {
  const context = useRenderContext()
  const source = imageSource(image, context)
  if (!source) return null
  const imgStyle: CSSProperties = { ...(fit ? { objectFit: fit as CSSProperties['objectFit'] } : {}), ...style }
  const img = (
    <img
      src={source.src}
      srcSet={source.jpg}
      sizes={source.jpg ? sizes : undefined}
      alt={alt}
      width={source.width}
      height={source.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      className={className}
      style={Object.keys(imgStyle).length ? imgStyle : undefined}
    />
  )
  if (!source.webp) return img
  return (
    <picture>
      <source type="image/webp" srcSet={source.webp} sizes={sizes} />
      {img}
    </picture>
  )
}
