import { useQuery } from '@store/http';
import styled from 'styled-components';
import { Banner, Button, Skeleton, useDocumentTitle } from '@store/ui';
import { renderMarkdown } from './markdown';
import { contentPages, contentQuery } from './pages';
import type { ContentSlug } from './slugs';

const Article = styled.article`
  max-width: 46rem;
  margin: ${({ theme }) => theme.space[6]} auto;
  line-height: 1.65;
  h1 {
    margin: 0 0 ${({ theme }) => theme.space[4]};
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
    line-height: 1.2;
  }
  h2 {
    margin: ${({ theme }) => theme.space[7]} 0 ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  h3 {
    margin: ${({ theme }) => theme.space[5]} 0 ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p,
  ul,
  ol {
    margin: 0 0 ${({ theme }) => theme.space[3]};
  }
  li + li {
    margin-top: ${({ theme }) => theme.space[1]};
  }
  .table-scroll {
    overflow-x: auto;
    margin: 0 0 ${({ theme }) => theme.space[4]};
  }
  table {
    border-collapse: collapse;
    min-width: 100%;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  th,
  td {
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    white-space: nowrap;
  }
  th {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

/** One of the store's content pages (terms, FAQ, shipping…), written in Markdown and loaded when opened. */
export function ContentPage({ slug }: { slug: ContentSlug }) {
  const page = contentPages[slug];
  useDocumentTitle(page.title);
  // A query, so that the shell's server renders the text and sends it in the page (no second load).
  const { data: source, isError, refetch } = useQuery(contentQuery(slug));
  return (
    <Article data-boundary="shell" aria-busy={source === undefined && !isError}>
      {source !== undefined ? (
        renderMarkdown(source)
      ) : isError ? (
        <>
          <h1>{page.title}</h1>
          <Banner tone="error">This page could not be loaded.</Banner>
          <p>
            <Button onClick={() => void refetch()}>Try again</Button>
          </p>
        </>
      ) : (
        <>
          <h1>{page.title}</h1>
          <Skeleton height="12rem" />
        </>
      )}
    </Article>
  );
}
