import {
  affordableMinutes,
  auracoinToUnits,
  minimumSessionCost,
  MINIMUM_SESSION_MINUTES,
  WELCOME_BONUS_AURACOIN,
} from '@aura/contracts';
import { formatAuracoin } from '../../../lib/format';

/**
 * Her profile's line on what the welcome auracoin buy with her (docs/product.md#gallery): the whole
 * minutes of private at her rate, or that they do not cover her 5-minute minimum.
 */
export function welcomeMinutesLine(creditsPerMinute: number): string {
  const minutes = affordableMinutes(auracoinToUnits(WELCOME_BONUS_AURACOIN), auracoinToUnits(creditsPerMinute));
  const coins = `I ${formatAuracoin(WELCOME_BONUS_AURACOIN)} auracoin di benvenuto`;
  return minutes > 0
    ? `${coins} valgono ${minutes} minuti di videochat privata con lei`
    : `${coins} non coprono il minimo di ${MINIMUM_SESSION_MINUTES} minuti con lei (${formatAuracoin(minimumSessionCost(creditsPerMinute))} auracoin)`;
}
