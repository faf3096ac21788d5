import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from '@store/router';
import styled from 'styled-components';
import { sessionStore, useSession } from '@store/session';
import { signOut, useCartCount } from '@store/shopper';
import {
  Button,
  CartIcon,
  CloseIcon,
  Container,
  HeartIcon,
  MenuIcon,
  UserIcon,
  VisuallyHidden,
  toast,
  visuallyHidden,
} from '@store/ui';
import { CartPreview } from './CartPreview';
import { CategoriesMenu, CategoryLinks } from './CategoriesMenu';
import { MobileSearch } from './MobileSearch';

export const signedOutMessages = {
  wishlist: 'Please login to view your wishlist!',
  cart: 'Please login to view your cart!',
} as const;

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: 40;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;
const Bar = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
  min-height: 4rem;
`;
const Logo = styled(Link)`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 800;
  letter-spacing: -0.02em;
  text-decoration: none;
  span {
    color: ${({ theme }) => theme.colors.accent};
  }
`;
const Nav = styled.nav`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  flex: 1;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    display: none;
  }
`;
const Item = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radii.md};
  text-decoration: none;
  font-weight: 500;
  background: transparent;
  border: 0;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  &.active {
    color: ${({ theme }) => theme.colors.accent};
  }
`;
const PlainButton = styled.button`
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 0;
  background: transparent;
  font-weight: 500;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;
const Right = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin-left: auto;
`;
const Auth = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    display: none;
  }
`;
const CartLink = styled(NavLink)`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  padding: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radii.md};
  text-decoration: none;
  font-weight: 500;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;
const Count = styled.span`
  min-width: 1.25rem;
  height: 1.25rem;
  padding: 0 0.3rem;
  display: inline-grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
`;
const MenuToggle = styled.button`
  display: none;
  border: 0;
  background: transparent;
  padding: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radii.md};
  cursor: pointer;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    display: inline-grid;
  }
`;
const MobileMenu = styled.nav`
  display: none;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    display: grid;
    gap: ${({ theme }) => theme.space[1]};
    padding: ${({ theme }) => `0 0 ${theme.space[4]}`};
  }
  ul {
    list-style: none;
    margin: 0;
    padding-left: ${({ theme }) => theme.space[4]};
  }
  a,
  button {
    text-align: left;
  }
`;
/** "Cart" is read by screen readers at every width, shown only where there is room. */
const CartWord = styled.span`
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    ${visuallyHidden}
  }
`;

/**
 * Logout goes to / and then signs out (SPEC.md section 4). The order matters: router navigations render
 * in a transition, after the session store's synchronous update, so a signed-in-only screen still on
 * the page (the admin area, the cart) would see the sign-out first and redirect on its own. Signing
 * out in an effect once / is committed leaves no such screen mounted.
 */
function useLogout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!pending || pathname !== '/') return;
    setPending(false);
    void signOut();
  }, [pending, pathname]);
  return () => {
    setPending(true);
    void navigate('/');
  };
}

const CartArea = styled.div`
  position: relative;
`;

/** SPEC.md's menu timing, reused: the preview closes 200 ms after the pointer leaves. */
const PREVIEW_OPEN_DELAY_MS = 150;
const PREVIEW_CLOSE_DELAY_MS = 200;

/**
 * The cart preview on hover (pointer devices only; on touch a tap goes straight to the cart). A short
 * delay before opening keeps it from flashing when the pointer only passes by.
 */
function useCartPreview() {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const { pathname } = useLocation();
  useEffect(() => {
    setOpen(false);
  }, [pathname]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const canHover = () => typeof window.matchMedia === 'function' && window.matchMedia('(hover: hover)').matches;
  const later = (next: boolean, ms: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(next), ms);
  };
  return {
    open,
    close: () => {
      window.clearTimeout(timer.current);
      setOpen(false);
    },
    hoverProps: {
      onMouseEnter: () => {
        if (canHover()) later(true, open ? 0 : PREVIEW_OPEN_DELAY_MS);
      },
      onMouseLeave: () => later(false, PREVIEW_CLOSE_DELAY_MS),
    },
  };
}

