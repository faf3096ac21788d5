import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from '@store/router';
import styled from 'styled-components';
import { signOut, useProfile } from '@store/shopper';
import { Button, CloseIcon, IconButton, MenuIcon } from '@store/ui';
import { adminSections } from './sections';
import { leaveAdminArea } from '../features/admin-auth/leaving';

const Shell = styled.div`
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.background};
`;

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 50;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[6]}`};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  a {
    color: inherit;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
    gap: ${({ theme }) => theme.space[2]};
  }
`;

// Shown up to the md breakpoint only (written as min-width so the button exists without media queries).
const MenuToggle = styled(IconButton)`
  color: ${({ theme }) => theme.colors.onPrimary};
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.onDarkField};
  }
  @media (min-width: calc(${({ theme }) => theme.breakpoints.md} + 1px)) {
    display: none;
  }
`;

const Brand = styled(Link)`
  font-weight: 800;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  text-decoration: none;
  white-space: nowrap;
  span {
    font-weight: 500;
    color: ${({ theme }) => theme.colors.onDarkMuted};
  }
`;

const Who = styled.span`
  margin-left: auto;
  color: ${({ theme }) => theme.colors.onDarkMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  min-width: 0;
  strong {
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    display: none;
  }
`;

const BarLink = styled(Link)`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  white-space: nowrap;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    margin-left: auto;
  }
`;

const Logout = styled(Button)`
  background: transparent;
  color: ${({ theme }) => theme.colors.onPrimary};
  border-color: ${({ theme }) => theme.colors.onDarkFieldBorder};
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.onDarkField};
  }
`;

const Body = styled.div`
  display: grid;
  grid-template-columns: 15rem minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[6]};
  max-width: 1440px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[6]};
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(0, 1fr);
    gap: ${({ theme }) => theme.space[4]};
    padding: ${({ theme }) => theme.space[3]};
  }
`;

const Side = styled.nav<{ $open: boolean }>`
  align-self: start;
  position: sticky;
  top: 4.5rem;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space[3]};
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 2px;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    position: static;
    display: ${({ $open }) => ($open ? 'block' : 'none')};
    box-shadow: ${({ theme }) => theme.shadows.md};
  }
`;

const Item = styled(NavLink)`
  display: block;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-weight: 500;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  &.active {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

/** The spec's placeholder sections come after a rule. */
const Entry = styled.li<{ $gap: boolean }>`
  ${({ $gap, theme }) =>
    $gap &&
    `margin-top: ${theme.space[2]}; padding-top: ${theme.space[2]}; border-top: 1px solid ${theme.colors.border};`}
`;

const Main = styled.main`
  min-width: 0;
`;

/** Logout leaves for the store, then signs out (SPEC.md section 4: after logout, /). */
function useLogout() {
  const navigate = useNavigate();
  return () => {
    // The admin guard would otherwise answer the sign-out by sending this page to the admin login.
    leaveAdminArea();
    void navigate('/');
    void signOut();
  };
}

/** The admin's own frame: staff header, side navigation (a menu on a phone) and the screen. */
export function AdminLayout() {
  const { data: profile } = useProfile();
  const { pathname } = useLocation();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);
  const name = profile ? `${profile.first_name} ${profile.last_name}`.trim() || profile.email : '';

  return (
    <Shell>
      <Bar>
        <MenuToggle
          aria-label={menuOpen ? 'Close menu' : 'Menu'}
          aria-expanded={menuOpen}
          aria-controls="admin-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
        </MenuToggle>
        <Brand to="/admin">
          Store <span>admin</span>
        </Brand>
        <Who>
          {name && (
            <>
              Signed in as <strong>{name}</strong>
            </>
          )}
        </Who>
        <BarLink to="/">Back to store</BarLink>
        <Logout $size="sm" onClick={logout}>
          Logout
        </Logout>
      </Bar>
      <Body>
        <Side id="admin-nav" aria-label="Admin" $open={menuOpen}>
          <ul>
            {adminSections.map((section) => (
              <Entry key={section.path} $gap={section.path === 'transactions'}>
                <Item to={section.path === '' ? '/admin' : `/admin/${section.path}`} end={section.path === ''}>
                  {section.label}
                </Item>
              </Entry>
            ))}
          </ul>
        </Side>
        <Main id="main">
          <Outlet />
        </Main>
      </Body>
    </Shell>
  );
}
