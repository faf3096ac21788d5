import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { ProductSuggest } from '@store/shopper';
import { Button, CloseIcon, Input, SearchIcon } from '@store/ui';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;
const Field = styled(ProductSuggest)`
  > svg {
    position: absolute;
    left: ${({ theme }) => theme.space[3]};
    top: 50%;
    transform: translateY(-50%);
    color: ${({ theme }) => theme.colors.textMuted};
    pointer-events: none;
  }
  input {
    padding-left: ${({ theme }) => theme.space[8]};
    padding-right: ${({ theme }) => theme.space[8]};
  }
  /* Our own clear button replaces the browser's, so there is one way to clear. */
  input::-webkit-search-cancel-button {
    display: none;
  }
`;
const ClearButton = styled.button`
  position: absolute;
  right: ${({ theme }) => theme.space[1]};
  top: 50%;
  transform: translateY(-50%);
  display: inline-grid;
  place-items: center;
  padding: ${({ theme }) => theme.space[1]};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.full};
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.text};
  }
`;

/**
 * The list page's own search (the shell's box is mobile-only): shows the URL's term and follows it;
 * submits the trimmed term, or null to drop it when it is empty or cleared. Suggests products as the
 * shopper types (`ProductSuggest`, shared with the shell's box).
 */
export function CatalogSearch({ value, onSearch }: { value: string; onSearch: (term: string | null) => void }) {
  const [term, setTerm] = useState(value);
  useEffect(() => {
    setTerm(value);
  }, [value]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = term.trim();
    setTerm(trimmed);
    onSearch(trimmed || null);
  };
  const clear = () => {
    setTerm('');
    onSearch(null);
  };

  return (
    <Form role="search" aria-label="Catalog" onSubmit={submit}>
      <Field term={term} onTermChange={setTerm}>
        {(input) => (
          <>
            <SearchIcon size={18} />
            <Input type="search" aria-label="Search the catalog" placeholder="Search the catalog" {...input} />
            {(term || value) && (
              <ClearButton type="button" aria-label="Clear search" onClick={clear}>
                <CloseIcon size={16} />
              </ClearButton>
            )}
          </>
        )}
      </Field>
      <Button type="submit" $size="sm">
        Search
      </Button>
    </Form>
  );
}
