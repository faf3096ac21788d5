import styled from 'styled-components';
import { Panel } from '@store/ui';

export const Card = styled(Panel)`
  padding: ${({ theme }) => theme.space[6]};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  > p {
    margin: 0 0 ${({ theme }) => theme.space[4]};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  form {
    display: grid;
    gap: ${({ theme }) => theme.space[4]};
  }
`;

export const PageTitle = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space[6]};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
`;
