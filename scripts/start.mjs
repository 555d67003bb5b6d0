// `npm start`: build what is missing or stale, then run the server (migrations run at start-up).
// `npm run seed:demo` passes --seed-only: the server seeds the demo shop and exits.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const at = (...parts) => path.join(root, ...parts)

const newest = (target) => {
  if (!existsSync(target)) return 0
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(target).reduce((max, name) => Math.max(max, newest(path.join(target, name))), stat.mtimeMs)
}

const outputs = {
  web: at('apps/web/dist/index.html'),
  // The mini-program's two builds: the H5 the storefront serves at {base}/_mini/ and the package the
  // merchant downloads from Mini → Settings (decisions 0206, 0207); both come from one Taro build script.
  mini: at('apps/mini/dist/h5/index.html'),
  server: at('apps/server/dist/index.js')
}
const sources = {
  web: [
    at('apps/web/src'),
    at('apps/web/public'),
    at('apps/web/index.html'),
    at('apps/web/vite.config.ts'),
    at('packages/shared/src')
  ],
  mini: [at('apps/mini/src'), at('apps/mini/config'), at('apps/mini/babel.config.js')],
  // The server bundles the theme (storefront renderers and islands) too.
  server: [at('apps/server/src'), at('packages/shared/src'), at('packages/theme/src')]
}
for (const part of ['web', 'mini', 'server']) {
  const built = existsSync(outputs[part]) ? statSync(outputs[part]).mtimeMs : 0
  if (built < Math.max(...sources[part].map(newest))) {
    console.log(`Building the ${part}…`)
    const result = spawnSync('npm', ['run', 'build', '-w', `apps/${part}`], { cwd: root, stdio: 'inherit' })
    if (result.status !== 0) process.exit(result.status ?? 1)
  }
}

const server = spawn(process.execPath, [outputs.server, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  // What a merchant runs is production: React renders the storefront with its production build (the
  // development one checks every element, several times slower). The browser tests' servers run so too.
  env: { NODE_ENV: 'production', ...process.env }
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
