/**
 * The enterprise contact form without React: option lists (doc 2 §3), validation (doc 2 §5) and the
 * POST /api/enterprise/lead payload.
 */
import {
  BUDGETS,
  COMPANY_SIZES,
  DEFAULT_ENTERPRISE_NEEDS,
  ENTERPRISE_NEEDS,
  enterpriseLeadBodySchema,
  MESSAGES,
  TIMEFRAMES,
} from '@oneeta/contracts';
import { z } from 'zod';
import { LEAD_SOMETHING_WENT_WRONG } from '../../api/billing';
import { isApiError } from '../../api/client';

export type CompanySize = (typeof COMPANY_SIZES)[number];
export type Timeframe = (typeof TIMEFRAMES)[number];
export type Budget = (typeof BUDGETS)[number];
export type EnterpriseNeed = (typeof ENTERPRISE_NEEDS)[number];

/** Option values are the spec's; the labels shown beside them are ours. */
export const COMPANY_SIZE_OPTIONS: readonly { value: CompanySize; label: string }[] = [
  { value: '1-10', label: '1–10 employees' },
  { value: '11-50', label: '11–50 employees' },
  { value: '51-200', label: '51–200 employees' },
  { value: '201-1000', label: '201–1,000 employees' },
  { value: '1001+', label: '1,001+ employees' },
];
export const TIMEFRAME_OPTIONS: readonly { value: Timeframe; label: string }[] = [
  { value: 'immediately', label: 'Immediately' },
  { value: '1-3 months', label: 'In 1–3 months' },
  { value: '3-6 months', label: 'In 3–6 months' },
  { value: '6+ months', label: 'In 6+ months' },
];
export const BUDGET_OPTIONS: readonly { value: Budget; label: string }[] = [
  { value: 'exploring', label: 'Just exploring' },
  { value: 'has-budget', label: 'Budget approved' },
  { value: 'procurement-needed', label: 'Procurement needed' },
];
export const NEED_OPTIONS: readonly EnterpriseNeed[] = ENTERPRISE_NEEDS;

/**
 * The lead payload of doc 2 §3 as doc 2 §5 allows it, the contract's schema: name and email
 * required; every other text optional, trimmed and omitted when empty; the three choices only when
 * they match an option; expectedMonthlyRequests a number of at least 0, or null when empty.
 */
export const enterpriseLeadPayloadSchema = enterpriseLeadBodySchema;
export type EnterpriseLeadPayload = z.infer<typeof enterpriseLeadPayloadSchema>;

/** The form's raw state: every input as typed. */
export interface EnterpriseFormValues {
  name: string;
  email: string;
  company: string;
  companySize: string;
  role: string;
  website: string;
  phone: string;
  useCase: string;
  expectedMonthlyRequests: string;
  timeframe: string;
  budget: string;
  needs: string[];
  message: string;
}

export const EMPTY_ENTERPRISE_FORM: EnterpriseFormValues = {
  name: '',
  email: '',
  company: '',
  companySize: '',
  role: '',
  website: '',
  phone: '',
  useCase: '',
  expectedMonthlyRequests: '',
  timeframe: '',
  budget: '',
  needs: [...DEFAULT_ENTERPRISE_NEEDS],
  message: '',
};

/** Field messages. The spec words none of them (doc 2 §5 gives only the rules). */
export const ENTERPRISE_FIELD_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: MESSAGES.emailRequired,
  emailInvalid: MESSAGES.emailInvalid,
  requestsInvalid: 'Expected monthly requests must be a number of at least 0',
} as const;

export type EnterpriseFieldErrors = Partial<Record<keyof EnterpriseFormValues, string>>;

export type EnterpriseValidation =
  { ok: true; payload: EnterpriseLeadPayload } | { ok: false; errors: EnterpriseFieldErrors };

const oneOf = <T extends string>(options: readonly T[], value: string): T | undefined =>
  (options as readonly string[]).includes(value) ? (value as T) : undefined;

const optionalText = (value: string): string | undefined => {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

/** Validates the form and builds the payload, leaving out empty and unknown values. */
export function validateEnterpriseForm(values: EnterpriseFormValues): EnterpriseValidation {
  const errors: EnterpriseFieldErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  if (name === '') errors.name = ENTERPRISE_FIELD_MESSAGES.nameRequired;
  if (email === '') errors.email = ENTERPRISE_FIELD_MESSAGES.emailRequired;
  else if (!z.email().safeParse(email).success)
    errors.email = ENTERPRISE_FIELD_MESSAGES.emailInvalid;

  let expectedMonthlyRequests: number | null = null;
  const requests = values.expectedMonthlyRequests.trim();
  if (requests !== '') {
    const n = Number(requests);
    if (!Number.isFinite(n) || n < 0)
      errors.expectedMonthlyRequests = ENTERPRISE_FIELD_MESSAGES.requestsInvalid;
    else expectedMonthlyRequests = n;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const payload: EnterpriseLeadPayload = {
    name,
    email,
    expectedMonthlyRequests,
    needs: ENTERPRISE_NEEDS.filter((need) => values.needs.includes(need)),
  };
  const company = optionalText(values.company);
  const role = optionalText(values.role);
  const website = optionalText(values.website);
  const phone = optionalText(values.phone);
  const useCase = optionalText(values.useCase);
  const message = optionalText(values.message);
  const companySize = oneOf(COMPANY_SIZES, values.companySize);
  const timeframe = oneOf(TIMEFRAMES, values.timeframe);
  const budget = oneOf(BUDGETS, values.budget);
  if (company) payload.company = company;
  if (companySize) payload.companySize = companySize;
  if (role) payload.role = role;
  if (website) payload.website = website;
  if (phone) payload.phone = phone;
  if (useCase) payload.useCase = useCase;
  if (timeframe) payload.timeframe = timeframe;
  if (budget) payload.budget = budget;
  if (message) payload.message = message;
  return { ok: true, payload };
}

/** Texts of the page (doc 2 §2 Enterprise contact, §8). */
export const ENTERPRISE_TEXT = {
  title: 'Contact sales',
  // Ours: a one-line lead under the title.
  intro: 'Tell us about your team and what you need. We will reply by e-mail.',
  cancel: 'Cancel',
  submit: 'Submit',
  submitting: 'Submitting…',
  successTitle: "Thanks — we'll be in touch",
  successBody: 'Your request was received. We typically respond within 1–2 business days.',
  referenceId: 'Reference ID',
  backToPlans: 'Back to plans',
  submissionFailed: 'Submission failed',
  somethingWentWrong: LEAD_SOMETHING_WENT_WRONG,
} as const;

/**
 * The form's error (doc 2 §8): 'Submission failed' for any non-OK answer; otherwise the error's
 * message (a network failure or an unreadable answer keeps the call's own text), else 'Something
 * went wrong'.
 */
export function submissionError(error: unknown): string {
  if (isApiError(error)) {
    return error.status > 0 && error.code !== 'bad_response'
      ? ENTERPRISE_TEXT.submissionFailed
      : error.message;
  }
  return error instanceof Error && error.message
    ? error.message
    : ENTERPRISE_TEXT.somethingWentWrong;
}
