import * as yup from 'yup';
import { PACKAGE_CREDITS_MAX, PACKAGE_PRICE_MAX, type PackageBodyInput, type PackageView } from '@aura/contracts';

/** The form keeps numbers as typed text; `toPackageBody` turns them into the API body. */
export interface PackageFormValues {
  credits: string;
  bonus: string;
  price: string;
  popular: boolean;
}

const REQUIRED = 'Campo obbligatorio';

/** The form's message for each field the server may refuse. */
export const PACKAGE_FIELD_MESSAGES = {
  credits: `Inserisci un numero intero di auracoin da 1 a ${PACKAGE_CREDITS_MAX}`,
  bonus: `Inserisci un bonus intero da 0 a ${PACKAGE_CREDITS_MAX}`,
  price: `Inserisci un prezzo intero in euro da 1 a ${PACKAGE_PRICE_MAX}`,
  popular: 'Valore non valido',
} as const satisfies Record<keyof PackageFormValues, string>;
const WHOLE = 'Inserisci un numero intero';
const isWhole = (value: string | undefined) => value === undefined || value.trim() === '' || /^\d+$/.test(value.trim());

/** docs/product.md#validation: credits and price required; bonus optional, default 0. The server enforces the same. */
export const packageSchema: yup.ObjectSchema<PackageFormValues> = yup.object({
  credits: yup
    .string()
    .required(REQUIRED)
    .test('whole', WHOLE, isWhole)
    .test('range', 'Almeno 1', (v) => Number(v) >= 1 && Number(v) <= PACKAGE_CREDITS_MAX),
  bonus: yup
    .string()
    .defined()
    .test('whole', WHOLE, isWhole)
    .test('range', 'Valore troppo grande', (v) => v.trim() === '' || Number(v) <= PACKAGE_CREDITS_MAX),
  price: yup
    .string()
    .required(REQUIRED)
    .test('whole', 'Inserisci un prezzo intero in euro', isWhole)
    .test('range', 'Almeno 1 €', (v) => Number(v) >= 1 && Number(v) <= PACKAGE_PRICE_MAX),
  popular: yup.boolean().defined(),
});

export const emptyPackage: PackageFormValues = { credits: '', bonus: '0', price: '', popular: false };

export function packageToForm(pkg: PackageView): PackageFormValues {
  return { credits: String(pkg.credits), bonus: String(pkg.bonus), price: String(pkg.price), popular: pkg.popular };
}

export function toPackageBody(values: PackageFormValues): PackageBodyInput {
  return {
    credits: Number(values.credits.trim()),
    bonus: values.bonus.trim() === '' ? 0 : Number(values.bonus.trim()),
    price: Number(values.price.trim()),
    popular: values.popular,
  };
}
