/**
 * Import rules the type checker cannot see (docs/decisions/0124-server-layout.md). `npm run lint` runs
 * them; eslint keeps the finer per-file boundaries (tenancy's one entry, row security, service folders).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle makes load order matter and hides which module is the lower layer.',
      from: { path: '^(apps/server/src|apps/web/src|packages/shared/src|packages/theme/src)/' },
      to: { circular: true }
    },
    {
      name: 'platform-knows-no-business',
      severity: 'error',
      comment: 'src/platform is infrastructure: it may not import business areas (domains/) or the wire (services/).',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/(domains|services)/' }
    },
    {
      name: 'domains-use-public-service-modules',
      severity: 'error',
      comment: 'A business area reaches a service only through its public module services/<name>/<name>.ts.',
      from: { path: '^apps/server/src/domains/' },
      to: { path: '^apps/server/src/services/([^/]+)/(?!\\1\\.ts$)' }
    }
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.json'] }
  }
}
