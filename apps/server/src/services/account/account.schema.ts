/** `users/reset create` (ARCHITECTURE §4): ask for a code, check it, or set a new password with it. */
export interface ResetRequest {
  action: 'request' | 'verify' | 'reset'
  email: string
  token?: string
  password?: string
}
