/**
 * A shop that requires two-step sign-in for admins answers an admin without it 403
 * `errors.twoStepSetupRequired` on its data (decision 0136). Whatever call meets it, the app goes to
 * the profile's two-step section, which says why; the router sets where that is.
 */
export const TWO_STEP_SETUP_KEY = 'errors.twoStepSetupRequired'

let onSetupRequired: () => void = () => undefined

export const handleTwoStepSetupRequired = (handler: () => void) => {
  onSetupRequired = handler
}

/** The client's error hook: sends the user to set up two-step sign-in when a call says so; the error goes on. */
export const twoStepSetupHook = (context: { error?: unknown }) => {
  const key = (context.error as { data?: { key?: unknown } } | undefined)?.data?.key
  if (key === TWO_STEP_SETUP_KEY) onSetupRequired()
}
