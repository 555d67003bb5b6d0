import { ImportScriptPage } from '../../features/dev/dev-import-script-page'
import { productsResource } from '../../features/products/products-resource'

/** Developer page `emporia/importWithScript` (decision 0171): the script imports into products, described as their list is. */
export const DevImportScriptRoute = () => <ImportScriptPage definition={{ ...productsResource, path: 'products' }} />
