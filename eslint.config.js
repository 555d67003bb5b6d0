import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

// Server boundaries (docs/decisions/0074). A flat config's later entry replaces an earlier one's
// no-restricted-imports for the same file, so each entry repeats the patterns that still apply.
const tenancyInternals = {
  regex: '(^|/)tenancy/(?!index$)',
  message: 'Tenancy is one module: import it as `tenancy` (tenancy/index.ts), never its files.'
}
const rowSecurity = {
  regex: '(^|/)db/row-security$',
  message: 'The row-security wall belongs to tenancy: use enterWall / joinWall / leaveWall from `tenancy`.'
}
const otherServiceInternals = {
  // `../<b>/<anything but b>`: the backreference allows only the other folder's public module `<b>/<b>`.
  regex: '^\\.\\./([^./][^/]*)/(?!\\1$)',
  message: 'A service imports another service only through its public module `../<name>/<name>`.'
}

// Web boundaries. A file `depth` folders below its feature's own folder reaches another feature by
// climbing exactly depth + 1 levels and going down into a name; fewer stay inside its own feature
// (allowed), more reach src/, where only the app shell is refused. Hence one entry per depth.
const appShell = {
  regex: '^(\\.\\./)+app(/|$)',
  message: 'Features do not import the app shell; move the piece to components/ or lib/.'
}
const featureBoundary = (depth) => ({
  files: [`apps/web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          appShell,
          {
            regex: `^(\\.\\./){${depth + 1}}[^.]`,
            message: 'A feature does not import another feature; move the piece to components/ or lib/.'
          }
        ]
      }
    ]
  }
})

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'bench/results/**', 'e2e/artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }]
    }
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Node's types leak into the web build through Feathers' typings; the browser has neither.
      'no-restricted-globals': ['error', 'process', 'Buffer', '__dirname', 'require']
    }
  },
  // Web boundaries: a feature stands alone; components and lib serve every feature and know none.
  ...[0, 1, 2, 3, 4].map(featureBoundary),
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+(features|app)(/|$)', message: 'components/ and lib/ do not import features or the app shell.' }
          ]
        }
      ]
    }
  },
  {
    // Shared rules run in the browser, the POS and the server alike: no Node, no DOM.
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'crypto', 'react', 'react-dom'] }],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'self'],
        ...['process', 'Buffer', 'global', '__dirname', '__filename', 'require', 'module', 'exports', 'setImmediate']
      ]
    }
  },
  {
    // The theme renders on the server and in the editor: pure React, no Node, no browser-only hooks
    // (decision 0108). Its islands are the only code that runs in the shopper's browser.
    files: ['packages/theme/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'crypto', 'react-dom', 'react-dom/*'] }],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'process', 'Buffer']
    }
  },
  {
    // Islands: small vanilla scripts in the browser (no React, nothing from the server).
    files: ['packages/theme/src/islands/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'react-dom', '@emporia/*', '../*'] }],
      'no-restricted-globals': ['error', 'process', 'Buffer']
    }
  },
  {
    // The cart's islands (decision 0109): browser code too, which registers with the theme's islands.
    files: [
      'packages/theme/src/commerce/islands.ts',
      'packages/theme/src/commerce/account-islands.ts',
      'packages/theme/src/commerce/captcha-islands.ts',
      'packages/theme/src/commerce/channel-islands.ts'
    ],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'react-dom', '@emporia/*'] }],
      'no-restricted-globals': ['error', 'process', 'Buffer']
    }
  },
  {
    files: ['apps/server/**/*.ts', 'bench/**/*.ts'],
    ignores: ['apps/server/src/platform/tenancy/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [tenancyInternals] }] }
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/platform/tenancy/**', 'apps/server/src/platform/db/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [tenancyInternals, rowSecurity] }] }
  },
  {
    // A service folder is private but for its `<name>.ts`.
    files: ['apps/server/src/services/*/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [tenancyInternals, rowSecurity, otherServiceInternals] }] }
  },
  {
    // The mini-program client (decision 0207): Taro with React 18, run by the messaging platform and in
    // browsers (H5). Taro loads pages and the app by their default export.
    files: ['apps/mini/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: ['node:*', '@emporia/*'] }]
    }
  },
  {
    files: ['apps/mini/src/app.tsx', 'apps/mini/src/pages/*/index.tsx'],
    rules: { 'no-restricted-syntax': 'off' }
  },
  {
    // Tool configuration files are loaded by their tools, which want default exports.
    files: ['**/*.config.{ts,js,mjs,mts}', 'apps/mini/config/index.ts', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' }
  }
)
