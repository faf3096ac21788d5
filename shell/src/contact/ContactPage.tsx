import { useEffect } from 'react';
import styled from 'styled-components';
import { sessionStore } from '@store/session';
import { Button, useDocumentTitle } from '@store/ui';

const Box = styled.section`
  max-width: 36rem;
  margin: ${({ theme }) => theme.space[6]} auto;
  text-align: center;
  h1 {
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** /contact: opens the Contact Us dialog; the page stays as a way to reopen it. */
export function ContactPage() {
  useDocumentTitle('Contact us');
  useEffect(() => {
    sessionStore.getState().openDialog('contact');
  }, []);
  return (
    <Box data-boundary="shell">
      <h1>Contact us</h1>
      <p>
        Questions about an order, a return or the store? Send us a message: support@store.example, +1 (555) 010-0100.
      </p>
      <Button $variant="primary" onClick={() => sessionStore.getState().openDialog('contact')}>
        Write to us
      </Button>
    </Box>
  );
}
