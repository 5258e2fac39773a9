import * as yup from 'yup';
import {
  FORM_MESSAGES,
  PACKAGE_CREDITS_MAX,
  PACKAGE_FORM_MESSAGES,
  PACKAGE_PRICE_MAX,
  type PackageBodyInput,
  type PackageView,
} from '@aura/contracts';

/** The form keeps numbers as typed text; `toPackageBody` turns them into the API body. */
export interface PackageFormValues {
  credits: string;
  bonus: string;
  price: string;
  popular: boolean;
}

const isWhole = (value: string | undefined) => value === undefined || value.trim() === '' || /^\d+$/.test(value.trim());

/** docs/product.md#validation: credits and price required; bonus optional, default 0. The server enforces the same. */
export const packageSchema: yup.ObjectSchema<PackageFormValues> = yup.object({
  credits: yup
    .string()
    .required(FORM_MESSAGES.required)
    .test('whole', FORM_MESSAGES.whole, isWhole)
    .test('range', PACKAGE_FORM_MESSAGES.creditsRange, (v) => Number(v) >= 1 && Number(v) <= PACKAGE_CREDITS_MAX),
  bonus: yup
    .string()
    .defined()
    .test('whole', FORM_MESSAGES.whole, isWhole)
    .test('range', PACKAGE_FORM_MESSAGES.bonusRange, (v) => v.trim() === '' || Number(v) <= PACKAGE_CREDITS_MAX),
  price: yup
    .string()
    .required(FORM_MESSAGES.required)
    .test('whole', PACKAGE_FORM_MESSAGES.priceWhole, isWhole)
    .test('range', PACKAGE_FORM_MESSAGES.priceRange, (v) => Number(v) >= 1 && Number(v) <= PACKAGE_PRICE_MAX),
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
