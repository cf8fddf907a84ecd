import { useNavigate } from '@tanstack/react-router';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from 'react';
import { submitEnterpriseLead } from '../../api/billing';
import { TextField } from '../../components/TextField';
import { useAuth } from '../../hooks/use-auth';
import { useDocumentTitle } from '../../hooks/use-document-title';
import {
  BUDGET_OPTIONS,
  COMPANY_SIZE_OPTIONS,
  EMPTY_ENTERPRISE_FORM,
  ENTERPRISE_TEXT,
  NEED_OPTIONS,
  submissionError,
  TIMEFRAME_OPTIONS,
  validateEnterpriseForm,
  type EnterpriseFieldErrors,
  type EnterpriseFormValues,
} from './lead';
import './enterprise.css';

type Field = Exclude<keyof EnterpriseFormValues, 'needs'>;

/** Field labels and hints (ours: the spec names the fields, doc 2 §3, and 'Work email', doc 2 §5). */
const LABELS: Record<Field, string> = {
  name: 'Name',
  email: 'Work email',
  company: 'Company',
  companySize: 'Company size',
  role: 'Role',
  website: 'Website',
  phone: 'Phone',
  useCase: 'Use case',
  expectedMonthlyRequests: 'Monthly requests',
  timeframe: 'Timeframe',
  budget: 'Budget',
  message: 'Message',
};
const NEEDS_LEGEND = 'What do you need?';
const OPTIONAL = '(optional)';
const CHOOSE = 'Choose…';
const REQUESTS_HINT = 'How many travel-time requests you expect per month.';

/** What the server answered on success. */
type Outcome = { id: string };

/** A label with '(optional)' after it unless the field is required. */
function label(field: Field, required = false): ReactNode {
  return (
    <>
      {LABELS[field]} {!required && <span className="field-optional">{OPTIONAL}</span>}
    </>
  );
}

/** A labelled select or textarea of the form (its inputs are TextFields). */
function Choice({ id, field, children }: { id: string; field: Field; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label(field)}</label>
      {children}
    </div>
  );
}

function Success({ outcome }: { outcome: Outcome }) {
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form (and the focused Submit button) is gone: start reading at the card's title.
  useEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus();
  }, []);
  return (
    <section
      className="card center-card enterprise-success"
      aria-labelledby="enterprise-success-title"
      role="status"
    >
      <h1 id="enterprise-success-title" ref={heading} tabIndex={-1}>
        {ENTERPRISE_TEXT.successTitle}
      </h1>
      <p>{ENTERPRISE_TEXT.successBody}</p>
      <p className="enterprise-reference">
        {ENTERPRISE_TEXT.referenceId}: <code className="session-code">{outcome.id}</code>
      </p>
      <div className="actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void navigate({ to: '/plans' })}
        >
          {ENTERPRISE_TEXT.backToPlans}
        </button>
      </div>
    </section>
  );
}

