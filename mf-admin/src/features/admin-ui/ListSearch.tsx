import type { ReactNode } from 'react';
import { Button, FormField, Input } from '@store/ui';
import { Toolbar } from './Page';
import { useSearchDraft } from './useSearchDraft';

interface ListSearchProps {
  /** The form's accessible name, e.g. 'Find orders'. */
  label: string;
  /** Prefix of the search field's id ('orders' → 'orders-search'). */
  idPrefix: string;
  placeholder: string;
  /** The search the list shows now (from the address). */
  committed: string;
  onSearch: (search: string) => void;
  /** The list's filters, between the search field and the Search button. */
  children?: ReactNode;
}

/** A list screen's search row: the search field (sent on submit), the list's filters, Search. */
export function ListSearch({ label, idPrefix, placeholder, committed, onSearch, children }: ListSearchProps) {
  const [draft, setDraft] = useSearchDraft(committed);
  return (
    <Toolbar
      role="search"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <FormField label="Search" htmlFor={`${idPrefix}-search`}>
        <Input
          id={`${idPrefix}-search`}
          type="search"
          value={draft}
          placeholder={placeholder}
          onChange={(e) => setDraft(e.target.value)}
        />
      </FormField>
      {children}
      <Button type="submit">Search</Button>
    </Toolbar>
  );
}
