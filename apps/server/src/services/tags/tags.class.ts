import type { Tag } from '@emporia/shared'
import { RecordService, type RecordParams } from '../../platform/records/record-service'
import { stripReadOnly } from '../../platform/records/validate-data'

type Row = Record<string, unknown>

/** Tags (spec §3.7): `admin` is the account that created the tag, set here and never by a client. */
export class TagService extends RecordService<Tag> {
  override async _create(data: Partial<Tag>, params?: RecordParams): Promise<Tag>
  override async _create(data: Partial<Tag>[], params?: RecordParams): Promise<Tag[]>
  override async _create(data: Partial<Tag> | Partial<Tag>[], params?: RecordParams): Promise<Tag | Tag[]>
  override async _create(data: Partial<Tag> | Partial<Tag>[], params: RecordParams = {}): Promise<Tag | Tag[]> {
    const user = (params as RecordParams & { user?: { _id: string } }).user?._id
    const stamp = (item: Partial<Tag>) => {
      if (!item || typeof item !== 'object' || Array.isArray(item)) return item
      const record = params.provider ? stripReadOnly(this.model, item as Row) : { ...item }
      const admin = params.provider ? user : (record.admin ?? user)
      return (admin ? { ...record, admin } : record) as Partial<Tag>
    }
    // Read-only fields are already dropped for clients: the record service must not drop `admin` again.
    return super._create(Array.isArray(data) ? data.map(stamp) : stamp(data), { ...params, provider: undefined })
  }
}
