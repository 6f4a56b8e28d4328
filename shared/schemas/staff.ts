import { z } from 'zod';
import { emailSchema, idSchema, optionalText } from './common';
import { passwordSchema, roleSchema } from './user';
import { cleanText } from './text';
import type { Role } from '../domain/permissions';

export const staffMessages = {
  required: 'Please fill in all required fields...',
  saved: 'Staff member updated successfully!',
  deleted: 'Staff member deleted successfully!',
  notFound: 'Staff member not found. It may have been deleted.',
  duplicateEmail: 'An account with this email already exists.',
  exists: 'This staff member already exists.',
  deleteSelf: 'You cannot delete your own account.',
  deactivateSelf: 'You cannot deactivate your own account.',
  lastAdmin: 'At least one active Admin must remain. Make another account an active Admin first.',
  status: 'Active status must be true or false.',
} as const;

// Spec 5, Staff form: name and email are required, with one message for either.
const required = z.string({ error: staffMessages.required }).trim().min(1, staffMessages.required);
const staffFields = {
  name: required.max(100, 'Name must be at most 100 characters.').superRefine(cleanText('Name')),
  email: required.pipe(emailSchema),
  phoneNo: optionalText(30, 'Phone No'),
};

/** A blank password on edit means "keep the current one". */
const newPasswordOrKeep = z.preprocess((value) => (value === '' || value === null ? undefined : value), passwordSchema.optional());

/** POST /api/user/save-user: a new account. The default role is Staff and the default status inactive. */
export const saveStaffSchema = z.object({
  id: idSchema.nullish(),
  ...staffFields,
  password: passwordSchema,
  role: roleSchema.default('Staff'),
  status: z.boolean({ error: staffMessages.status }).default(false),
});
export type SaveStaffInput = z.input<typeof saveStaffSchema>;

/** POST /api/user/update-user: a missing role, status or phone keeps the stored value; a password sets a new one. */
export const updateStaffSchema = z.object({
  id: idSchema,
  ...staffFields,
  phoneNo: optionalText(30, 'Phone No').optional(),
  password: newPasswordOrKeep,
  role: roleSchema.optional(),
  status: z.boolean({ error: staffMessages.status }).optional(),
});
export type UpdateStaffInput = z.input<typeof updateStaffSchema>;

export const deleteStaffSchema = z.object({ id: idSchema });

/** A staff account as GET /api/user answers it (never the password). */
export interface StaffMember {
  _id: string;
  id: string;
  name: string;
  email: string;
  phoneNo: string;
  username: string;
  role: Role;
  status: boolean;
  createdAt: string;
  updatedAt: string;
}
