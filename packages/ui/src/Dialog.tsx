import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled, { keyframes } from 'styled-components';
import { CloseIcon } from './icons';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const rise = keyframes`from { opacity: 0; transform: translateY(12px) scale(0.98); } to { opacity: 1; transform: none; }`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.colors.overlay};
  animation: ${fadeIn} 0.15s ease-out;
  overflow-y: auto;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    place-items: end stretch;
    padding: 0;
  }
`;

// The panel does not scroll: its body does, under a header that stays put, so a long dialog (the phone's
// filter sheet) keeps its title and its close button in view while the shopper scrolls it.
const Panel = styled.div<{ $width: string }>`
  position: relative;
  display: flex;
  flex-direction: column;
  width: 100%;
  max-width: ${({ $width }) => $width};
  max-height: calc(100vh - 2rem);
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  --dialog-padding: ${({ theme }) => theme.space[7]};
  animation: ${rise} 0.2s ease-out;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    max-width: none;
    max-height: 92vh;
    border-radius: ${({ theme }) => `${theme.radii.lg} ${theme.radii.lg} 0 0`};
    --dialog-padding: ${({ theme }) => theme.space[6]};
  }
`;
const Header = styled.div`
  flex: none;
  padding: var(--dialog-padding) var(--dialog-padding) ${({ theme }) => theme.space[2]};
`;
const Body = styled.div`
  flex: 1 1 auto;
  min-height: 0;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space[1]} var(--dialog-padding) var(--dialog-padding);
`;

const Title = styled.h2`
  margin: 0 ${({ theme }) => theme.space[8]} ${({ theme }) => theme.space[1]} 0;
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
`;
const Description = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[6]};
  color: ${({ theme }) => theme.colors.textMuted};
`;
const Close = styled.button`
  position: absolute;
  top: ${({ theme }) => theme.space[4]};
  right: ${({ theme }) => theme.space[4]};
  display: inline-grid;
  place-items: center;
  width: 2.25rem;
  height: 2.25rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.full};
  background: transparent;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  width?: string;
}

/** An accessible modal: labelled by its title, Escape and backdrop close, focus kept inside and restored. */
export function Dialog({ open, onClose, title, description, children, width = '28rem' }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const first = panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE);
    const target = Array.from(first ?? []).find((el) => !el.dataset.dialogClose) ?? first?.[0];
    (target ?? panel.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
      } else if (event.key === 'Tab' && panel.current) {
        const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
        if (items.length === 0) return;
        const firstItem = items[0]!;
        const lastItem = items[items.length - 1]!;
        if (event.shiftKey && document.activeElement === firstItem) {
          event.preventDefault();
          lastItem.focus();
        } else if (!event.shiftKey && document.activeElement === lastItem) {
          event.preventDefault();
          firstItem.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open]);

  if (!open || typeof document === 'undefined') return null;
  return createPortal(
    <Backdrop
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Panel
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        $width={width}
      >
        <Header>
          <Title id={titleId}>{title}</Title>
        </Header>
        <Body>
          {description && <Description id={descriptionId}>{description}</Description>}
          {children}
        </Body>
        <Close type="button" aria-label="Close" data-dialog-close="true" onClick={onClose}>
          <CloseIcon size={20} />
        </Close>
      </Panel>
    </Backdrop>,
    document.body,
  );
}
