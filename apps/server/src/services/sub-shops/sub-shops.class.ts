import { ShopStaffService, type StaffParts } from '../shop-staff/shop-staff'

/** Sub-shops (spec §3.3, §6.1) are entries of the staff table whose role is always `subshop`. */
export class SubShopService extends ShopStaffService {
  constructor(parts: StaffParts) {
    super(parts, ['subshop'])
  }
}
