import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './GlobalStyle';
import { embedTheme, theme } from './theme';

/**
 * The theme for everything inside, plus the store's page-wide base styles. An embed on someone
 * else's page passes `globalStyles={false}`: it must not restyle the host page's body or headings.
 */
export function UiProvider({
  children,
  globalStyles = true,
  themed = false,
}: {
  children: ReactNode;
  globalStyles?: boolean;
  /** The embed's theme: its colours, fonts, radii and spacing read the page's `--store-…` properties. */
  themed?: boolean;
}) {
  return (
    <ThemeProvider theme={themed ? embedTheme : theme}>
      {globalStyles && <GlobalStyle />}
      {children}
    </ThemeProvider>
  );
}
