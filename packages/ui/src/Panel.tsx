import styled from 'styled-components';

/**
 * The card surface: a block on the surface colour with the store's border and large radius, that
 * groups one part of a screen (a form, a list, a table's frame). Extend it (`styled(Panel)`) for a
 * different padding or inner layout; `as` gives another element (`as="form"`).
 */
export const Panel = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space[5]};
  min-width: 0;
  > h2 {
    margin: 0 0 ${({ theme }) => theme.space[4]};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space[4]};
  }
`;

/** A table's frame: a Panel without padding that scrolls sideways on a narrow screen. */
export const TableFrame = styled(Panel).attrs({ as: 'div' })`
  padding: 0;
  overflow-x: auto;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: 0;
  }
`;

/** The store's data table: muted header row, a rule between rows, a hover tint. */
export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => `${theme.space[3]} ${theme.space[3]}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: middle;
  }
  tbody tr:last-child td {
    border-bottom: 0;
  }
  th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    white-space: nowrap;
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  tbody tr:hover {
    background: ${({ theme }) => theme.colors.background};
  }
`;
