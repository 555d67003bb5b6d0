// Where the scaffold reads and writes, relative to the repository root: the one place to change when
// folders move (decision 0124's layout). Generated files import these modules by a path computed
// from their own place, so a template never spells `../../`.
import { dirname, relative } from 'node:path'

export const layout = {
  shared: {
    root: 'packages/shared/src',
    index: 'packages/shared/src/index.ts',
    ids: 'packages/shared/src/platform/ids',
    storedText: 'packages/shared/src/shops/shop.schema',
    servicePaths: 'packages/shared/src/platform/service-paths.ts',
    serviceMap: 'packages/shared/src/platform/service-map.ts',
    permissions: 'packages/shared/src/tenancy/permissions.ts',
    /** Folders of the shared package that are infrastructure, not a domain a schema belongs to. */
    notDomains: ['i18n', 'platform', 'query', 'tenancy']
  },
  server: {
    services: 'apps/server/src/services',
    registry: 'apps/server/src/services/index.ts',
    migrations: 'apps/server/src/platform/db/migrations',
    schemaTable: 'apps/server/src/platform/db/migrations/schema-table',
    model: 'apps/server/src/platform/db/query/model',
    recordService: 'apps/server/src/platform/records/record-service',
    shopScoped: 'apps/server/src/platform/records/shop-scoped',
    validateData: 'apps/server/src/platform/records/validate-data',
    serviceContext: 'apps/server/src/platform/http/service-context',
    tenancy: 'apps/server/src/platform/tenancy',
    /** shopOf, userOf, noEvent: what every service that is not a plain record service uses. */
    serviceSupport: 'apps/server/src/domains/stock/service-support',
    /** A service's tests mirror its folder (decision 0124). */
    testOf: (folder) => `apps/server/test/services/${folder}/${folder}.test.ts`,
    recordContract: 'apps/server/test/support/record-contract',
    operationContract: 'apps/server/test/support/operation-contract'
  },
  web: {
    features: 'apps/web/src/features',
    registry: 'apps/web/src/app/screens.ts',
    screenTypes: 'apps/web/src/lib/screens/screen.ts',
    screen: 'apps/web/src/lib/screens/screen',
    resource: 'apps/web/src/components/data-table/resource',
    searchQuery: 'apps/web/src/lib/table/search-query',
    screenMessages: 'apps/web/src/lib/i18n/screen-messages',
    appMessages: (lang) => `apps/web/src/lib/i18n/resources/${lang}.ts`,
    languages: ['en', 'cht', 'chs']
  }
}

/** The import specifier of `module` (root-relative, no extension) from the file `from` (root-relative). */
export const importPath = (from, module) => {
  const path = relative(dirname(from), module)
  return path.startsWith('.') ? path : `./${path}`
}
