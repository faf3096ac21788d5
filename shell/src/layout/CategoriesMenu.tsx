import { useEffect, useRef, useState } from 'react';
import { Link } from '@store/router';
import styled from 'styled-components';
import { useCategories } from '@store/shopper';
import { ChevronDownIcon } from '@store/ui';

/** SPEC.md section 9: the menu closes 200 ms after the mouse leaves. */
export const MENU_CLOSE_DELAY_MS = 200;

const Wrap = styled.div`
  position: relative;
`;
const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  border: 0;
  background: transparent;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: 500;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;
const Panel = styled.div`
  position: absolute;
  top: calc(100% + 4px);
  left: 0;
  z-index: 50;
  width: 16rem;
  max-height: 24rem;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space[2]};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.md};
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a {
    display: flex;
    justify-content: space-between;
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
    border-radius: ${({ theme }) => theme.radii.md};
    text-decoration: none;
    &:hover,
    &:focus-visible {
      background: ${({ theme }) => theme.colors.surfaceMuted};
    }
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export function CategoryLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { data, isPending, isError } = useCategories();
  return (
    <ul>
      <li>
        <Link to="/products?category=all" onClick={onNavigate}>
          All products
        </Link>
      </li>
      {isPending && <li aria-busy="true">Loading categories…</li>}
      {isError && <li>Categories are unavailable right now.</li>}
      {data?.data.map((category) => (
        <li key={category.id}>
          <Link to={`/products/category/${encodeURIComponent(category.name)}`} onClick={onNavigate}>
            {category.name}
            <small>{category.product_count}</small>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Opens on hover (and on click or keyboard), closes 200 ms after the pointer leaves. */
export function CategoriesMenu() {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  // While the pointer is over the menu, hover has already opened it: a click (or a tap, which also
  // hovers) must not toggle it shut again. Keyboard users toggle with Enter or Space.
  const hovered = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const cancelClose = () => window.clearTimeout(closeTimer.current);
  useEffect(() => cancelClose, []);
  return (
    <Wrap
      onMouseEnter={() => {
        hovered.current = true;
        cancelClose();
        setOpen(true);
      }}
      onMouseLeave={() => {
        hovered.current = false;
        cancelClose();
        closeTimer.current = window.setTimeout(() => setOpen(false), MENU_CLOSE_DELAY_MS);
      }}
      onKeyDown={(e) => {
        // Escape closes the menu and gives focus back to its button (not to the page body).
        if (e.key !== 'Escape' || !open) return;
        e.stopPropagation();
        setOpen(false);
        trigger.current?.focus();
      }}
    >
      <Trigger
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen((o) => hovered.current || !o)}
      >
        Categories <ChevronDownIcon size={16} />
      </Trigger>
      {open && (
        <Panel role="region" aria-label="Categories">
          <CategoryLinks onNavigate={() => setOpen(false)} />
        </Panel>
      )}
    </Wrap>
  );
}
