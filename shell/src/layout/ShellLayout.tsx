import { useEffect } from 'react';
import { Outlet, useLocation } from '@store/router';
import styled from 'styled-components';
import { sessionStore } from '@store/session';
import { useProfile } from '@store/shopper';
import { Container, useAfterFirstScreen } from '@store/ui';
import { DialogHost } from './DialogHost';
import { Footer } from './Footer';
import { TopBar } from './TopBar';
import { usePageFrame } from './usePageFrame';

/** The welcome sign-in dialog opens once per browser session for a signed-out visitor. */
export const WELCOME_DIALOG_KEY = 'store:welcome-dialog-shown';

// At least a full screen tall: the footer stays below the fold until the page's content has
// arrived, instead of being painted first and pushed down by it (layout shift, issue 10).
const Main = styled.main`
  min-height: 100vh;
  padding-top: ${({ theme }) => theme.space[6]};
  &:focus {
    outline: none;
  }
`;
/** The first thing a keyboard reaches: past the top bar, to the page. Shown only when focused. */
const SkipLink = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.space[2]};
  top: -4rem;
  z-index: 1100;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 600;
  &:focus {
    top: ${({ theme }) => theme.space[2]};
  }
`;

function useWelcomeDialog() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (sessionStore.getState().isAuthenticated) return;
    if (pathname.startsWith('/auth') || pathname.startsWith('/admin')) return;
    try {
      if (sessionStorage.getItem(WELCOME_DIALOG_KEY)) return;
      sessionStorage.setItem(WELCOME_DIALOG_KEY, '1');
    } catch {
      return;
    }
    if (!sessionStore.getState().dialog) sessionStore.getState().openDialog('login');
    // Only on the first page of the visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

export function ShellLayout() {
  useProfile();
  useWelcomeDialog();
  usePageFrame();
  // The main area is a screen tall, so the footer is below the fold: it renders after the first screen.
  const footer = useAfterFirstScreen();

  return (
    <>
      <SkipLink href="#main">Skip to content</SkipLink>
      <TopBar />
      <Main id="main" tabIndex={-1}>
        <Container>
          <Outlet />
        </Container>
      </Main>
      {footer && <Footer />}
      <DialogHost />
    </>
  );
}
