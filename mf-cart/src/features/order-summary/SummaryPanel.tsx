import styled from 'styled-components';
import { Panel } from '@store/ui';

/** The cart's and the checkout's two columns: the lines or the steps, then the summary (one column on a tablet). */
export const SummaryLayout = styled.div`
  display: grid;
  grid-template-columns: 1fr 20rem;
  gap: ${({ theme }) => theme.space[8]};
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: 1fr;
  }
`;

/**
 * The order summary card beside the cart and the checkout: it stays in view while the page scrolls on
 * a wide screen; its `dl` is the figures (`.total` for the last row, above a rule).
 */
export const SummaryPanel = styled(Panel).attrs({ as: 'aside' })`
  position: sticky;
  top: 5rem;
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[6]};
  > h2 {
    margin: 0;
  }
  dl {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: ${({ theme }) => theme.space[2]} 0;
    margin: 0;
  }
  dd {
    margin: 0;
    text-align: right;
    font-weight: 600;
  }
  .total {
    padding-top: ${({ theme }) => theme.space[2]};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 700;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) {
    position: static;
  }
`;
