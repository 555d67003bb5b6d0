import type { CompanyUser } from '@emporia/shared'
import { RecordService } from '../../records/record-service'

/** CompanyUser records: no rules beyond the schema and the shop yet. */
export class CompanyUserService extends RecordService<CompanyUser> {}
