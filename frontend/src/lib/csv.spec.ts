import { describe, expect, it } from '@jest/globals';
import { csvCell, csvText } from './csv';

describe('CSV cells', () => {
  it('neutralises a cell a spreadsheet would read as a formula with a leading single quote', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+39 333')).toBe("'+39 333");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
  });

  it('leaves other cells as they are, quoting the separator, quotes and line breaks', () => {
    expect(csvCell('Giulia')).toBe('Giulia');
    expect(csvCell('27,50')).toBe('27,50');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('')).toBe('');
    expect(csvCell('Giulia; "la romana"')).toBe('"Giulia; ""la romana"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('a,b', ',')).toBe('"a,b"');
    expect(csvCell('a;b', ',')).toBe('a;b');
  });

  it('writes rows ended by CRLF', () => {
    expect(csvText([['a', '=b'], [], ['c']])).toBe("a;'=b\r\n\r\nc\r\n");
  });
});
