import { NavLink, Outlet } from '@store/router';
import styled from 'styled-components';
import { adminSections } from './sections';

const Frame = styled.div`
  display: grid;
  grid-template-columns: 15rem 1fr;
  gap: ${({ theme }) => theme.space[6]};
  padding: ${({ theme }) => theme.space[6]} 0;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr;
  }
`;

const Side = styled.nav`
  align-self: start;
  position: sticky;
  top: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space[3]};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.colors.textMuted};
    margin: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 2px;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    position: static;
    ul {
      display: flex;
      flex-wrap: wrap;
      gap: ${({ theme }) => theme.space[1]};
    }
  }
`;

const Item = styled(NavLink)`
  display: block;
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
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

const Content = styled.div`
  min-width: 0;
`;

export function AdminLayout() {
  return (
    <Frame>
      <Side aria-label="Admin">
        <h2>Admin</h2>
        <ul>
          {adminSections.map((section) => (
            <li key={section.path}>
              <Item to={section.path === '' ? '/admin' : `/admin/${section.path}`} end={section.path === ''}>
                {section.label}
              </Item>
            </li>
          ))}
        </ul>
      </Side>
      <Content>
        <Outlet />
      </Content>
    </Frame>
  );
}
