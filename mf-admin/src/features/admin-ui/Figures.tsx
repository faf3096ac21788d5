import styled from 'styled-components';
import { Panel, tileGrid } from '@store/ui';

/** A row of headline figures (dashboard, pay-later totals, a customer's orders); wraps on a phone. */
export const FigureList = styled.ul`
  ${tileGrid('10rem')}
  gap: ${({ theme }) => theme.space[4]};
`;

/** One figure: its label in a span, the value in strong, an optional link under it. */
export const FigureCard = styled(Panel).attrs({ as: 'li' })<{ $tone?: 'danger' }>`
  border-color: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.border)};
  padding: ${({ theme }) => theme.space[4]};
  span {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  strong {
    display: block;
    margin-top: ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSizes.xl};
    color: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.danger : 'inherit')};
  }
  a {
    display: inline-block;
    margin-top: ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.info};
  }
`;
