import { z } from 'zod';
import { PLANS } from './plans.js';

export const planSchema = z.enum(PLANS, {
  error: 'Plan must be one of free, standard, premium, enterprise',
});
