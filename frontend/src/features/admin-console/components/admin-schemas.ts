import * as yup from 'yup';
import { ADMIN_PASSWORD_MIN, ADMIN_USERNAME_MIN, type AdminRole } from '@aura/contracts';

export interface AdminFormValues {
  fullName: string;
  username: string;
  email: string;
  password: string;
  role: AdminRole;
}

export const REQUIRED = 'Campo obbligatorio';

/** The form's message for each field the server may refuse. */
export const ADMIN_FIELD_MESSAGES = {
  fullName: 'Inserisci il nome completo (massimo 120 caratteri)',
  username: `Username non valido: almeno ${ADMIN_USERNAME_MIN} caratteri`,
  email: "Inserisci un'email valida",
  password: `Minimo ${ADMIN_PASSWORD_MIN} caratteri`,
  role: 'Ruolo non valido',
} as const satisfies Record<keyof AdminFormValues, string>;

/** docs/product.md#validation: all fields required; email an email; password at least 8 ('Minimo 8 caratteri'); role defaults to admin. */
export const adminSchema: yup.ObjectSchema<AdminFormValues> = yup.object({
  fullName: yup.string().trim().required(REQUIRED),
  username: yup.string().trim().required(REQUIRED),
  email: yup.string().trim().required(REQUIRED).email("Inserisci un'email valida"),
  password: yup.string().required(REQUIRED).min(ADMIN_PASSWORD_MIN, ADMIN_FIELD_MESSAGES.password),
  role: yup.mixed<AdminRole>().oneOf(['admin', 'superadmin']).required(REQUIRED),
});

export const emptyAdmin: AdminFormValues = { fullName: '', username: '', email: '', password: '', role: 'admin' };
