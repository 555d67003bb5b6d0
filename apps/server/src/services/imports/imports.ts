import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../../platform/http/service-context'
import type { App } from '../../platform/http/server-services'
import { shopScoped } from '../../platform/tenancy'
import { ImportFiles } from '../../domains/imports/import-files'
import { defineImportRunJob, importBatchSize, previewBatchSize, type ImportJobEnv } from '../../domains/imports/import-job'
import { ImportRunService } from './imports.class'
import { importRunModel } from './imports.schema'
import { errorSheetRoute, uploadRoute } from './imports.routes'

export const IMPORTS_PATH = servicePaths.imports
/** The error sheet's download route, under its run. */
export const IMPORT_ERRORS_PATH = `${servicePaths.imports}/:__id/errors`

/** The error sheet's path has its route only; clients can call no method on it. */
class ImportErrorSheet {
  async setup() {}
}

/**
 * Import runs (decision 0170): a shop-scoped record service (find, get, create from an earlier run,
 * patch to cancel), the multipart upload on its path, the error sheet under each run, and the queue's
 * worker that runs them. Progress reaches the shop's channel as the record's `patched` events.
 */
export const dataImport = (context: ServiceContext) => (app: Application) => {
  const service = new ImportRunService({ ...context.records, model: importRunModel })
  service.files = new ImportFiles(context.config.dataDir)
  const env: ImportJobEnv = {
    app,
    knex: context.db.knex,
    rowSecurity: context.records.rowSecurity === true,
    directory: context.directory,
    files: service.files,
    announce: (row) => app.service(IMPORTS_PATH).emit('patched', service.view(row)),
    batchSize: importBatchSize(context.db.dialect),
    previewBatchSize: previewBatchSize(context.db.dialect),
    giveWayTo: context.activity
  }
  service.env = env
  if (context.jobs) {
    service.jobs = context.jobs
    defineImportRunJob(context.jobs, env)
  }
  app.use(IMPORTS_PATH, service, {
    methods: ['find', 'get', 'create', 'patch'],
    koa: { before: [uploadRoute(app as App, context, service)] }
  })
  app.service(IMPORTS_PATH).hooks({ before: { all: shopScoped(context.directory, IMPORTS_PATH) } })
  app.use(IMPORT_ERRORS_PATH, new ImportErrorSheet(), { methods: [], koa: { before: [errorSheetRoute(app as App)] } })
}
