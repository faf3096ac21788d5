import { assetUrl } from '@store/http';
import { Link } from '@store/router';
import styled from 'styled-components';
import type { ProductListQuery } from '@store/contracts';
import { useCategories } from '@store/shopper';
import { Button, Skeleton, useAfterFirstScreen, useDocumentTitle } from '@store/ui';
import { ProductRail, ProductRailSkeleton } from '../product-card/ProductCard';
import { useProducts } from '../products/api/get-products';
import { homeRowQuery, homeRows } from './homeRows';

const Hero = styled.section`
  display: grid;
  grid-template-columns: 1.2fr 1fr;
  align-items: center;
  gap: ${({ theme }) => theme.space[8]};
  padding: ${({ theme }) => theme.space[9]};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: linear-gradient(
    120deg,
    ${({ theme }) => theme.colors.primary},
    ${({ theme }) => theme.colors.primaryHover}
  );
  color: ${({ theme }) => theme.colors.onPrimary};
  h1 {
    margin: 0 0 ${({ theme }) => theme.space[3]};
    font-size: clamp(2rem, 4vw, 3rem);
    letter-spacing: -0.02em;
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space[6]};
    opacity: 0.8;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    max-width: 30rem;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr;
    padding: ${({ theme }) => theme.space[6]};
  }
`;
const HeroArt = styled.div`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: ${({ theme }) => theme.space[3]};
  img {
    width: 100%;
    aspect-ratio: 4 / 5;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.md};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    display: none;
  }
`;
const Section = styled.section`
  margin-top: ${({ theme }) => theme.space[9]};
  header {
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    margin-bottom: ${({ theme }) => theme.space[4]};
  }
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
  header a {
    font-weight: 600;
  }
`;
const Tiles = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: repeat(3, 1fr);
  }
  gap: ${({ theme }) => theme.space[3]};
  a {
    position: relative;
    display: block;
    border-radius: ${({ theme }) => theme.radii.lg};
    overflow: hidden;
    text-decoration: none;
    aspect-ratio: 1;
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  span {
    position: absolute;
    left: 0;
    right: 0;
    bottom: 0;
    padding: ${({ theme }) => theme.space[3]};
    background: linear-gradient(transparent, ${({ theme }) => theme.colors.imageScrim});
    color: ${({ theme }) => theme.colors.onPrimary};
    font-weight: 700;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    span {
      padding: ${({ theme }) => theme.space[2]};
      font-size: ${({ theme }) => theme.fontSizes.sm};
    }
  }
`;

function ProductRow({
  title,
  query,
  link,
  eager,
}: {
  title: string;
  query: ProductListQuery;
  link: string;
  eager?: boolean;
}) {
  const { data, isPending, isError } = useProducts(homeRowQuery(query));
  // Below the hero and the tiles: the cards render once the first screen has painted.
  const later = useAfterFirstScreen();
  const id = title.toLowerCase().replace(/\W+/g, '-');
  return (
    <Section aria-labelledby={id}>
      <header>
        <h2 id={id}>{title}</h2>
        <Link to={link}>View all</Link>
      </header>
      {isPending || !later ? (
        <ProductRailSkeleton label={title} />
      ) : isError ? (
        <p>These products could not be loaded right now.</p>
      ) : (
        <ProductRail products={data.data} label={title} eagerCount={eager ? 4 : 0} />
      )}
    </Section>
  );
}

export default function HomePage() {
  useDocumentTitle(null);
  const categories = useCategories();
  const art = categories.data?.data.slice(0, 3) ?? [];
  return (
    <div data-boundary="mf-catalog">
      <Hero aria-labelledby="hero-title">
        <div>
          <h1 id="hero-title">New season, new favourites</h1>
          <p>Fresh arrivals every week, with up to 40% off selected styles. Free returns within 30 days.</p>
          <Button as={Link} to="/products" $size="lg" $variant="secondary">
            Shop now
          </Button>
        </div>
        <HeroArt aria-hidden="true">
          {art.map((c) => (
            <img key={c.id} src={assetUrl(c.image)} alt="" width={160} height={200} />
          ))}
        </HeroArt>
      </Hero>
      <Section aria-labelledby="categories-title">
        <header>
          <h2 id="categories-title">Shop by category</h2>
          <Link to="/products?category=all">All products</Link>
        </header>
        {categories.isPending ? (
          <Tiles aria-busy="true">
            {Array.from({ length: 8 }, (_, i) => (
              <li key={i}>
                <Skeleton height="auto" style={{ aspectRatio: '1' }} />
              </li>
            ))}
          </Tiles>
        ) : (
          <Tiles>
            {categories.data?.data.map((c) => (
              <li key={c.id}>
                <Link to={`/products/category/${encodeURIComponent(c.name)}`}>
                  <img src={assetUrl(c.image)} alt="" loading="lazy" />
                  <span>{c.name}</span>
                </Link>
              </li>
            ))}
          </Tiles>
        )}
      </Section>
      {homeRows.map((row) => (
        <ProductRow key={row.title} {...row} />
      ))}
    </div>
  );
}
