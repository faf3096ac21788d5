import type { ReactNode } from 'react';
import { Link } from '@store/router';
import styled, { css } from 'styled-components';
import type { PageMeta } from '@store/contracts';
import { spreadRow } from './primitives';

const Bar = styled.nav`
  ${spreadRow}
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[6]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
const Pages = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]};
`;
const box = css`
  min-width: 2.5rem;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  text-align: center;
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  text-decoration: none;
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.45;
    cursor: default;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;
const PageLink = styled(Link)`
  ${box}
`;
const PageButton = styled.button`
  ${box}
`;
const Dead = styled.span`
  ${box}
`;

/** Up to five page numbers around the current one. */
export function pagesAround(page: number, total: number): number[] {
  const start = Math.max(1, Math.min(page - 2, total - 4));
  return Array.from({ length: Math.min(5, total) }, (_, i) => start + i);
}

export type PaginationProps = {
  /** The server's page meta: the current page, how many there are and (for the summary) how many items. */
  meta: Pick<PageMeta, 'page' | 'total_pages'> & { total?: number };
  /** What the items are ('products'): the summary then says 'Page 2 of 5 · 93 products'. */
  noun?: string;
  label?: string;
} & (
  | { /** Pages are links: the page lives in the URL (the catalogue). */ hrefFor: (page: number) => string }
  | { /** Pages are buttons: the page is state the caller keeps. */ onPage: (page: number) => void }
);

/**
 * The one pager: 'Page 2 of 5', Previous, up to five page numbers and Next. With `hrefFor` each is a
 * link (shareable, works without script); with `onPage` each is a button. The current page carries
 * aria-current="page"; at either end Previous or Next is shown but cannot be used.
 */
export function Pagination(props: PaginationProps) {
  const { meta, noun, label = 'Pagination' } = props;
  const last = Math.max(1, meta.total_pages);
  const page = Math.min(Math.max(1, meta.page), last);
  const control = (target: number, text: ReactNode, name?: string) => {
    const current = target === page && name !== undefined;
    const usable = target >= 1 && target <= last && !(name === undefined && target === page);
    const common = { 'aria-label': name, 'aria-current': current ? ('page' as const) : undefined };
    if ('hrefFor' in props) {
      return usable || current ? (
        <PageLink key={name ?? String(text)} to={props.hrefFor(target)} {...common}>
          {text}
        </PageLink>
      ) : (
        <Dead key={String(text)} aria-disabled="true">
          {text}
        </Dead>
      );
    }
    return (
      <PageButton
        key={name ?? String(text)}
        type="button"
        disabled={!usable && !current}
        onClick={() => (current ? undefined : props.onPage(target))}
        {...common}
      >
        {text}
      </PageButton>
    );
  };
  return (
    <Bar aria-label={label}>
      <span>
        Page {page} of {last}
        {noun && meta.total !== undefined ? ` · ${meta.total} ${noun}` : ''}
      </span>
      <Pages>
        {control(page - 1, 'Previous')}
        {pagesAround(page, last).map((p) => control(p, p, `Page ${p}`))}
        {control(page + 1, 'Next')}
      </Pages>
    </Bar>
  );
}
