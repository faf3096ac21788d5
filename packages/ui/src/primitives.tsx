import { cloneElement, forwardRef, isValidElement, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { Link } from '@store/router';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';
type Size = 'sm' | 'md' | 'lg';

export interface ButtonStyleProps {
  $variant?: Variant;
  $size?: Size;
  $block?: boolean;
}

const buttonVariants = {
  primary: css`
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    border-color: ${({ theme }) => theme.colors.primary};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.primaryHover};
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.border};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.surfaceMuted};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    border-color: transparent;
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.surfaceMuted};
    }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.onPrimary};
    border-color: ${({ theme }) => theme.colors.danger};
    &:hover:not(:disabled) {
      filter: brightness(0.92);
    }
  `,
};

const buttonSizes = {
  sm: css`
    padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  `,
  md: css`
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
    font-size: ${({ theme }) => theme.fontSizes.md};
  `,
  lg: css`
    padding: ${({ theme }) => `${theme.space[3]} ${theme.space[6]}`};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  `,
};

// A real <button> defaults to type="button" (never an accidental submit); as a link it gets no type.
export const Button = styled.button.attrs<ButtonStyleProps>((p) => {
  const as = (p as { as?: unknown }).as;
  return as && as !== 'button' ? {} : { type: p.type ?? 'button' };
})<ButtonStyleProps>`
  display: ${({ $block }) => ($block ? 'flex' : 'inline-flex')};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: 600;
  line-height: 1.25;
  cursor: pointer;
  text-decoration: none;
  transition:
    background 0.15s ease,
    border-color 0.15s ease,
    filter 0.15s ease;
  ${({ $variant = 'secondary' }) => buttonVariants[$variant]}
  ${({ $size = 'md' }) => buttonSizes[$size]}
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export const IconButton = styled(Button).attrs<{ 'aria-label': string }>({ $variant: 'ghost' })`
  padding: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radii.full};
