import styled from 'styled-components';
import { formatMoney } from '@store/contracts/money';
import { VisuallyHidden } from './primitives';

const Wrap = styled.span`
  display: inline-flex;
  align-items: baseline;
  gap: ${({ theme }) => theme.space[2]};
  flex-wrap: wrap;
`;
const Current = styled.span<{ $sale: boolean }>`
  font-weight: 700;
  color: ${({ theme, $sale }) => ($sale ? theme.colors.sale : theme.colors.text)};
`;
const Was = styled.s`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9em;
`;

/**
 * A price in cents; a higher regular price is shown struck through (a sale). `from`: the cheapest of
 * several prices ('From $75.99').
 */
export function Price({
  cents,
  regularCents,
  from,
  className,
  part,
}: {
  cents: number;
  regularCents?: number;
  from?: boolean;
  className?: string;
  /** Its `::part()` name inside an embed's shadow root. */
  part?: string;
}) {
  const onSale = regularCents !== undefined && regularCents > cents;
  return (
    <Wrap className={className} part={part}>
      {onSale && <VisuallyHidden>Sale price</VisuallyHidden>}
      <Current $sale={onSale}>
        {from && 'From '}
        {formatMoney(cents)}
      </Current>
      {onSale && (
        <Was>
          <VisuallyHidden>Was </VisuallyHidden>
          {formatMoney(regularCents)}
        </Was>
      )}
    </Wrap>
  );
}
