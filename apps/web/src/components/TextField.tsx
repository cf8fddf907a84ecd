import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> & {
  /** The label's text (with, e.g., an '(optional)' marker). */
  label: ReactNode;
  /** Shown below the input, which it then marks invalid and describes. */
  error?: string | undefined;
  /** 'alert' announces the error as soon as it shows. */
  errorRole?: 'alert';
  /** A short hint below the input, which it describes (after the error, when there is one). */
  hint?: string;
  /** Anything else below the input (e.g. the password rules; pass their id as aria-describedby). */
  children?: ReactNode;
};

/** One labelled input of a `.form` (a `.field`): the label, the input and its error or hint below. */
export function TextField({ label, error, errorRole, hint, children, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = useId();
  const hintId = useId();
  const describedBy =
    [error && errorId, hint && hintId].filter(Boolean).join(' ') || input['aria-describedby'];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        aria-invalid={error ? true : input['aria-invalid']}
        aria-describedby={describedBy}
      />
      {error && (
        <p id={errorId} className="field-error" role={errorRole}>
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {children}
    </div>
  );
}
