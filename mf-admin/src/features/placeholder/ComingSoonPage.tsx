import styled from 'styled-components';
import { Panel, useDocumentTitle } from '@store/ui';
import type { AdminSection } from '../../app/sections';
import { adminDocumentTitle } from '../admin-ui/Page';

const Box = styled(Panel)`
  border-style: dashed;
  padding: ${({ theme }) => theme.space[8]};
  h1 {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** Screens whose behaviour SPEC.md does not show yet (or lists as placeholder text only). */
export function ComingSoonPage({ section }: { section: AdminSection }) {
  useDocumentTitle(adminDocumentTitle(section.label));
  return (
    <Box>
      <h1>{section.label}</h1>
      <p>{section.description}</p>
      <p>
        {section.placeholder
          ? 'This section is not available yet.'
          : 'This screen arrives with the next admin release.'}
      </p>
    </Box>
  );
}
