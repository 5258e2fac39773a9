import * as yup from 'yup';
import { ADMIN_FIELD_MESSAGES, ADMIN_PASSWORD_MIN, adminRoles, FORM_MESSAGES, type AdminRole } from '@aura/contracts';

export interface AdminFormValues {
  fullName: string;
  username: string;
  email: string;
  password: string;
  role: AdminRole;
}

/** docs/product.md#validation: all fields required; email an email; password at least 8 ('Minimo 8 caratteri'); role defaults to admin. */
export const adminSchema: yup.ObjectSchema<AdminFormValues> = yup.object({
  fullName: yup.string().trim().required(FORM_MESSAGES.required),
  username: yup.string().trim().required(FORM_MESSAGES.required),
  email: yup.string().trim().required(FORM_MESSAGES.required).email(FORM_MESSAGES.email),
  password: yup.string().required(FORM_MESSAGES.required).min(ADMIN_PASSWORD_MIN, ADMIN_FIELD_MESSAGES.password),
  role: yup.mixed<AdminRole>().oneOf(adminRoles).required(FORM_MESSAGES.required),
});

export const emptyAdmin: AdminFormValues = { fullName: '', username: '', email: '', password: '', role: 'admin' };