`;

const fieldStyles = css`
  width: 100%;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSizes.md};
  transition:
    border-color 0.15s ease,
    box-shadow 0.15s ease;
  &:focus {
    outline: none;
    border-color: ${({ theme }) => theme.colors.focus};
    box-shadow: 0 0 0 3px rgba(37, 99, 235, 0.18);
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  &:disabled {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

export const Input = styled.input`
  ${fieldStyles}
`;
export const Textarea = styled.textarea`
  ${fieldStyles}
  min-height: 7rem;
  resize: vertical;
`;
export const Select = styled.select`
  ${fieldStyles}
  appearance: auto;
`;

const CheckboxLabel = styled.label`
  display: inline-flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]};
  cursor: pointer;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  input {
    margin-top: 0.2rem;
    width: 1rem;
    height: 1rem;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, ...props }, ref) {
  return (
    <CheckboxLabel>
      <input ref={ref} type="checkbox" {...props} />
      <span>{label}</span>
    </CheckboxLabel>
  );
});

const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  label {
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;
const FieldError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
const FieldHint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

export interface FormFieldProps {
  label: ReactNode;
  htmlFor: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

interface ControlAria {
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}

const joinIds = (...lists: (string | undefined)[]) =>
  [...new Set(lists.flatMap((list) => list?.split(/\s+/) ?? []).filter(Boolean))].join(' ') || undefined;

/**
 * A labelled control with its hint or error (role="alert"). The control (the child whose `id` is
 * `htmlFor`) is tied to them here: `aria-describedby` names the error (`${htmlFor}-error`), else
 * the hint (`${htmlFor}-hint`), after any description of its own, and `aria-invalid` is set while
 * there is an error. A child that is not the control (a wrapper) is left as it is.
 */
export function FormField({ label, htmlFor, error, hint, children }: FormFieldProps) {
  const describedBy = error ? `${htmlFor}-error` : hint ? `${htmlFor}-hint` : undefined;
  const control =
    isValidElement<ControlAria>(children) && children.props.id === htmlFor
      ? cloneElement(children, {
          'aria-invalid': error ? true : children.props['aria-invalid'],
          'aria-describedby': joinIds(children.props['aria-describedby'], describedBy),
        })
      : children;
  return (
    <Field>
      <label htmlFor={htmlFor}>{label}</label>
      {control}
      {hint && !error && <FieldHint id={`${htmlFor}-hint`}>{hint}</FieldHint>}
      {error && (
        <FieldError role="alert" id={`${htmlFor}-error`}>
          {error}
        </FieldError>
      )}
    </Field>
  );
}

export const Container = styled.div`
  width: ${({ theme }) => theme.layout.width};
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin-inline: auto;
`;

const spin = keyframes`to { transform: rotate(360deg); }`;
const SpinnerRing = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;
export function Spinner({ size = 20, label = 'Loading' }: { size?: number; label?: string }) {
  return <SpinnerRing role="status" aria-label={label} $size={size} />;
}

const shimmer = keyframes`0% { background-position: -200px 0; } 100% { background-position: calc(200px + 100%) 0; }`;
export const Skeleton = styled.span.attrs({ 'aria-hidden': true })<{
  width?: string;
  height?: string;
  radius?: string;
}>`
  display: block;
  width: ${({ width }) => width ?? '100%'};
  height: ${({ height }) => height ?? '1rem'};
  border-radius: ${({ radius, theme }) => radius ?? theme.radii.md};
  background: ${({ theme }) =>
    `linear-gradient(90deg, ${theme.colors.surfaceMuted} 0, ${theme.colors.border} 50%, ${theme.colors.surfaceMuted} 100%)`};
  background-size: 200px 100%;
  background-repeat: no-repeat;
  background-color: ${({ theme }) => theme.colors.surfaceMuted};
  animation: ${shimmer} 1.4s ease-in-out infinite;
`;

const EmptyBox = styled.section`
  text-align: center;
  padding: ${({ theme }) => `${theme.space[10]} ${theme.space[6]}`};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  p {
    margin: 0 auto ${({ theme }) => theme.space[6]};
    max-width: 32rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
/** Where an empty state sends people on: a button-styled link (`primary` for the way forward). */
export interface EmptyStateLink {
  to: string;
  label: string;
  primary?: boolean;
}

export function EmptyState({
  title,
  description,
  action,
  link,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** Anything to offer (a Try again button); for a plain link to another page, `link`. */
  action?: ReactNode;
  link?: EmptyStateLink;
}) {
  const id = useId();
  return (
    <EmptyBox aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {description && <p>{description}</p>}
      {action}
      {link && (
        <Button as={Link} to={link.to} $variant={link.primary ? 'primary' : 'secondary'}>
          {link.label}
        </Button>
      )}
    </EmptyBox>
  );
}

export const Badge = styled.span<{ $tone?: 'neutral' | 'sale' | 'success' | 'danger' }>`
  display: inline-flex;
  align-items: center;
  padding: 0.125rem ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radii.full};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: 0.02em;
  background: ${({ theme, $tone = 'neutral' }) =>
    ({
      neutral: theme.colors.surfaceMuted,
      sale: theme.colors.sale,
      success: theme.colors.successSurface,
      danger: theme.colors.dangerSurface,
    })[$tone]};
  color: ${({ theme, $tone = 'neutral' }) =>
    ({
      neutral: theme.colors.text,
      sale: theme.colors.onPrimary,
      success: theme.colors.success,
      danger: theme.colors.danger,
    })[$tone]};
`;

const BannerBox = styled.div<{ $tone: 'error' | 'success' | 'info' }>`
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid currentColor;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 500;
  color: ${({ theme, $tone }) => ({ error: theme.colors.danger, success: theme.colors.success, info: theme.colors.info })[$tone]};
  background: ${({ theme, $tone }) =>
    ({ error: theme.colors.dangerSurface, success: theme.colors.successSurface, info: theme.colors.infoSurface })[
      $tone
    ]};
`;
export function Banner({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <BannerBox role={tone === 'error' ? 'alert' : 'status'} $tone={tone}>
      {children}
    </BannerBox>
  );
}

/** A row whose ends spread apart and that wraps on a narrow screen: a header and its actions, a pager. */
export const spreadRow = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
`;

/** A list drawn as a grid of tiles at least `min` wide, as many to a row as fit. */
export const tileGrid = (min: string) => css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${min}), 1fr));
`;

/** Read by screen readers, not drawn: for a rule of its own (`@media (…) { ${visuallyHidden} }`). */
export const visuallyHidden = css`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

export const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;
