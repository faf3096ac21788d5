import { render, screen } from '@testing-library/react';
import { useAfterFirstScreen } from './useAfterFirstScreen';

/** Shows what can wait once the hook says so, and records each render's answer. */
function Rails({ renders }: { renders: boolean[] }) {
  const later = useAfterFirstScreen();
  renders.push(later);
  return later ? <h2>New arrivals</h2> : <p>Loading New arrivals</p>;
}

describe('useAfterFirstScreen', () => {
  it("leaves what can wait out of the visit's first render, then renders it; a later page renders it at once", async () => {
    const first: boolean[] = [];
    const { unmount } = render(<Rails renders={first} />);
    expect(await screen.findByRole('heading', { name: 'New arrivals' })).toBeInTheDocument();
    expect(first[0]).toBe(false);
    expect(first.at(-1)).toBe(true);
    unmount();

    const next: boolean[] = [];
    render(<Rails renders={next} />);
    expect(screen.getByRole('heading', { name: 'New arrivals' })).toBeInTheDocument();
    expect(next).not.toContain(false);
  });
});
