import { randomBytes } from 'node:crypto'
import { rename, rm } from 'node:fs/promises'
import sharp, { type Sharp } from 'sharp'
import { imageSizes, type ImageSize } from '@emporia/shared'
import type { FileKind } from './file-kind'

/** Edge of the grid thumbnail (`/api/thumbs/{id}`): the library shows 150 px, twice that for sharp screens. */
export const THUMB_EDGE = 300
/** Edge of the data-URL preview kept on the record (spec §3.6 `thumb`). */
const PREVIEW_EDGE = 32

export type OutputFormat = 'webp' | 'jpg'

export class PixelLimitError extends Error {}

export interface ImageFacts {
  width: number | null
  height: number | null
  preview: string | null
}

const open = (input: string, maxPixels: number, animated = false): Sharp =>
  // autoOrient applies the EXIF rotation before the metadata is dropped, so photos stay upright.
  sharp(input, { limitInputPixels: maxPixels, autoOrient: true, animated })

/** Writes beside the final name and renames: a reader never sees half a file, two writers never mix. */
const writeAtomically = async (pipeline: Sharp, output: string) => {
  const part = `${output}.${randomBytes(6).toString('hex')}.part`
  try {
    const info = await pipeline.toFile(part)
    await rename(part, output)
    return info
  } catch (error) {
    await rm(part, { force: true })
    throw error
  }
}

/** sharp's refusal of an oversized image, told apart from a broken file. */
const rethrow = (error: unknown): never => {
  const message = error instanceof Error ? error.message : String(error)
  if (/pixel limit/i.test(message)) throw new PixelLimitError(message)
  throw error
}

// JPEG has no transparency: transparent areas become white rather than black.
const encode = (pipeline: Sharp, format: OutputFormat) =>
  format === 'webp'
    ? pipeline.webp({ quality: 80, effort: 2 })
    : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true })

/** Re-encodes in the upload's own format: sharp writes no metadata unless asked, so EXIF/GPS/XMP are gone. */
const reencode = (pipeline: Sharp, mime: string): Sharp => {
  switch (mime) {
    case 'image/jpeg':
      // Plain libjpeg-turbo: mozjpeg's smaller files cost ~4x the time on a 12 MP photo (docs/benchmarks.md).
      return pipeline.jpeg({ quality: 90 })
    case 'image/png':
      return pipeline.png({ compressionLevel: 9, effort: 3 })
    case 'image/webp':
      return pipeline.webp({ quality: 90 })
    case 'image/gif':
      return pipeline.gif()
    default:
      return pipeline.avif({ quality: 60, effort: 2 })
  }
}

/**
 * A raster upload: checks the pixel count from the header before decoding anything, writes the
 * clean original to `target` and the grid thumbnail beside it, and answers its facts.
 */
export const ingestImage = async (
  source: string,
  target: string,
  thumbFile: string,
  kind: FileKind,
  maxPixels: number
): Promise<ImageFacts> => {
  try {
    const animated = kind.mime === 'image/gif' || kind.mime === 'image/webp'
    const meta = await open(source, maxPixels, animated).metadata()
    // The header alone says how big the image would be decoded; refuse before any decoding.
    const pages = animated ? (meta.pages ?? 1) : 1
    const frameHeight = meta.pageHeight ?? meta.height ?? 0
    if ((meta.width ?? 0) * frameHeight * pages > maxPixels) throw new PixelLimitError('Input image exceeds pixel limit')
    const info = await writeAtomically(reencode(open(source, maxPixels, animated), kind.mime), target)
    // The written image is already turned upright; an animation reports its frames stacked.
    const width = info.width
    const height = animated ? frameHeight : info.height
    await thumbnail(target, thumbFile, 'webp', maxPixels)
    return { width, height, preview: await preview(target, maxPixels) }
  } catch (error) {
    return rethrow(error)
  }
}

/** An SVG is stored as sent (served so it cannot run script); only its size and previews are rendered. */
export const ingestSvg = async (source: string, thumbFile: string, maxPixels: number): Promise<ImageFacts> => {
  try {
    const meta = await sharp(source, { limitInputPixels: maxPixels }).metadata()
    await thumbnail(source, thumbFile, 'webp', maxPixels)
    return { width: meta.width ?? null, height: meta.height ?? null, preview: await preview(source, maxPixels) }
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new PixelLimitError(error.message)
    // A drawing librsvg cannot render is still a valid file to keep; it just has no preview.
    return { width: null, height: null, preview: null }
  }
}

const preview = async (input: string, maxPixels: number) => {
  const data = await sharp(input, { limitInputPixels: maxPixels })
    .resize(PREVIEW_EDGE, PREVIEW_EDGE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 50 })
    .toBuffer()
  return `data:image/webp;base64,${data.toString('base64')}`
}

/** The grid thumbnail: fits a 300 px square, never enlarged. */
export const thumbnail = async (input: string, output: string, format: OutputFormat, maxPixels: number) => {
  const pipeline = sharp(input, { limitInputPixels: maxPixels }).resize(THUMB_EDGE, THUMB_EDGE, {
    fit: 'inside',
    withoutEnlargement: true
  })
  await writeAtomically(encode(pipeline, format), output)
}

/** One srcset size (spec §9.6): that width, or the original's when it is narrower (never upscaled). */
export const sized = async (input: string, output: string, size: ImageSize, format: OutputFormat, maxPixels: number) => {
  const pipeline = sharp(input, { limitInputPixels: maxPixels }).resize({ width: imageSizes[size], withoutEnlargement: true })
  await writeAtomically(encode(pipeline, format), output)
}
