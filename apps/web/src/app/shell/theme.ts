import { createTheme } from '@mui/material/styles'

/** One theme, in light or dark (a page may ask for dark, spec §2.3) and normal or large text. */
export const createAppTheme = (dark: boolean, large: boolean) =>
  createTheme({
    palette: {
      mode: dark ? 'dark' : 'light',
      primary: { main: '#3949ab' },
      secondary: { main: '#00897b' },
      background: dark ? {} : { default: '#f5f7fa' }
    },
    typography: { fontSize: large ? 16 : 14 },
    shape: { borderRadius: 8 }
  })
