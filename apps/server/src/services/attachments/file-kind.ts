import { open } from 'node:fs/promises'
import { fileTypeFromFile } from 'file-type'

export type KindGroup = 'image' | 'svg' | 'video' | 'audio' | 'document'

/** What an upload really is, decided from its bytes (never from its name or the client's content-type). */
export interface FileKind {
  mime: string
  ext: string
  group: KindGroup
}

/** Binary types accepted (spec §2.11's icons name the families), keyed by what file-type reports. */
const BINARY: Record<string, { mime?: string; group: KindGroup }> = {
  'image/jpeg': { group: 'image' },
  'image/png': { group: 'image' },
  'image/webp': { group: 'image' },
  'image/gif': { group: 'image' },
  'image/avif': { group: 'image' },
  'video/mp4': { group: 'video' },
  'video/webm': { group: 'video' },
  'video/quicktime': { group: 'video' },
  'audio/mpeg': { group: 'audio' },
  'audio/aac': { group: 'audio' },
  'audio/wav': { group: 'audio' },
  'application/pdf': { group: 'document' },
  // A product's 3D preview mesh (spec §3.7; decision 0189): binary glTF, shown with model-viewer.
  'model/gltf-binary': { group: 'document' },
  'application/zip': { group: 'document' },
  'application/x-7z-compressed': { group: 'document' },
  'application/x-rar-compressed': { mime: 'application/vnd.rar', group: 'document' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { group: 'document' },
  // Legacy .doc files are OLE compound files; file-type cannot tell Word from Excel inside them.
  'application/x-cfb': { mime: 'application/msword', group: 'document' }
}

const SNIFF_BYTES = 4096
// file-type calls any `<?xml` file XML; whether it is an SVG is for the text sniffer to say.
const TEXTUAL = new Set(['application/xml', 'image/svg+xml', 'text/html'])

/** SVG and HTML are text, which file-type does not classify: look at the first tag. */
const sniffText = async (file: string): Promise<FileKind | undefined> => {
  const handle = await open(file, 'r')
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES)
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0)
    const head = buffer.subarray(0, bytesRead)
    if (head.includes(0)) return undefined
    const text = head.toString('utf8').replace(/^\uFEFF/, '')
    // Skip the XML declaration, comments and doctype to reach the first element.
    const rest = text.replace(/^(\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!doctype[^>]*>)*/i, '')
    if (/^<svg[\s>]/i.test(rest)) return { mime: 'image/svg+xml', ext: 'svg', group: 'svg' }
    if (/^\s*<!doctype html/i.test(text) || /^<(html|head|body)[\s>]/i.test(rest))
      return { mime: 'text/html', ext: 'html', group: 'document' }
    return undefined
  } finally {
    await handle.close()
  }
}

/** The real type of an uploaded file, or undefined when it is not one the media library accepts. */
export const detectKind = async (file: string): Promise<FileKind | undefined> => {
  const found = await fileTypeFromFile(file)
  if (found && !TEXTUAL.has(found.mime)) {
    const known = BINARY[found.mime]
    return known ? { mime: known.mime ?? found.mime, ext: found.ext, group: known.group } : undefined
  }
  return sniffText(file)
}

/** The extension a stored original gets, from its recorded mime (for the download name and content type). */
export const extensionOf = (mime: string): string =>
  ({
    'image/jpeg': 'jpg',
    'image/svg+xml': 'svg',
    'text/html': 'html',
    'application/msword': 'doc',
    'application/vnd.rar': 'rar',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
    'application/x-7z-compressed': '7z',
    'video/quicktime': 'mov',
    'audio/mpeg': 'mp3'
  })[mime] ?? mime.split('/')[1]
