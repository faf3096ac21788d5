import styled from 'styled-components';
import type { PageMeta } from '@store/contracts';
import { Button } from '@store/ui';

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  div {
    display: flex;
    gap: ${({ theme }) => theme.space[2]};
  }
`;

/** Server-side pages: "Page 2 of 5 · 93 items" with previous / next. */
export function Pagination({ meta, onPage, noun }: { meta: PageMeta; onPage: (page: number) => void; noun: string }) {
  const pages = Math.max(1, meta.total_pages);
  return (
    <Bar aria-label="Pages">
      <span>
        Page {meta.page} of {pages} · {meta.total} {noun}
      </span>
      <div>
        <Button $size="sm" disabled={meta.page <= 1} onClick={() => onPage(meta.page - 1)}>
          Previous
        </Button>
        <Button $size="sm" disabled={meta.page >= pages} onClick={() => onPage(meta.page + 1)}>
          Next
        </Button>
      </div>
    </Bar>
  );
}
