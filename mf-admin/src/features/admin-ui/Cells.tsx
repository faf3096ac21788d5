import styled from 'styled-components';

/** A table cell of two lines: the main text (a link reads as text, in bold), then a muted `small`. */
export const StackedCell = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 9rem;
  a {
    color: inherit;
    font-weight: 600;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

/** A cell's value that must not break (dates, money, short badges). */
export const Nowrap = styled.span`
  white-space: nowrap;
`;
