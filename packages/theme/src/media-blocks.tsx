import type { CSSProperties } from 'react'
import { useRenderContext } from './context'
import { Icon } from './icons'
import { Picture } from './media'
import { say } from './messages'
import { flag, link, linkProps, list, num, record, style, text } from './props'

type Props = { props: Record<string, unknown> }

/** A box size: `auto` leaves it to the content (the image's own ratio). */
const size = (value: unknown) => (text(value) && text(value) !== 'auto' ? text(value) : undefined)

/**
 * An image that links somewhere, its text over it, on hover, or below (§9.5 image button displays). A
 * listed product's picture (marked by the storefront) is cropped to the shop's ratio instead of the
 * box's height: `aspect-ratio` reserves its space before it loads.
 */
export const ImageButton = ({ props }: Props) => {
  const to = link(props.to)
  const display = text(props.display, 'normal')
  const label = text(props.text)
  const product = record(props.image)?.crop === 'product'
  const height = product ? undefined : size(props.height)
  const box: CSSProperties = { width: size(props.width), height }
  const body = (
    <>
      <span className="ef-imgbtn__media" style={height ? { height: '100%' } : undefined}>
        <Picture
          image={props.image}
          alt={label}
          sizes="(max-width: 600px) 100vw, 50vw"
          fit={product ? undefined : text(props.mode, 'cover')}
          style={height ? { height: '100%', width: '100%' } : undefined}
        />
      </span>
      {label ? <span className="ef-imgbtn__text">{label}</span> : null}
    </>
  )
  const className = `ef-imgbtn ef-imgbtn--${display}${product ? ' ef-imgbtn--product' : ''}`
  return to ? (
    <a className={className} style={style(props.css, box)} {...linkProps(to)}>
      {body}
    </a>
  ) : (
    <div className={className} style={style(props.css, box)}>
      {body}
    </div>
  )
}

/**
 * Slides in a scroll-snapping track: swipeable with no script; the island adds autoplay, arrows and dots.
 * The first slide's image loads at once (the first screen), the others lazily.
 */
export const Slider = ({ props }: Props) => {
  const { locale } = useRenderContext()
  const items = list(props.items).map((item) => record(item) ?? {})
  const height = text(props.height, '400px')
  return (
    <div
      className="ef-slider"
      style={{ height }}
      data-island="slider"
      data-autoplay={flag(props.autoplay) ? String(Math.max(1, num(props.interval, 5))) : undefined}
      aria-roledescription="carousel"
    >
      <div className="ef-slider__track">
        {items.map((item, index) => {
          const to = link(item.to)
          const slide = (
            <>
              <Picture
                image={item.image}
                alt={text(item.text)}
                fit={text(props.mode, 'cover')}
                eager={index === 0}
                className="ef-slider__img"
              />
              {text(item.text) ? <span className="ef-slider__text">{text(item.text)}</span> : null}
            </>
          )
          return (
            <div className="ef-slider__slide" key={index} aria-label={say(locale, 'slide', { n: index + 1 })} role="group">
              {to ? (
                <a className="ef-slider__link" {...linkProps(to)}>
                  {slide}
                </a>
              ) : (
                slide
              )}
            </div>
          )
        })}
      </div>
      {flag(props.arrows) && items.length > 1 ? (
        <>
          <button
            type="button"
            className="ef-slider__arrow ef-slider__prev"
            data-slide="prev"
            aria-label={say(locale, 'previous')}
          >
            <Icon name="left" />
          </button>
          <button type="button" className="ef-slider__arrow ef-slider__next" data-slide="next" aria-label={say(locale, 'next')}>
            <Icon name="right" />
          </button>
        </>
      ) : null}
      {flag(props.dots) && items.length > 1 ? (
        <div className="ef-slider__dots">
          {items.map((_, index) => (
            <button
              type="button"
              key={index}
              data-slide={index}
              aria-label={say(locale, 'slide', { n: index + 1 })}
              aria-current={index === 0 ? 'true' : undefined}
            />
          ))}
        </div>
      ) : null}
    </div>
  )
}

const EMBEDS: Record<string, (id: string) => string> = {
  youtube: (id) => `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}`,
  vimeo: (id) => `https://player.vimeo.com/video/${encodeURIComponent(id)}`
}

/** A video: an uploaded file, or a hosted video's player; its box keeps 16:9 until it loads. */
export const Video = ({ props }: Props) => {
  const context = useRenderContext()
  const video = record(props.video)
  if (!video) return null
  const box: CSSProperties = { width: text(props.width, '100%') }
  const height = size(props.height)
  if (height) box.height = height
  else box.aspectRatio = num(video.width) && num(video.height) ? `${num(video.width)} / ${num(video.height)}` : '16 / 9'
  const info = record(video.linkInfo)
  if (video.type === 'link' && info && typeof info.id === 'string' && EMBEDS[text(info.type)]) {
    const params = [flag(props.autoplay) && 'autoplay=1', flag(props.muted) && 'mute=1', flag(props.loop) && 'loop=1']
      .filter(Boolean)
      .join('&')
    return (
      <iframe
        className="ef-video"
        style={box}
        src={`${EMBEDS[text(info.type)](info.id)}${params ? `?${params}` : ''}`}
        title="video"
        loading="lazy"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
      />
    )
  }
  const attachment = record(video.attachment)
  const src =
    attachment && /^[0-9a-f]{24}$/.test(text(attachment.id))
      ? context.fileUrl(text(attachment.id))
      : /^https?:\/\//i.test(text(video.src))
        ? text(video.src)
        : undefined
  if (!src) return null
  return (
    <video
      className="ef-video"
      style={box}
      src={src}
      autoPlay={flag(props.autoplay)}
      loop={flag(props.loop)}
      muted={flag(props.muted) || flag(props.autoplay)}
      controls={flag(props.controls)}
      playsInline
      preload="metadata"
    />
  )
}
