import { useMediaQuery, useTheme } from '@mui/material'

/**
 * A phone-sized screen (below the theme's `sm`, 600 px; decision 0161): one pane at a time, dialogs that
 * would not fit as a window take the whole screen.
 */
export const usePhone = () => useMediaQuery(useTheme().breakpoints.down('sm'))
