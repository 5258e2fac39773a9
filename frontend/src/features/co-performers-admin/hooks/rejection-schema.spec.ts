import { describe, expect, it } from '@jest/globals';
import { CO_PERFORMER_STATEMENT_MAX, errorMessages, maxCharacters } from '@aura/contracts';
import { rejectionSchema } from './use-rejection-form';

const problems = async (values: object) => {
  try {
    await rejectionSchema.validate(values, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
};

describe("a co-performer's rejection (issue 39 item 7)", () => {
  it('takes a reason, which becomes the statement of reasons', async () => {
    expect(await problems({ statement: 'Documento scaduto' })).toEqual([]);
  });

  it("refuses an empty or blank reason, and one past the server's limit, in the contracts' words", async () => {
    expect(await problems({ statement: '' })).toEqual([errorMessages.rejection_reason_required]);
    expect(await problems({ statement: '   ' })).toEqual([errorMessages.rejection_reason_required]);
    expect(await problems({ statement: 'x'.repeat(CO_PERFORMER_STATEMENT_MAX + 1) })).toEqual([
      maxCharacters(CO_PERFORMER_STATEMENT_MAX),
    ]);
  });
});
