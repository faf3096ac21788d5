import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '@store/testing';
import { LoadingPage, TIP_INTERVAL_MS, type LoadingVariant } from './LoadingPage';

afterEach(() => jest.useRealTimers());

const status = () => screen.getByRole('status', { name: '' });
const tip = () => status().querySelector('p')!.textContent;

describe('LoadingPage (SPEC.md sections 2 and 9)', () => {
  it.each([
    ['general', 'Loading…'],
    ['products', 'Loading products…'],
    ['checkout', 'Preparing your checkout…'],
    ['shipping', 'Loading shipping options…'],
    ['profile', 'Loading your account…'],
  ] as [LoadingVariant, string][])('the %s variant has its own heading and tips', (variant, title) => {
    renderWithProviders(<LoadingPage variant={variant} />);
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(status()).toHaveAttribute('data-loading', variant);
    expect(tip()).not.toBe('');
  });

  it('is the general variant by default', () => {
    renderWithProviders(<LoadingPage />);
    expect(screen.getByRole('heading', { name: 'Loading…' })).toBeInTheDocument();
  });

  it('changes the tip every 2 s and comes round again', () => {
    jest.useFakeTimers();
    renderWithProviders(<LoadingPage variant="products" />);
    expect(TIP_INTERVAL_MS).toBe(2000);
    const seen = [tip()];

    act(() => jest.advanceTimersByTime(1999));
    expect(tip()).toBe(seen[0]);
    act(() => jest.advanceTimersByTime(1));
    seen.push(tip());
    expect(seen[1]).not.toBe(seen[0]);

    act(() => jest.advanceTimersByTime(2000));
    seen.push(tip());
    expect(new Set(seen).size).toBe(3);
    act(() => jest.advanceTimersByTime(2000));
    expect(tip()).toBe(seen[0]);
  });

  it('shows no progress bar unless given a progress', () => {
    renderWithProviders(<LoadingPage />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it.each([
    [42, 42],
    [33.6, 34],
    [150, 100],
    [-5, 0],
  ])('shows a progress of %s as the value %s of 100', (progress, value) => {
    renderWithProviders(<LoadingPage variant="checkout" progress={progress} />);
    const bar = screen.getByRole('progressbar', { name: 'Loading progress' });
    expect(bar).toHaveAttribute('aria-valuenow', String(value));
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
  });
});
