import type { ReactNode } from 'react';
import { Link } from '@store/router';
import styled from 'styled-components';
import { useDocumentTitle, spreadRow } from '@store/ui';

const Header = styled.header`
  ${spreadRow}
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[6]};
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    overflow-wrap: anywhere;
  }
  p {
    margin: ${({ theme }) => theme.space[1]} 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Back = styled(Link)`
  display: inline-block;
  margin-bottom: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  /** The window's title when `title` is not plain text. */
  documentTitle?: string;
}

/** 'Orders' → the window's title 'Orders · Admin · Store' (useDocumentTitle adds the store's name). */
export const adminDocumentTitle = (title: string) => `${title} · Admin`;

/** The heading row of every admin screen: title, an optional way back, and the screen's actions. */
export function PageHeader({ title, description, back, actions, documentTitle }: PageHeaderProps) {
  const text = documentTitle ?? (typeof title === 'string' ? title : undefined);
  useDocumentTitle(text ? adminDocumentTitle(text) : 'Admin');
  return (
    <Header>
      <div>
        {back && <Back to={back.to}>← {back.label}</Back>}
        <h1>{title}</h1>
        {description && <p>{description}</p>}
      </div>
      {actions && <Actions>{actions}</Actions>}
    </Header>
  );
}

/** A row of filters above a list; wraps on a phone. */
export const Toolbar = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[4]};
  > * {
    flex: 1 1 10rem;
    min-width: 0;
  }
  > button {
    flex: 0 0 auto;
  }
`;

/** Term/definition pairs (order totals, customer details). */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** Panels one under the other, evenly spaced. */
export const Stack = styled.div`
  display: grid;
  /* One column that may shrink below its content: a wide table scrolls inside its own box. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
`;

/** A detail screen: the main panels (two thirds) beside the side panels; one column below a laptop's width. */
export const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[4]};
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;
