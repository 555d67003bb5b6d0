import path from 'node:path'
import { defineConfig } from '@tarojs/cli'

// The repository's other apps use React 19 (hoisted to the root): this workspace keeps its own 18, and
// npm keeps the Taro packages that ask for it here too; webpack looks here before the root's folder.
// (No alias of react-dom: Taro points it at @tarojs/react for the package.)
const own = (name: string) => path.resolve(__dirname, '..', 'node_modules', name)
// Packages npm kept here (beside React 18) are found first, whichever package asks for them.
const ownFirst = (chain: {
  resolve: { modules: { prepend: (folder: string) => unknown; add: (folder: string) => unknown } }
}) => {
  chain.resolve.modules.prepend(own(''))
  chain.resolve.modules.add('node_modules')
}

/**
 * One source, two targets (decision 0207): `taro build --type weapp` writes the messaging platform's
 * package to dist/weapp, `--type h5` the browser build to dist/h5. The API base and the shop stay
 * placeholders in string literals: the server fills them in per shop when it serves the H5 build or
 * hands the merchant the package (never rebuilt per shop).
 */
export default defineConfig({
  projectName: 'emporia-mini',
  date: '2026-11-30',
  designWidth: 750,
  deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
  sourceRoot: 'src',
  outputRoot: `dist/${process.env.TARO_ENV}`,
  plugins: [],
  defineConstants: {
    EMPORIA_API_BASE: JSON.stringify('@@EMPORIA_API_BASE@@'),
    EMPORIA_SHOP: JSON.stringify('@@EMPORIA_SHOP@@')
  },
  framework: 'react',
  compiler: { type: 'webpack5', prebundle: { enable: false } },
  // CI builds once from clean: no cache folder to keep or to go stale.
  cache: { enable: false },
  mini: {
    webpackChain: ownFirst,
    postcss: { pxtransform: { enable: true, config: {} }, cssModules: { enable: false } }
  },
  h5: {
    webpackChain: ownFirst,
    // Served under each shop's own `{base}/_mini/`: every asset is addressed from the page itself.
    publicPath: './',
    staticDirectory: 'static',
    router: { mode: 'hash' },
    postcss: { autoprefixer: { enable: false }, cssModules: { enable: false } }
  }
})
