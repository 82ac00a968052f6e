import { useId, type ReactNode } from 'react';
import { Modal, ModalActions } from './modal';

/** The modal's title and description, and the labels of its ×, «Cancelar» and submit buttons. */
export interface FormModalTexts {
  title: string;
  description: string;
  close: string;
  cancel: string;
  submit: string;
}

interface FormModalProps {
  texts: FormModalTexts;
  /** While true the submit button spins and a second submit is ignored. */
  pending: boolean;
  /** An error of the whole form (not of one field), under the fields. */
  formError: string | undefined;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** A modal holding one form: its fields, the form's own error, and «Cancelar» and submit in the footer. */
export function FormModal({ texts, pending, formError, onSubmit, onClose, children }: FormModalProps) {
  // The footer's submit button stands outside the form and names it by id.
  const formId = useId();
  return (
    <Modal
      title={texts.title}
      description={texts.description}
      closeLabel={texts.close}
      onClose={onClose}
      footer={
        <ModalActions
          cancel={texts.cancel}
          onCancel={onClose}
          submit={{ label: texts.submit, type: 'submit', form: formId, loading: pending }}
        />
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!pending) onSubmit();
        }}
        className="space-y-4"
      >
        {children}
        {formError && (
          <p role="alert" className="text-sm text-red-700">
            {formError}
          </p>
        )}
      </form>
    </Modal>
  );
}
