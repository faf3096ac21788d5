import { Link } from '@store/router';
import styled from 'styled-components';
import { useCategories } from '@store/shopper';
import { Banner, Skeleton, useDocumentTitle } from '@store/ui';

const Page = styled.section`
  max-width: 46rem;
  margin: ${({ theme }) => theme.space[6]} auto;
  h1 {
    margin: 0 0 ${({ theme }) => theme.space[4]};
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 13rem), 1fr));
    gap: ${({ theme }) => theme.space[3]};
  }
  a {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space[2]};
    padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    text-decoration: none;
    font-weight: 600;
  }
  a span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 400;
  }
`;

/** Every category of the store, with how many products it holds (the 404 page's 'Categories' link). */
export function CategoriesPage() {
  useDocumentTitle('Categories');
  const { data, isPending, isError } = useCategories();
  return (
    <Page data-boundary="shell" aria-labelledby="categories-title">
      <h1 id="categories-title">Categories</h1>
      {isPending ? (
        <Skeleton height="10rem" />
      ) : isError ? (
        <Banner tone="error">The categories could not be loaded. Please try again.</Banner>
      ) : (
        <ul>
          <li>
            <Link to="/products?category=all">All products</Link>
          </li>
          {data.data.map((c) => (
            <li key={c.id}>
              <Link to={`/products/category/${encodeURIComponent(c.name)}`}>
                {c.name} <span>{c.product_count}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
