import { useEffect, useState } from 'react';
import styled, { keyframes } from 'styled-components';

export type LoadingVariant = 'general' | 'products' | 'checkout' | 'shipping' | 'profile';

const variants: Record<LoadingVariant, { title: string; tips: string[] }> = {
  general: {
    title: 'Loading…',
    tips: [
      'Tip: use the search box to find products fast.',
      'Tip: add favourites to your wishlist to find them later.',
      'Tip: the categories menu shows every department.',
    ],
  },
  products: {
    title: 'Loading products…',
    tips: [
      'Tip: filter by price or show only items on sale.',
      'Tip: sort by newest to see the latest arrivals.',
      'Tip: sizes that are sold out are greyed out.',
    ],
  },
  checkout: {
    title: 'Preparing your checkout…',
    tips: [
      'Your cart is saved to your account.',
      'Prices are confirmed when you place the order.',
      'You can pay by card or pay later.',
    ],
  },
  shipping: {
    title: 'Loading shipping options…',
    tips: [
      'Standard shipping is free on larger orders.',
      'You will get an e-mail when your order ships.',
      'Returns are free within 30 days.',
    ],
  },
  profile: {
    title: 'Loading your account…',
    tips: [
      'Keep your details up to date for faster checkout.',
      'Change your password from the account page.',
      'Your wishlist is kept with your account.',
    ],
  },
};

/** SPEC.md section 9: a loading tip rotates every 2 s. */
export const TIP_INTERVAL_MS = 2000;

const spin = keyframes`to { transform: rotate(360deg); }`;
const Wrap = styled.div`
  min-height: 50vh;
  display: grid;
  place-content: center;
  justify-items: center;
  gap: ${({ theme }) => theme.space[4]};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  h2 {
    margin: 0;
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  p {
    margin: 0;
    min-height: 1.5em;
  }
`;
const Ring = styled.span`
  width: 2.5rem;
  height: 2.5rem;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;
const Track = styled.div`
  width: 16rem;
  height: 6px;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.border};
  overflow: hidden;
  span {
    display: block;
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
    transition: width 0.3s ease;
  }
`;

export function LoadingPage({ variant = 'general', progress }: { variant?: LoadingVariant; progress?: number }) {
  const { title, tips } = variants[variant];
  const [tip, setTip] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTip((n) => (n + 1) % tips.length), TIP_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [tips.length]);
  const value = progress === undefined ? undefined : Math.max(0, Math.min(100, Math.round(progress)));
  return (
    <Wrap role="status" aria-live="polite" data-boundary="shell" data-loading={variant}>
      <Ring aria-hidden="true" />
      <h2>{title}</h2>
      <p>{tips[tip]}</p>
      {value !== undefined && (
        <Track
          role="progressbar"
          aria-label="Loading progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value}
        >
          <span style={{ width: `${value}%` }} />
        </Track>
      )}
    </Wrap>
  );
}
