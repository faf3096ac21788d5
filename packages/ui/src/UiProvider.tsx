import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './GlobalStyle';
import { theme } from './theme';

/**
 * The theme for everything inside, plus the store's page-wide base styles. An embed on someone
 * else's page passes `globalStyles={false}`: it must not restyle the host page's body or headings.
 */
export function UiProvider({ children, globalStyles = true }: { children: ReactNode; globalStyles?: boolean }) {
  return (
    <ThemeProvider theme={theme}>
      {globalStyles && <GlobalStyle />}
      {children}
    </ThemeProvider>
  );
}
