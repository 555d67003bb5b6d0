import type { User, UserData, UserPatch } from '@emporia/shared'
import { StoreService } from '../store/store-service'

/** Staff accounts. The password hash is a secret: it never leaves the server. */
export class UserService extends StoreService<User, UserData, UserPatch> {}
