import { z } from 'zod';
import { ZUser } from './auth.ts';
import { ZInventoryType, ZRole } from './common.ts';
import { ZTimeZone } from './count-plans.ts';
import { SECURITY_MESSAGES } from './security.ts';
import { COMPANY_NAME_MAX, SETTINGS_MESSAGES } from './settings.ts';

export const COMPANY_MESSAGES = {
  nameRequired: SETTINGS_MESSAGES.companyNameRequired,
  nameTooLong: `Company name must be at most ${COMPANY_NAME_MAX} characters`,
  notFound: 'Company not found',
} as const;

export const ZCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  inventory_type: ZInventoryType,
  created_at: z.string(),
  /** Everyone in the company must have two-factor sign-in. */
  require_two_factor: z.boolean(),
  /** The IANA time zone in which the company's days (count plans' due days) are counted. */
  time_zone: z.string(),
});
export type TCompany = z.infer<typeof ZCompany>;

export const ZCompaniesResponse = z.array(ZCompany);

/** A company the signed-in user belongs to, with their role there. */
export const ZUserCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  role: ZRole,
  is_current: z.boolean(),
});
export type TUserCompany = z.infer<typeof ZUserCompany>;

export const ZUserCompaniesResponse = z.array(ZUserCompany);

/** Create and edit take the same body. */
export const ZCompanyNameRequest = z.object({
  name: z
    .string({ error: COMPANY_MESSAGES.nameRequired })
    .trim()
    .min(1, COMPANY_MESSAGES.nameRequired)
    .max(COMPANY_NAME_MAX, COMPANY_MESSAGES.nameTooLong),
});
export type TCompanyNameRequest = z.infer<typeof ZCompanyNameRequest>;

/** PUT /api/companies/{id}: a new name, the two-factor policy, or both. */
export const ZUpdateCompanyRequest = z
  .object({
    name: ZCompanyNameRequest.shape.name.optional(),
    require_two_factor: z.boolean({ error: 'require_two_factor must be true or false' }).optional(),
    time_zone: ZTimeZone.optional(),
  })
  .refine((b) => b.name !== undefined || b.require_two_factor !== undefined || b.time_zone !== undefined, {
    message: SECURITY_MESSAGES.companyUpdateEmpty,
  });
export type TUpdateCompanyRequest = z.infer<typeof ZUpdateCompanyRequest>;

export const ZCompanyStats = z.object({
  /** Active team members. */
  users: z.number().int().nonnegative(),
  products: z.number().int().nonnegative(),
  devices: z.number().int().nonnegative(),
  audits: z.number().int().nonnegative(),
});
export type TCompanyStats = z.infer<typeof ZCompanyStats>;

/** Postgres integer ids; bigger numbers are not ids. */
const ZCompanyId = z
  .number({ error: 'companyId must be a company id' })
  .int('companyId must be a company id')
  .positive('companyId must be a company id')
  .max(2_147_483_647, 'companyId must be a company id');

export const ZSwitchCompanyRequest = z.object({ companyId: ZCompanyId });
export type TSwitchCompanyRequest = z.infer<typeof ZSwitchCompanyRequest>;

/** A new session in the chosen company: the old token stops working. */
export const ZSwitchCompanyResponse = z.object({ token: z.string(), user: ZUser });
export type TSwitchCompanyResponse = z.infer<typeof ZSwitchCompanyResponse>;
