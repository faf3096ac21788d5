import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Dialog } from '@store/ui';

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
`;

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a change that is hard to undo; focus moves in on open and back to the trigger on close. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  pending = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} description={description}>
      <Buttons>
        <Button onClick={onCancel}>{cancelLabel}</Button>
        <Button $variant={tone} onClick={onConfirm} disabled={pending}>
          {confirmLabel}
        </Button>
      </Buttons>
    </Dialog>
  );
}
