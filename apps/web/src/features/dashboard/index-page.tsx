import { useEffect } from 'react'
import { useRouter } from '@tanstack/react-router'
import { useSession } from '../../lib/auth'

/** `/`: the dashboard for a signed-in user, the login page otherwise. */
export const IndexPage = () => {
  const router = useRouter()
  const { status } = useSession()
  useEffect(() => {
    if (status !== 'restoring') router.history.replace(status === 'signed-in' ? '/dashboard' : '/login')
  }, [status, router])
  return null
}
