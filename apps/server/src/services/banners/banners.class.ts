import { BadRequest } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import { bannerProblem, type Banner } from '@emporia/shared'
import { checkedWrite } from '../../records/checked-write'
import { RecordService, type RecordParams } from '../../records/record-service'

const messages = {
  'banner.needsPicture': 'A published banner needs an image or a media',
  'banner.expiryAfterPublish': '"expiry" must be after "publish"'
}

/** The shared rule (bannerProblem), on the record as written, so patches and operators obey it too. */
export const checkBanner = (banner: Record<string, unknown>) => {
  const problem = bannerProblem(banner)
  if (problem) throw new BadRequest(messages[problem.key], problem)
}

/** Banners (spec §3.13) with their rules. */
export class BannerService extends RecordService<Banner> {
  override async create(data: Partial<Banner> | Partial<Banner>[], params: RecordParams = {}): Promise<Banner | Banner[]> {
    return checkedWrite(this.options.db.knex, 'banners', null, params, (p) => super.create(data, p), checkBanner)
  }

  override async update(id: Id, data: Partial<Banner>, params: RecordParams = {}): Promise<Banner> {
    return checkedWrite(this.options.db.knex, 'banners', id, params, (p) => super.update(id, data, p), checkBanner)
  }

  override async patch(id: NullableId, data: Partial<Banner>, params: RecordParams = {}): Promise<Banner | Banner[]> {
    return checkedWrite(this.options.db.knex, 'banners', id, params, (p) => super.patch(id, data, p), checkBanner)
  }
}
