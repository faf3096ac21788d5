import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import styled from 'styled-components';
import type { ProductSuggestion } from '@store/contracts';
import { formatMoney, toCents } from '@store/contracts/money';
import { assetUrl } from '@store/http';
import { useNavigate } from '@store/router';
import { SUGGEST_MIN_LENGTH, useSuggestions } from './suggestions';

/** How long typing must pause before the suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 250;

/** What the host's own input gets: the ARIA combobox attributes, its value and the key handling. */
export interface SuggestInputProps {
  role: 'combobox';
  'aria-autocomplete': 'list';
  'aria-expanded': boolean;
  'aria-controls': string;
  'aria-activedescendant': string | undefined;
  autoComplete: 'off';
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onBlur: (event: FocusEvent<HTMLInputElement>) => void;
}

export interface ProductSuggestProps {
  term: string;
  onTermChange: (term: string) => void;
  /** Called once a suggestion is chosen (the page then opens that product). */
  onPick?: (suggestion: ProductSuggestion) => void;
  /** Renders the host's input (each search box keeps its own look) with the given props. */
  children: (input: SuggestInputProps) => ReactNode;
  className?: string;
}

const Anchor = styled.div`
  position: relative;
`;
const List = styled.ul`
  position: absolute;
  z-index: 30;
  top: calc(100% + ${({ theme }) => theme.space[1]});
  left: 0;
  right: 0;
  min-width: min(26rem, calc(100vw - 2rem));
  max-height: min(24rem, 60vh);
  overflow-y: auto;
  margin: 0;
  padding: ${({ theme }) => theme.space[1]};
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  /* Styled display rules would otherwise beat the hidden attribute: an empty bordered box. */
  &[hidden] {
    display: none;
  }
`;
const Option = styled.li<{ $active: boolean }>`
  display: grid;
  grid-template-columns: 2.5rem minmax(0, 1fr) auto;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radii.sm};
  cursor: pointer;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme, $active }) => ($active ? theme.colors.surfaceMuted : 'transparent')};
  outline: ${({ theme, $active }) => ($active ? `2px solid ${theme.colors.focus}` : 'none')};
  outline-offset: -2px;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  img {
    width: 2.5rem;
    height: 2.5rem;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;
const Name = styled.span`
  display: grid;
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.3;
  span:first-child {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-weight: 600;
  }
  span + span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;
const PriceText = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  white-space: nowrap;
`;

const priceLabel = (s: ProductSuggestion) => `${s.price_varies ? 'From ' : ''}${formatMoney(toCents(s.min_price))}`;

/**
 * Product suggestions under a search box as the shopper types, the ARIA combobox pattern: the input
 * keeps the focus, ↑/↓ move through the listbox (aria-activedescendant), Enter opens the highlighted
 * product (with nothing highlighted the host's form searches as usual), Escape, Tab or a click
 * outside close the list. Asked for 250 ms after typing pauses.
 */
export function ProductSuggest({ term, onTermChange, onPick, children, className }: ProductSuggestProps) {
  const navigate = useNavigate();
  const listId = useId();
  const anchor = useRef<HTMLDivElement>(null);
  const [debounced, setDebounced] = useState(term);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(term), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);

  const { data } = useSuggestions(debounced);
  const items = term.trim().length >= SUGGEST_MIN_LENGTH && data ? data.data : [];
  const expanded = open && items.length > 0;
  const highlighted = expanded && active >= 0 && active < items.length ? items[active] : undefined;
  const optionId = (index: number) => `${listId}-option-${index}`;

  // New lines: nothing highlighted until the shopper moves there.
  useEffect(() => {
    setActive(-1);
  }, [data]);

  // A click anywhere else closes the list.
  useEffect(() => {
    if (!expanded) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!anchor.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [expanded]);

  const pick = (suggestion: ProductSuggestion) => {
    setOpen(false);
    setActive(-1);
    onPick?.(suggestion);
    navigate(`/products/${suggestion.id}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (items.length === 0) return;
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(event.key === 'ArrowDown' ? 0 : items.length - 1);
          return;
        }
        const step = event.key === 'ArrowDown' ? 1 : -1;
        // Past either end the highlight returns to the input (-1), as a listbox under a field does.
        setActive((current) => {
          const next = current + step;
          if (next >= items.length || next < -1) return -1;
          if (current === -1 && step === -1) return items.length - 1;
          return next;
        });
        return;
      }
      case 'Enter':
        if (highlighted) {
          event.preventDefault();
          pick(highlighted);
        } else {
          setOpen(false);
        }
        return;
      case 'Escape':
        if (expanded) {
          // Only the list closes: the search box keeps its text (type=search would clear it).
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        return;
    }
  };

  return (
    <Anchor ref={anchor} className={className}>
      {children({
        role: 'combobox',
        'aria-autocomplete': 'list',
        'aria-expanded': expanded,
        'aria-controls': listId,
        'aria-activedescendant': highlighted ? optionId(active) : undefined,
        autoComplete: 'off',
        value: term,
        onChange: (event) => {
          onTermChange(event.target.value);
          setOpen(true);
          setActive(-1);
        },
        onKeyDown,
        onBlur: (event) => {
          // Tab away (focus leaving the box and its list) closes it.
          if (!anchor.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
        },
      })}
      <List id={listId} role="listbox" aria-label="Suggested products" hidden={!expanded}>
        {expanded &&
          items.map((s, index) => (
            <Option
              key={s.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              $active={index === active}
              // The input keeps the focus (and the list stays open) while the pointer is down.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(s)}
            >
              <img src={assetUrl(s.image)} alt="" width={40} height={40} loading="lazy" decoding="async" />
              <Name>
                <span>{s.name}</span>
                <span>{s.category}</span>
              </Name>
              <PriceText>{priceLabel(s)}</PriceText>
            </Option>
          ))}
      </List>
    </Anchor>
  );
}
