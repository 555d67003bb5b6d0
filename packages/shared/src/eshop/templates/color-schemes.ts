import type { ColorScheme, TemplateText } from './template.types'

interface SchemeBase {
  theme: string
  primary: string
  secondary: string
  accent: string
  background: string
  text: string
  /** Dark schemes: light text on buttons of the secondary colour as well. */
  dark?: boolean
}

/** A full §3.1 colour set from a few choices; the status colours stay readable on light or dark. */
export const colorScheme = (id: string, name: TemplateText, base: SchemeBase): ColorScheme => ({
  id,
  name,
  colors: {
    accent: base.accent,
    background: base.background,
    disabledText: base.dark ? '#6b6f80' : '#9aa5b1',
    error: base.dark ? '#ff5c7a' : '#d64545',
    icon: base.dark ? '#c9cbe0' : '#52606d',
    info: base.dark ? '#4cc9f0' : '#2a7de1',
    primary: base.primary,
    primaryText: '#ffffff',
    secondary: base.secondary,
    secondaryText: base.dark ? '#ffffff' : '#1f2933',
    success: base.dark ? '#3ddc97' : '#2f9e6e',
    text: base.text,
    theme: base.theme,
    warning: base.dark ? '#ffd166' : '#f0b429'
  }
})
