/** The page editor's route for one component (a new one without an id). */
export const designPath = (component?: string) => `/eshop/pages/design${component ? `/${component}` : ''}`
