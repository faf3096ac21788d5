import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';
import { EyeIcon, EyeOffIcon, Input } from '@store/ui';

const Wrap = styled.div`
  position: relative;
  input {
    padding-right: 2.75rem;
  }
  button {
    position: absolute;
    right: 0.25rem;
    top: 50%;
    transform: translateY(-50%);
    display: inline-grid;
    place-items: center;
    width: 2.25rem;
    height: 2.25rem;
    border: 0;
    background: transparent;
    color: ${({ theme }) => theme.colors.textMuted};
    cursor: pointer;
    border-radius: ${({ theme }) => theme.radii.md};
  }
`;

export const PasswordInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(
  function PasswordInput(props, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <Wrap>
        <Input ref={ref} type={visible ? 'text' : 'password'} {...props} />
        <button
          type="button"
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </button>
      </Wrap>
    );
  },
);
