import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@store/router';
import styled from 'styled-components';
import { useCategories } from '@store/shopper';
import { Button, Input, Panel, useDocumentTitle } from '@store/ui';

/** SPEC.md section 9: 10 s countdown to the homepage. */
export const REDIRECT_SECONDS = 10;

const funFacts = [
  'Fun fact: the first online purchase was a pizza in 1994.',
  'Fun fact: 404 comes from the HTTP status code for "Not Found".',
  'Fun fact: this page has been lost before. It always finds its way home.',
  'Fun fact: our warehouse cat has never lost a single sock.',
];

const Page = styled(Panel)`
  max-width: 44rem;
  margin: ${({ theme }) => theme.space[8]} auto;
  padding: ${({ theme }) => theme.space[8]};
  text-align: center;
  box-shadow: ${({ theme }) => theme.shadows.sm};
  h1 {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }
`;
const Big = styled.div`
  font-size: 5rem;
  font-weight: 800;
  line-height: 1;
  letter-spacing: -0.04em;
  color: ${({ theme }) => theme.colors.accent};
`;
const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin: ${({ theme }) => theme.space[2]} 0;
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  margin: ${({ theme }) => theme.space[6]} 0;
`;
const SearchForm = styled.form`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
  max-width: 26rem;
  margin: ${({ theme }) => theme.space[6]} auto 0;
`;
const Links = styled.nav`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: ${({ theme }) => theme.space[6]};
  margin-top: ${({ theme }) => theme.space[8]};
  text-align: left;
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.colors.textMuted};
    margin: 0 0 ${({ theme }) => theme.space[2]};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: ${({ theme }) => theme.space[1]};
  }
`;
const Hidden = styled.button`
  position: absolute;
  right: 0;
  bottom: 0;
  width: 1.5rem;
  height: 1.5rem;
  opacity: 0;
  border: 0;
  background: transparent;
  cursor: default;
  &:focus-visible {
    opacity: 1;
  }
`;

const quickLinks: [string, string][] = [
  ['/', 'Home'],
  ['/products', 'All products'],
  ['/categories', 'Categories'],
  ['/account', 'My account'],
  ['/contact', 'Contact us'],
  ['/help', 'Help center'],
];

/** The store's own biggest categories (the cached categories query), so every link leads somewhere. */
function usePopularCategories(count = 4): string[] {
  const { data } = useCategories();
  return [...(data?.data ?? [])]
    .sort((a, b) => b.product_count - a.product_count)
    .slice(0, count)
    .map((c) => c.name);
}

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  const navigate = useNavigate();
  const popular = usePopularCategories();
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  const [running, setRunning] = useState(true);
  const [query, setQuery] = useState('');

  // One interval against a fixed deadline, not a timeout per rendered second: the countdown then
  // keeps time even when renders lag behind the clock (a busy main thread, a test's fast-forwarded clock).
  const [deadline] = useState(() => Date.now() + REDIRECT_SECONDS * 1000);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSeconds(left);
      if (left === 0) {
        clearInterval(timer);
        navigate('/');
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [running, deadline, navigate]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    // SPEC.md: the 404 search box only logs.
    console.log('404 search:', query);
  };

  return (
    <Page data-boundary="shell" aria-labelledby="not-found-title" style={{ position: 'relative' }}>
      <Big aria-hidden="true">404</Big>
      <h1 id="not-found-title">Oops! Page Not Found</h1>
      <Muted>Error Code: 404 | Page Not Found</Muted>
      <Muted>The page you are looking for may have moved or never existed.</Muted>
      {running ? (
        <Muted role="timer" aria-live="polite">
          Taking you to the homepage in <strong>{seconds}</strong> {seconds === 1 ? 'second' : 'seconds'}.{' '}
          <Button $size="sm" $variant="ghost" onClick={() => setRunning(false)}>
            Cancel
          </Button>
        </Muted>
      ) : (
        <Muted>Redirect cancelled.</Muted>
      )}
      <Row>
        <Button onClick={() => navigate(-1)}>Go Back</Button>
        <Button $variant="primary" onClick={() => navigate('/')}>
          Go to Homepage
        </Button>
        <Button onClick={() => window.location.reload()}>Refresh</Button>
      </Row>
      <SearchForm onSubmit={search} role="search" aria-label="Search the store">
        <Input
          type="text"
          aria-label="Search the store"
          placeholder="Search the store"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <Button type="submit">Search</Button>
      </SearchForm>
      <Links aria-label="Helpful links">
        {popular.length > 0 && (
          <div>
            <h2>Popular categories</h2>
            <ul>
              {popular.map((name) => (
                <li key={name}>
                  <Link to={`/products/category/${encodeURIComponent(name)}`}>{name}</Link>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div>
          <h2>Quick links</h2>
          <ul>
            {quickLinks.map(([to, label]) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </div>
      </Links>
      <Hidden
        aria-label="Surprise"
        onClick={() => window.alert(funFacts[Math.floor(Math.random() * funFacts.length)])}
      />
    </Page>
  );
}
