import 'styled-components';

/** The one theme: components use these values only (no literal colours or spacings elsewhere). */
export const theme = {
  colors: {
    primary: '#111827',
    primaryHover: '#1f2937',
    onPrimary: '#ffffff',
    /* rose-700: 4.5:1 and more on every light surface of the theme (WCAG AA for normal text). */
    accent: '#be123c',
    text: '#111827',
    textMuted: '#5b6474',
    background: '#f8fafc',
    surface: '#ffffff',
    surfaceMuted: '#f1f5f9',
    border: '#e2e8f0',
    danger: '#b91c1c',
    dangerSurface: '#fef2f2',
    success: '#15803d',
    successSurface: '#f0fdf4',
    info: '#1d4ed8',
    infoSurface: '#eff6ff',
    warning: '#b45309',
    focus: '#2563eb',
    overlay: 'rgba(15, 23, 42, 0.55)',
    /** Text and lines on the dark (primary) surfaces: the footer, image captions. */
    onDarkBorder: 'rgba(255, 255, 255, 0.12)',
    onDarkFieldBorder: 'rgba(255, 255, 255, 0.25)',
    onDarkField: 'rgba(255, 255, 255, 0.08)',
    onDarkMuted: 'rgba(255, 255, 255, 0.6)',
    onDarkDanger: '#fecaca',
    imageScrim: 'rgba(0, 0, 0, 0.6)',
    sale: '#be123c',
  },
  space: ['0', '0.25rem', '0.5rem', '0.75rem', '1rem', '1.25rem', '1.5rem', '2rem', '2.5rem', '3rem', '4rem'],
  radii: { sm: '4px', md: '8px', lg: '12px', full: '9999px' },
  shadows: {
    sm: '0 1px 2px rgba(15, 23, 42, 0.06)',
    md: '0 4px 12px rgba(15, 23, 42, 0.08)',
    lg: '0 20px 40px rgba(15, 23, 42, 0.18)',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    heading: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  fontSizes: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.25rem',
    '2xl': '1.5rem',
    '3xl': '1.875rem',
    '4xl': '2.25rem',
  },
  breakpoints: { sm: '640px', md: '768px', lg: '1024px' },
  layout: { maxWidth: '1200px', width: '95%' },
} as const;

export type StoreTheme = typeof theme;

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends StoreTheme {}
}

/**
 * The theme of the embed's elements on an integrator's page: the values an integrator may restyle
 * read CSS custom properties (which cross into the elements' shadow roots), falling back to the
 * store's own. The names are documented in mf-catalog/README.md ("Theming").
 */
export const EMBED_CSS_VARIABLES = {
  '--store-color-primary': theme.colors.primary,
  '--store-color-primary-hover': theme.colors.primaryHover,
  '--store-color-on-primary': theme.colors.onPrimary,
  '--store-color-accent': theme.colors.accent,
  '--store-color-text': theme.colors.text,
  '--store-color-text-muted': theme.colors.textMuted,
  '--store-color-surface': theme.colors.surface,
  '--store-color-surface-muted': theme.colors.surfaceMuted,
  '--store-color-border': theme.colors.border,
  '--store-color-sale': theme.colors.sale,
  '--store-font-body': theme.fonts.body,
  '--store-font-heading': theme.fonts.heading,
  '--store-radius-sm': theme.radii.sm,
  '--store-radius-md': theme.radii.md,
  '--store-radius-lg': theme.radii.lg,
  /** 1rem by default: every spacing of the theme is a multiple of it. */
  '--store-spacing': '1rem',
} as const;

const cssVar = (name: keyof typeof EMBED_CSS_VARIABLES) => `var(${name}, ${EMBED_CSS_VARIABLES[name]})`;

export const embedTheme = {
  ...theme,
  colors: {
    ...theme.colors,
    primary: cssVar('--store-color-primary'),
    primaryHover: cssVar('--store-color-primary-hover'),
    onPrimary: cssVar('--store-color-on-primary'),
    accent: cssVar('--store-color-accent'),
    text: cssVar('--store-color-text'),
    textMuted: cssVar('--store-color-text-muted'),
    surface: cssVar('--store-color-surface'),
    surfaceMuted: cssVar('--store-color-surface-muted'),
    border: cssVar('--store-color-border'),
    sale: cssVar('--store-color-sale'),
  },
  fonts: { ...theme.fonts, body: cssVar('--store-font-body'), heading: cssVar('--store-font-heading') },
  radii: {
    ...theme.radii,
    sm: cssVar('--store-radius-sm'),
    md: cssVar('--store-radius-md'),
    lg: cssVar('--store-radius-lg'),
  },
  space: theme.space.map((value) =>
    value === '0' ? value : `calc(${parseFloat(value)} * var(--store-spacing, 1rem))`,
  ) as unknown as typeof theme.space,
} as unknown as StoreTheme;
