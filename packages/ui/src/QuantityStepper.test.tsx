import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { QuantityStepper } from './QuantityStepper';
import { UiProvider } from './UiProvider';

function Harness({
  editable = false,
  min,
  max,
  initial = 1,
  onOverMax,
}: {
  editable?: boolean;
  min?: number;
  max?: number;
  initial?: number;
  onOverMax?: (max: number) => void;
}) {
  const [value, setValue] = useState(initial);
  const [changes, setChanges] = useState<number[]>([]);
  return (
    <UiProvider>
      <QuantityStepper
        value={value}
        min={min}
        max={max}
        editable={editable}
        onOverMax={onOverMax}
        onChange={(next) => {
          setChanges((c) => [...c, next]);
          setValue(next);
        }}
      />
      <p>changes: {changes.join(',')}</p>
    </UiProvider>
  );
}

describe('QuantityStepper', () => {
  it('caps a typed number at max and says so once; at max a typed number above it changes nothing', async () => {
    const user = userEvent.setup();
    const over = jest.fn();
    render(<Harness editable min={0} max={3} onOverMax={over} />);
    const field = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(field);
    await user.type(field, '99{Enter}');
    expect(field).toHaveValue(3);
    expect(screen.getByText('changes: 3')).toBeInTheDocument();
    expect(over).toHaveBeenCalledTimes(1);
    expect(over).toHaveBeenCalledWith(3);
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, '50{Enter}');
    expect(field).toHaveValue(3);
    expect(screen.getByText('changes: 3')).toBeInTheDocument();
    expect(over).toHaveBeenCalledTimes(2);
  });

  it('steps within min and max, disabling the buttons at the ends', async () => {
    const user = userEvent.setup();
    render(<Harness min={1} max={3} />);
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    expect(minus).toBeDisabled();
    await user.click(plus);
    await user.click(plus);
    expect(screen.getByRole('status', { name: 'Quantity' })).toHaveTextContent('3');
    expect(plus).toBeDisabled();
    await user.click(minus);
    expect(screen.getByText('changes: 2,3,2')).toBeInTheDocument();
  });

  it('an editable field commits a typed number on Enter or blur, capped at max', async () => {
    const user = userEvent.setup();
    render(<Harness editable min={0} max={999} initial={2} />);
    const field = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(field);
    await user.type(field, '7{Enter}');
    expect(field).toHaveValue(7);
    await user.clear(field);
    await user.type(field, '5000');
    await user.tab();
    expect(field).toHaveValue(999);
    expect(screen.getByText('changes: 7,999')).toBeInTheDocument();
  });

  it('an emptied or unchanged field puts the value back and changes nothing; 0 is a change', async () => {
    const user = userEvent.setup();
    render(<Harness editable min={0} initial={4} />);
    const field = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(field);
    await user.tab();
    expect(field).toHaveValue(4);
    await user.type(field, '{Enter}');
    expect(screen.getByText('changes:')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '0{Enter}');
    expect(screen.getByText('changes: 0')).toBeInTheDocument();
  });
});