export function TopBar() {
  const preview = useCartPreview();
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  const count = useCartCount();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mobileCategories, setMobileCategories] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Escape closes the mobile menu (and its categories) wherever focus is, and returns to its button.
  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMobileOpen(false);
      setMobileCategories(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  const openDialog = (kind: 'login' | 'signup' | 'contact') => {
    setMobileOpen(false);
    sessionStore.getState().openDialog(kind);
  };

  /** Wishlist and Cart need a signed-in user: signed out, they open sign-in instead of navigating. */
  const guard = (target: '/wishlist' | '/cart', message: string) => (event: MouseEvent) => {
    setMobileOpen(false);
    if (sessionStore.getState().isAuthenticated) return;
    event.preventDefault();
    sessionStore.getState().openDialog('login', { returnTo: target });
    toast.error(message);
  };

  const logout = useLogout();

  const cartItems = `${count} ${count === 1 ? 'item' : 'items'}`;
  const links = (
    <>
      <Item to="/" end onClick={() => setMobileOpen(false)}>
        Home
      </Item>
      <Item to="/wishlist" onClick={guard('/wishlist', signedOutMessages.wishlist)}>
        Wishlist
      </Item>
      <PlainButton type="button" onClick={() => openDialog('contact')}>
        Contact
      </PlainButton>
      <Item to="/account" onClick={() => setMobileOpen(false)}>
        Account
      </Item>
    </>
  );

  return (
    <Header data-boundary="shell">
      <Container>
        <Bar>
          <MenuToggle
            ref={menuButton}
            type="button"
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={mobileOpen}
            onClick={() => {
              setMobileOpen((o) => !o);
              setMobileCategories(false);
            }}
          >
            {mobileOpen ? <CloseIcon /> : <MenuIcon />}
          </MenuToggle>
          <Logo to="/" aria-label="Store home">
            Store<span>.</span>
          </Logo>
          <Nav aria-label="Main">
            <Item to="/" end>
              Home
            </Item>
            <CategoriesMenu />
            <Item to="/wishlist" onClick={guard('/wishlist', signedOutMessages.wishlist)}>
              <HeartIcon size={18} /> Wishlist
            </Item>
            <PlainButton type="button" onClick={() => openDialog('contact')}>
              Contact
            </PlainButton>
            <Item to="/account">
              <UserIcon size={18} /> Account
            </Item>
          </Nav>
          <Right>
            <Auth>
              {isAuthenticated ? (
                <Button
                  $size="sm"
                  onClick={() => {
                    setMobileOpen(false);
                    logout();
                  }}
                >
                  Logout
                </Button>
              ) : (
                <>
                  <Button $size="sm" $variant="ghost" onClick={() => openDialog('login')}>
                    Login
                  </Button>
                  <Button $size="sm" $variant="primary" onClick={() => openDialog('signup')}>
                    Sign Up
                  </Button>
                </>
              )}
            </Auth>
            <CartArea {...preview.hoverProps}>
              {/* Named by its content ("Cart (2 items)"), so the visible word is part of the name. */}
              <CartLink
                to="/cart"
                onClick={(event) => {
                  preview.close();
                  guard('/cart', signedOutMessages.cart)(event);
                }}
              >
                <CartIcon />
                <CartWord>Cart</CartWord>
                <VisuallyHidden> ({cartItems})</VisuallyHidden>
                <Count aria-hidden="true">{count}</Count>
              </CartLink>
              {preview.open && isAuthenticated && <CartPreview onNavigate={preview.close} />}
            </CartArea>
          </Right>
        </Bar>
        <MobileSearch />
        {mobileOpen && (
          <MobileMenu aria-label="Mobile">
            {links}
            <PlainButton type="button" aria-expanded={mobileCategories} onClick={() => setMobileCategories((o) => !o)}>
              Categories
            </PlainButton>
            {mobileCategories && <CategoryLinks onNavigate={() => setMobileOpen(false)} />}
            {isAuthenticated ? (
              <PlainButton
                type="button"
                onClick={() => {
                  setMobileOpen(false);
                  logout();
                }}
              >
                Logout
              </PlainButton>
            ) : (
              <>
                <PlainButton type="button" onClick={() => openDialog('login')}>
                  Login
                </PlainButton>
                <PlainButton type="button" onClick={() => openDialog('signup')}>
                  Sign Up
                </PlainButton>
              </>
            )}
          </MobileMenu>
        )}
      </Container>
    </Header>
  );
}
