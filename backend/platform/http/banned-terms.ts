import { errorMessages, findBannedTerm } from '@aura/contracts';
import { HttpError } from './errors';

/**
 * Refuses texts others will read (a show's title, a bio, a tip-menu item) that hold a banned term
 * (`BANNED_TERMS`: words implying minors or non-consent): 400 `banned_terms`, naming the field.
 */
export function refuseBannedTerms(terms: readonly string[], fields: Record<string, string | null | undefined>) {
  for (const [field, text] of Object.entries(fields)) {
    const term = text ? findBannedTerm(text, terms) : null;
    if (term)
      throw new HttpError('banned_terms', {
        fieldErrors: [{ path: `body.${field}`, message: errorMessages.banned_terms }],
      });
  }
}
