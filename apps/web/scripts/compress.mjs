// Pre-compresses the built files once, at build time: the server sends the .br/.gz twin when the
// browser accepts it, at no CPU cost per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    return statSync(file).isDirectory() ? walk(file) : [file]
  })

for (const file of walk('dist')) {
  if (!/\.(js|css|html|svg|json|txt|map)$/.test(file) || file.endsWith('.map')) continue
  const content = readFileSync(file)
  if (content.length < 1024) continue
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
}
