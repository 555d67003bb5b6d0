import { readdir } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { APP_DEFAULT_BACKGROUND, appIconSizes } from '@emporia/shared'

/** Where the media library keeps an attachment's files (the attachments service's MediaStore). */
export interface IconSource {
  folder(shop: string, id: string): string
}

/** `/_app/icon-{size}.png` or `/_app/icon-maskable-{size}.png`, a size the manifest lists. */
const ICON_PATH = /^\/_app\/icon-(maskable-)?(\d{2,3})\.png$/

export const iconRequest = (shopPath: string): { size: number; maskable: boolean } | undefined => {
  const match = ICON_PATH.exec(shopPath)
  const size = match ? Number(match[2]) : 0
  return match && (appIconSizes as readonly number[]).includes(size) ? { size, maskable: Boolean(match[1]) } : undefined
}

/**
 * One icon of the app made with sharp from the chosen picture (decision 0202): square, the picture
 * contained; the maskable one on the splash colour with the picture in the inner 70 % (the safe zone a
 * launcher's mask never cuts). Made once per picture, size and colour, then kept in memory.
 */
export class AppIcons {
  private readonly made = new Map<string, Promise<Buffer>>()

  constructor(
    private readonly source: IconSource,
    private readonly maxEntries = 200
  ) {}

  icon(shop: string, attachment: string, size: number, maskable: boolean, background = APP_DEFAULT_BACKGROUND) {
    const key = `${shop}/${attachment}/${size}/${maskable ? background : 'any'}`
    let found = this.made.get(key)
    if (!found) {
      if (this.made.size >= this.maxEntries) this.made.clear()
      found = this.draw(shop, attachment, size, maskable, background)
      this.made.set(key, found)
      found.catch(() => this.made.delete(key))
    }
    return found
  }

  private async draw(shop: string, attachment: string, size: number, maskable: boolean, background: string) {
    const folder = this.source.folder(shop, attachment)
    const original = (await readdir(folder)).find((name) => name.startsWith('original.'))
    if (!original) throw new Error('app icon: the picture has no original')
    const file = path.join(folder, original)
    if (!maskable)
      return sharp(file, { limitInputPixels: 50_000_000 })
        .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer()
    const inner = Math.round(size * 0.7)
    const picture = await sharp(file, { limitInputPixels: 50_000_000 })
      .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer()
    return sharp({ create: { width: size, height: size, channels: 4, background } })
      .composite([{ input: picture, gravity: 'centre' }])
      .png()
      .toBuffer()
  }
}
