import { useState, type FormEventHandler, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import styled from 'styled-components';
import { getErrorMessage, getFieldErrors } from '@store/http';
import { Banner, Button, Dialog } from '@store/ui';

const FormButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[4]};
`;

/**
 * Saves a named thing (an attribute, a category): the API's refusal of the name lands at the Name field,
 * any other problem in a banner above the form.
 */
export function useNameSave<T extends FieldValues & { name: unknown }>(setError: UseFormSetError<T>) {
  const [problem, setProblem] = useState('');
  const attempt = async (save: () => Promise<void>, fallback: string) => {
    setProblem('');
    try {
      await save();
    } catch (error) {
      const fields = getFieldErrors(error);
      if (fields.name) setError('name' as Path<T>, { type: 'server', message: fields.name }, { shouldFocus: true });
      else setProblem(getErrorMessage(error, fallback));
    }
  };
  return { problem, attempt };
}

export interface NameDialogProps {
  open: boolean;
  title: string;
  description?: string;
  problem: string;
  isSubmitting: boolean;
  /** The submit button's text while nothing is being saved ('Save', 'Create category'). */
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  /** The form's fields. */
  children: ReactNode;
}

/** The add / edit dialog of a named thing: its fields, the problem banner, Cancel and the submit button. */
export function NameDialog({
  open,
  title,
  description,
  problem,
  isSubmitting,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: NameDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <form onSubmit={onSubmit} noValidate>
        {problem && <Banner tone="error">{problem}</Banner>}
        {children}
        <FormButtons>
          <Button type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" $variant="primary" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : submitLabel}
          </Button>
        </FormButtons>
      </form>
    </Dialog>
  );
}
