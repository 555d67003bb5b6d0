import { mkdtempSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { imageSizes, type ImageSize } from '@emporia/shared'
import { ingestImage, sized, thumbnail } from '../../apps/server/src/services/attachments/images'
import { mediaLimits } from '../../apps/server/src/services/attachments/media-store'
import { fixed, type Outcome } from './support/report'

const WIDTH = 4000
const HEIGHT = 3000
const RUNS = 5

/** A 12-megapixel camera-like JPEG: smoothed noise (texture a flat colour would not have) and EXIF. */
const makePhoto = async (file: string) => {
  const noise = await sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } }
  })
    .blur(1.2)
    .jpeg({ quality: 90 })
    .toBuffer()
  await sharp(noise)
    .withMetadata({ orientation: 1, exif: { IFD0: { Make: 'Bench', Model: 'Camera' } } })
    .toFile(file)
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

const timed = async (runs: number, work: (run: number) => Promise<unknown>) => {
  await work(-1)
  const times: number[] = []
  for (let run = 0; run < runs; run++) {
    const started = performance.now()
    await work(run)
    times.push(performance.now() - started)
  }
  return { median: Math.round(median(times)), min: Math.round(Math.min(...times)), max: Math.round(Math.max(...times)), times }
}

/**
 * Thumbnail figure (docs/benchmarks.md): thumbnail generation for a 12-megapixel JPEG, with the server's own media code
 * (apps/server/src/services/attachments/images.ts), in this process, one file at a time.
 */
export const runThumbnails = async (log: (line: string) => void): Promise<Outcome> => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'emporia-bench-thumbs-'))
  try {
    const source = path.join(dir, 'photo.jpg')
    await makePhoto(source)
    const bytes = statSync(source).size
    log(
      `  source: ${WIDTH}×${HEIGHT} JPEG, ${fixed(bytes / 1e6)} MB, sharp ${sharp.versions.sharp} / libvips ${sharp.versions.vips}`
    )
    const { maxPixels } = mediaLimits({})
    const kind = { mime: 'image/jpeg', ext: 'jpg', group: 'image' as const }

    const thumb = await timed(RUNS, (run) => thumbnail(source, path.join(dir, `thumb-${run}.webp`), 'webp', maxPixels))
    log(`  300 px webp thumbnail: median ${thumb.median} ms (${thumb.min}–${thumb.max})`)
    const upload = await timed(RUNS, (run) =>
      ingestImage(source, path.join(dir, `original-${run}.jpg`), path.join(dir, `grid-${run}.webp`), kind, maxPixels)
    )
    log(
      `  upload processing (metadata-free original + thumbnail + preview): median ${upload.median} ms (${upload.min}–${upload.max})`
    )
    const original = path.join(dir, 'original-0.jpg')
    const sizes = Object.keys(imageSizes) as ImageSize[]
    const perSize: Record<string, number> = {}
    const all = await timed(RUNS, async (run) => {
      for (const size of sizes)
        for (const format of ['webp', 'jpg'] as const) {
          const started = performance.now()
          await sized(original, path.join(dir, `${run}-${size}.${format}`), size, format, maxPixels)
          if (run === 0) perSize[`${size}.${format}`] = Math.round(performance.now() - started)
        }
    })
    log(`  all 8 srcset files (400/800/1200/2000 w × webp/jpg): median ${all.median} ms; first run ${JSON.stringify(perSize)}`)
    return {
      workload: 'thumbnails (12 MP JPEG, sharp)',
      figures: [
        { name: 'thumbnail, 300 px webp, from a 12 MP JPEG', measured: `${thumb.median} ms median of ${RUNS}` },
        { name: 'upload processing: clean original + thumbnail + preview', measured: `${upload.median} ms median of ${RUNS}` },
        { name: 'all 8 srcset files (4 widths × webp/jpg)', measured: `${all.median} ms median of ${RUNS}` }
      ],
      raw: { width: WIDTH, height: HEIGHT, bytes, thumb, upload, all, perSize, concurrency: sharp.concurrency() }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