/** A select's options: 'Choose…' (nothing chosen) first, then the given ones. */
function choices(options: readonly { value: string; label: string }[]) {
  return (
    <>
      <option value="">{CHOOSE}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

/** /enterprise and /enterprise/contact: the 'Contact sales' form (doc 2 §2, §3, §5, §7, §8). */
export function EnterpriseContactPage() {
  useDocumentTitle(ENTERPRISE_TEXT.title);
  const auth = useAuth();
  const navigate = useNavigate();
  const base = useId();
  const [values, setValues] = useState<EnterpriseFormValues>(() => ({
    ...EMPTY_ENTERPRISE_FORM,
    name: auth.user?.name ?? '',
    email: auth.user?.email ?? '',
  }));
  const [errors, setErrors] = useState<EnterpriseFieldErrors>({});
  const [status, setStatus] = useState<'idle' | 'submitting'>('idle');
  const [formError, setFormError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (outcome) {
    return (
      <div className="page page-narrow">
        <Success outcome={outcome} />
      </div>
    );
  }

  const id = (field: Field) => `${base}-${field}`;
  const set =
    (field: Field) =>
    (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    };
  const toggleNeed = (need: string) => (event: ChangeEvent<HTMLInputElement>) => {
    const checked = event.target.checked;
    setValues((current) => ({
      ...current,
      needs: checked ? [...current.needs, need] : current.needs.filter((n) => n !== need),
    }));
  };
  /** A select's or textarea's props. */
  const controlProps = (field: Field) => ({
    id: id(field),
    name: field,
    value: values[field],
    onChange: set(field),
  });
  /** A TextField's props: its label, value and error. */
  const fieldProps = (field: Field, required = false) => ({
    label: label(field, required),
    name: field,
    value: values[field],
    onChange: set(field),
    error: errors[field],
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (status === 'submitting') return;
    setFormError(null);
    const checked = validateEnterpriseForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = Object.keys(checked.errors)[0];
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setErrors({});
    setStatus('submitting');
    try {
      setOutcome(await submitEnterpriseLead(checked.payload));
    } catch (error) {
      setFormError(submissionError(error));
    } finally {
      setStatus('idle');
    }
  };

  const submitting = status === 'submitting';
  return (
    <div className="page enterprise-page">
      <header className="enterprise-head">
        <h1>{ENTERPRISE_TEXT.title}</h1>
        <p className="muted">{ENTERPRISE_TEXT.intro}</p>
      </header>
      <form
        className="card form enterprise-form"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-busy={submitting}
      >
        <div className="field-row">
          <TextField
            {...fieldProps('name', true)}
            autoComplete="name"
            required
            aria-required="true"
          />
          <TextField
            {...fieldProps('email', true)}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            aria-required="true"
          />
        </div>
        <div className="field-row">
          <TextField {...fieldProps('company')} autoComplete="organization" />
          <Choice id={id('companySize')} field="companySize">
            <select {...controlProps('companySize')}>{choices(COMPANY_SIZE_OPTIONS)}</select>
          </Choice>
        </div>
        <div className="field-row">
          <TextField {...fieldProps('role')} autoComplete="organization-title" />
          <TextField
            {...fieldProps('website')}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://"
          />
        </div>
        <div className="field-row">
          <TextField {...fieldProps('phone')} type="tel" autoComplete="tel" />
          <TextField
            {...fieldProps('expectedMonthlyRequests')}
            hint={REQUESTS_HINT}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
          />
        </div>
        <TextField {...fieldProps('useCase')} />
        <div className="field-row">
          <Choice id={id('timeframe')} field="timeframe">
            <select {...controlProps('timeframe')}>{choices(TIMEFRAME_OPTIONS)}</select>
          </Choice>
          <Choice id={id('budget')} field="budget">
            <select {...controlProps('budget')}>{choices(BUDGET_OPTIONS)}</select>
          </Choice>
        </div>
        <fieldset className="enterprise-needs">
          <legend>
            {NEEDS_LEGEND} <span className="field-optional">{OPTIONAL}</span>
          </legend>
          <div className="enterprise-needs-grid">
            {NEED_OPTIONS.map((need) => (
              <label key={need} className="enterprise-check">
                <input
                  type="checkbox"
                  name="needs"
                  value={need}
                  checked={values.needs.includes(need)}
                  onChange={toggleNeed(need)}
                />
                <span>{need}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <Choice id={id('message')} field="message">
          <textarea {...controlProps('message')} rows={5} />
        </Choice>
        {formError && (
          <p className="notice notice-error" role="alert">
            {formError}
          </p>
        )}
        <div className="actions enterprise-actions">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void navigate({ to: '/plans' })}
          >
            {ENTERPRISE_TEXT.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={submitting}>
            {submitting ? ENTERPRISE_TEXT.submitting : ENTERPRISE_TEXT.submit}
          </button>
        </div>
      </form>
    </div>
  );
}
