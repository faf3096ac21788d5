import styled from 'styled-components';
import { spreadRow } from '@store/ui';

/** A wrapping row of checkboxes (the product's flags, the attributes its variants differ by). */
export const Flags = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[5]};
  margin-top: ${({ theme }) => theme.space[2]};
`;
/** A row of buttons under a variant or the variants. */
export const Row = styled.div`
  ${spreadRow}
  gap: ${({ theme }) => theme.space[2]};
`;
