import styled from 'styled-components';

export const steps = ['Address', 'Delivery', 'Payment', 'Review'] as const;

const List = styled.ol`
  display: grid;
  grid-template-columns: repeat(${steps.length}, 1fr);
  gap: ${({ theme }) => theme.space[2]};
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space[6]};
  padding: 0;
`;
const Item = styled.li<{ $state: 'done' | 'current' | 'todo' }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding-top: ${({ theme }) => theme.space[2]};
  border-top: 3px solid ${({ theme, $state }) => ($state === 'todo' ? theme.colors.border : theme.colors.primary)};
  color: ${({ theme, $state }) => ($state === 'todo' ? theme.colors.textMuted : theme.colors.text)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ $state }) => ($state === 'current' ? 700 : 500)};
  button {
    all: unset;
    cursor: pointer;
    text-decoration: underline;
    text-underline-offset: 3px;
  }
  button:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;
const Number = styled.span`
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    display: none;
  }
`;

/** Where the shopper is in the checkout; finished steps can be reopened. */
export function Stepper({ current, onSelect }: { current: number; onSelect(step: number): void }) {
  return (
    <nav aria-label="Checkout steps">
      <List>
        {steps.map((label, i) => {
          const state = i < current ? 'done' : i === current ? 'current' : 'todo';
          return (
            <Item key={label} $state={state} aria-current={state === 'current' ? 'step' : undefined}>
              <Number aria-hidden>{i + 1}.</Number>
              {state === 'done' ? (
                <button type="button" onClick={() => onSelect(i)}>
                  {label}
                </button>
              ) : (
                <span>{label}</span>
              )}
            </Item>
          );
        })}
      </List>
    </nav>
  );
}
