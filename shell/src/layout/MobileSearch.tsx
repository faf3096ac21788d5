import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from '@store/router';
import styled from 'styled-components';
import { ProductSuggest } from '@store/shopper';
import { SearchIcon } from '@store/ui';

const Form = styled.form`
  display: none;
  position: relative;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    display: block;
    padding: ${({ theme }) => `0 0 ${theme.space[3]}`};
  }
  input {
    width: 100%;
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]} ${theme.space[2]} 2.25rem`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.full};
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  svg {
    position: absolute;
    left: 0.75rem;
    top: 0.6rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * SPEC.md section 2: trimmed, empty ignored, cleared after submit, prefilled from ?search=. Suggests
 * products as the shopper types (`ProductSuggest`, shared with the catalog's list search); choosing one
 * clears the box as a search does.
 */
export function MobileSearch() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const current = params.get('search') ?? '';
  const [term, setTerm] = useState(current);
  // The term this box just searched for: when it arrives in the address the box stays cleared.
  const submitted = useRef<string | null>(null);
  useEffect(() => {
    const ownSearch = submitted.current === current;
    submitted.current = null;
    if (!ownSearch) setTerm(current);
  }, [current]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = term.trim();
    if (!value) return;
    setTerm('');
    submitted.current = value;
    navigate(`/products?category=all&search=${encodeURIComponent(value)}`);
  };

  return (
    <Form role="search" onSubmit={submit} aria-label="Search products">
      <ProductSuggest term={term} onTermChange={setTerm} onPick={() => setTerm('')}>
        {(input) => (
          <>
            <SearchIcon size={18} />
            <input type="search" aria-label="Search products" placeholder="Search products" {...input} />
          </>
        )}
      </ProductSuggest>
    </Form>
  );
}
