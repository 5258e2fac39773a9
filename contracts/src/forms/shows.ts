import { formatAuracoin } from '../format';
import {
  SHOW_GOAL_DESCRIPTION_MAX,
  SHOW_GOAL_TARGET_MAX,
  SHOW_TITLE_MAX,
  TIP_MENU_LABEL_MAX,
  TIP_MESSAGE_MAX,
} from '../rules/shows';
import { maxCharacters } from './common';

/** What the show forms (going live, a goal, the tip menu, a tip) say under a field before anything is sent. */
export const SHOW_FORM_MESSAGES = {
  titleRequired: 'Titolo obbligatorio',
  titleTooLong: maxCharacters(SHOW_TITLE_MAX),
  descriptionRequired: 'Descrizione obbligatoria',
  goalDescriptionTooLong: maxCharacters(SHOW_GOAL_DESCRIPTION_MAX),
  targetRequired: "Indica l'obiettivo in auracoin",
  targetPositive: "L'obiettivo deve essere maggiore di zero",
  targetMax: `Al massimo ${formatAuracoin(SHOW_GOAL_TARGET_MAX)} auracoin`,
  targetSteps: 'A passi di 0,5',
  deadlineFuture: 'La scadenza deve essere nel futuro',
  tipMenuLabelTooLong: maxCharacters(TIP_MENU_LABEL_MAX),
  tipMessageTooLong: maxCharacters(TIP_MESSAGE_MAX),
} as const;

/** The goal form's message for each field the server may refuse. */
export const GOAL_FIELD_MESSAGES = {
  description: `${SHOW_FORM_MESSAGES.descriptionRequired}, al massimo ${SHOW_GOAL_DESCRIPTION_MAX} caratteri`,
  target: `${SHOW_FORM_MESSAGES.targetPositive}, a passi di 0,5`,
  deadline: SHOW_FORM_MESSAGES.deadlineFuture,
} as const;
