import { describe, expect, it } from '@jest/globals';
import { parseMediaState } from './peer-link';

describe("the other side's media state on the data channel", () => {
  it('reads a well-formed state and nothing else', () => {
    expect(parseMediaState('{"camera":true,"mic":false}')).toEqual({ camera: true, mic: false });
    expect(parseMediaState('{"camera":"yes","mic":false}')).toBeNull();
    expect(parseMediaState('not json')).toBeNull();
    expect(parseMediaState(new ArrayBuffer(2))).toBeNull();
  });
});
