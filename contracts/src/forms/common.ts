/**
 * The Italian words the forms share (docs/product.md#validation). Each form's own limits and messages
 * sit beside it in this folder, zod-free, so a yup schema in the frontend and the zod body the server
 * checks read one spelling.
 */
export const FORM_MESSAGES = {
  required: 'Campo obbligatorio',
  email: "Inserisci un'email valida",
  url: 'Inserisci un URL valido',
  category: 'Categoria non valida',
  invalid: 'Valore non valido',
  whole: 'Inserisci un numero intero',
} as const;

/** 'Massimo 120 caratteri' */
export const maxCharacters = (max: number) => `Massimo ${max} caratteri`;

/** What the performer forms' image field takes: an http(s) URL or an Aura path (the server checks the URL more strictly). */
export function isImageUrlInput(value: string): boolean {
  return /^https?:\/\/\S+$/i.test(value) || /^\/[\w\-./]+$/.test(value);
}
