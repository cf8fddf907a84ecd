import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import {
  EMPTY_ENTERPRISE_FORM,
  enterpriseLeadPayloadSchema,
  submissionError,
  validateEnterpriseForm,
  type EnterpriseFormValues,
} from './lead';

const form = (overrides: Partial<EnterpriseFormValues>): EnterpriseFormValues => ({
  ...EMPTY_ENTERPRISE_FORM,
  ...overrides,
});

describe('enterprise form validation', () => {
  it('requires a name and a work email', () => {
    const result = validateEnterpriseForm(form({ name: '   ', email: '' }));
    expect(result).toEqual({
      ok: false,
      errors: { name: 'Name is required', email: 'Email is required' },
    });
  });

  it('rejects an e-mail that is not an address', () => {
    const result = validateEnterpriseForm(form({ name: 'Ada', email: 'ada@' }));
    expect(result).toEqual({ ok: false, errors: { email: 'Please enter a valid email address' } });
  });

  it('rejects negative or non-numeric expected monthly requests', () => {
    for (const value of ['-1', 'lots']) {
      const result = validateEnterpriseForm(
        form({ name: 'Ada', email: 'ada@example.com', expectedMonthlyRequests: value }),
      );
      expect(result).toEqual({
        ok: false,
        errors: {
          expectedMonthlyRequests: 'Expected monthly requests must be a number of at least 0',
        },
      });
    }
  });

  it('sends only name, email, null requests and the default needs for a minimal form', () => {
    const result = validateEnterpriseForm(form({ name: ' Ada ', email: ' ada@example.com ' }));
    expect(result).toEqual({
      ok: true,
      payload: {
        name: 'Ada',
        email: 'ada@example.com',
        expectedMonthlyRequests: null,
        needs: ['SLA', 'Priority support', 'Higher limits'],
      },
    });
  });

  it('trims optional texts, keeps matching options and numbers, and omits empty values', () => {
    const result = validateEnterpriseForm(
      form({
        name: 'Ada',
        email: 'ada@example.com',
        company: '  Acme  ',
        companySize: '51-200',
        role: '   ',
        website: 'acme.test',
        phone: ' +1 555 0100 ',
        useCase: 'Staff shuttles',
        expectedMonthlyRequests: '0',
        timeframe: '1-3 months',
        budget: 'has-budget',
        needs: ['SOC 2', 'SLA'],
        message: '',
      }),
    );
    expect(result).toEqual({
      ok: true,
      payload: {
        name: 'Ada',
        email: 'ada@example.com',
        company: 'Acme',
        companySize: '51-200',
        website: 'acme.test',
        phone: '+1 555 0100',
        useCase: 'Staff shuttles',
        expectedMonthlyRequests: 0,
        timeframe: '1-3 months',
        budget: 'has-budget',
        needs: ['SLA', 'SOC 2'],
      },
    });
    if (result.ok)
      expect(enterpriseLeadPayloadSchema.parse(result.payload)).toEqual(result.payload);
  });

  it('leaves out company size, timeframe and budget values that are not options', () => {
    const result = validateEnterpriseForm(
      form({
        name: 'Ada',
        email: 'ada@example.com',
        companySize: '5000',
        timeframe: 'someday',
        budget: 'lots',
        needs: ['Free pizza'],
      }),
    );
    expect(result.ok && result.payload).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      expectedMonthlyRequests: null,
      needs: [],
    });
  });
});

describe('enterprise form errors (doc 2 §8)', () => {
  it("shows 'Submission failed' for any answer that is not OK", () => {
    expect(submissionError(new ApiError('Too many requests', 429, 'rate_limited'))).toBe(
      'Submission failed',
    );
    expect(submissionError(new ApiError('Something went wrong', 500))).toBe('Submission failed');
    expect(submissionError(new ApiError('Name is required', 400))).toBe('Submission failed');
  });

  it("keeps the error's message otherwise, and 'Something went wrong' without one", () => {
    expect(submissionError(new ApiError('Something went wrong', 0))).toBe('Something went wrong');
    expect(submissionError(new ApiError('Something went wrong', 200, 'bad_response'))).toBe(
      'Something went wrong',
    );
    expect(submissionError(new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(submissionError('nope')).toBe('Something went wrong');
    expect(submissionError(new Error(''))).toBe('Something went wrong');
  });
});
